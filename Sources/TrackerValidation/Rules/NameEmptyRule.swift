import TrackerModel

/// A tracker name that is empty or only whitespace: the app cannot create such a tracker.
public struct NameEmptyRule: ValidationRule {
  /// `name-empty`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "name-empty", severity: .error,
    summary: "A tracker name is empty or only whitespace.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each blank name at `/trackers/N/name`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.name.isBlank {
      diagnostics.append(diagnostic(
        "tracker name is empty", at: JSONPointer.make("trackers", i, "name")))
    }
  }
}
