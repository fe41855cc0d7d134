import TrackerModel

/// The entry types (CSV words, backup codes) no description names, each counted and warned
/// about once, at its first place (`streaks-unknown-type`).
struct StreaksUnknownTypes: Sendable {
  private var order: [String] = []
  private var seen: [String: (count: Int, location: SourceLocation)] = [:]

  /// Counts `value` (as the file writes it) found at `location`.
  mutating func add(_ value: String, at location: SourceLocation) {
    if let known = seen[value] {
      seen[value] = (known.count + 1, known.location)
    } else {
      order.append(value)
      seen[value] = (1, location)
    }
  }

  /// One warning per value, in order of first appearance; `what` names the field (`entry_type`).
  func warnings(_ what: String) -> [Diagnostic] {
    order.compactMap { value in
      guard let (count, location) = seen[value] else { return nil }
      return Diagnostic(code: StreaksCodec.unknownType.code, severity: .warning,
                        message: "\(what) \(value) is one no description of Streaks names (\(count) time(s), first here); the day is not a completion, the value is kept in extras[\"streaks\"]",
                        location: location,
                        note: "known: " + (what == "entry_type" ? StreaksEntryType.words.map(\.rawValue).joined(separator: ", ")
                                                                  : StreaksEntryType.codes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }.joined(separator: ", ")))
    }
  }
}
