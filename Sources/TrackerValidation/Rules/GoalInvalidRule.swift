import TrackerModel

/// A goal no day can both meet and miss: an at-least target of 0 or less (every day meets it),
/// an at-most target below 0 (no day meets it), a target that is not a finite number, or a
/// period of fewer than 1 day.
///
/// "At most 0" is a real goal (no cigarettes today) and is allowed.
public struct GoalInvalidRule: ValidationRule {
  /// `goal-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "goal-invalid", severity: .error,
    summary: "A goal is at least 0 or less, at most below 0, not a finite number, or for a period of fewer than 1 day.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/goal/target`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let problem = tracker.goal?.problem else { continue }
      diagnostics.append(diagnostic(problem, at: JSONPointer.make("trackers", i, "goal", "target")))
    }
  }
}
