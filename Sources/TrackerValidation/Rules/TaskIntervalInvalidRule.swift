import TrackerModel

/// A task time interval that is not an interval: `end` not after `start`, or `end` without
/// `start`.
///
/// A `start` without an `end` is allowed (a task with a start time only, as other planners
/// export); an `end` alone has nothing to end. A zero-length interval (`end == start`) is
/// invalid: the app's picker sets the end after the start. Reported at `/tasks/N/end`.
public struct TaskIntervalInvalidRule: ValidationRule {
  /// `task-interval-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-interval-invalid", severity: .error,
    summary: "A task ends before it starts, or has an end without a start.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/end`; the message says which of the two problems it is.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() {
      guard let end = task.end else { continue }
      let message: String
      if let start = task.start {
        guard end <= start else { continue }
        message = "task ends at \(end), not after its start at \(start)"
      } else {
        message = "task has an end at \(end) but no start"
      }
      diagnostics.append(diagnostic(message, at: JSONPointer.make("tasks", i, "end")))
    }
  }
}
