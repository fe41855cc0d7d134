import TrackerModel

/// The outcome of validating one dataset: every finding, with counts by severity.
///
/// A report says everything at once (frictionless's `{valid, stats, errors}`); whether it
/// passes depends on the caller's strictness, so validity is a question asked of it.
public struct ValidationReport: Hashable, Sendable {
  /// Findings in the order they were produced (rule order, then dataset order).
  public private(set) var diagnostics: [Diagnostic]
  /// How many findings are errors.
  public private(set) var errorCount: Int
  /// How many findings are warnings.
  public private(set) var warningCount: Int

  /// A report of these findings, counted.
  public init(diagnostics: [Diagnostic] = []) {
    self.diagnostics = diagnostics
    errorCount = diagnostics.count(where: { $0.severity == .error })
    warningCount = diagnostics.count - errorCount
  }

  /// Whether the dataset passes: no errors, and with `strict` no warnings either.
  public func isValid(strict: Bool = false) -> Bool {
    errorCount == 0 && (!strict || warningCount == 0)
  }

  /// The codes found, each once, in first-seen order.
  public var codes: [String] {
    var seen = Set<String>()
    return diagnostics.map(\.code).filter { seen.insert($0).inserted }
  }

  /// Adds findings from elsewhere (a codec's loss report, another file).
  public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
    for diagnostic in other {
      diagnostics.append(diagnostic)
      if diagnostic.severity == .error { errorCount += 1 } else { warningCount += 1 }
    }
  }

  /// This report followed by `other`'s findings.
  public func merging(_ other: ValidationReport) -> ValidationReport {
    var merged = self
    merged.append(contentsOf: other.diagnostics)
    return merged
  }

  /// The findings in reading order: by file, then by position in the dataset (pointer tokens
  /// compared numerically where both are numbers, so `/records/10` follows `/records/9`), then
  /// errors before warnings, then by code. The sort is stable.
  public func sortedByLocation() -> ValidationReport {
    var sorted = self
    sorted.diagnostics = diagnostics.enumerated().sorted { a, b in
      let (l, r) = (a.element, b.element)
      if l.location.file != r.location.file { return (l.location.file ?? "") < (r.location.file ?? "") }
      let order = PointerOrder.compare(l.location.pointer ?? "", r.location.pointer ?? "")
      if order != 0 { return order < 0 }
      if l.severity != r.severity { return l.severity > r.severity }
      if l.code != r.code { return l.code < r.code }
      return a.offset < b.offset
    }.map(\.element)
    return sorted
  }
}
