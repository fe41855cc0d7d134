extension Tracker {
  /// The key, in TrackerPort's own marks (``marksNamespace``), of ``dataEndsOn``.
  public static let dataEndsKey = "dataEndsOn"

  /// The last day this tracker's data says anything about, when a newer source no longer has
  /// the tracker: `merge` (and so the hub) sets it when it merges a dataset whose days reach
  /// further and that lacks the tracker (an older backup's habit the app no longer has), and
  /// clears it when a source reaching past it has the tracker again.
  /// The tracker is planned only up to that day (``isPlanned(on:firstCompletion:lastMarked:)``),
  /// as an archived one is up to its last marked day: after it, nothing is known, so the report
  /// paints no day "missed".
  ///
  /// Kept in `extras["trackport"]` as `{"dataEndsOn": "YYYY-MM-DD"}`, so every format that
  /// carries extras carries it; `nil` for almost every tracker. Setting `nil` removes it.
  public var dataEndsOn: LocalDate? {
    get {
      guard !extras.isEmpty, case .string(let text)? = extras[Self.marksNamespace]?[Self.dataEndsKey] else { return nil }
      return LocalDate(text)
    }
    set {
      var members: [JSONMember] = []
      if case .object(let kept)? = extras[Self.marksNamespace] { members = kept.filter { $0.key != Self.dataEndsKey } }
      if let newValue { members.append(JSONMember(Self.dataEndsKey, .string(newValue.description))) }
      extras[Self.marksNamespace] = members.isEmpty ? nil : .object(members)
    }
  }
}
