import TrackerModel

/// A task without a colour, or with an empty one: the app requires it.
public struct TaskColorMissingRule: ValidationRule {
  /// `task-color-missing`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-color-missing", severity: .error,
    summary: "A task has no colour.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/color` even when the key is absent; a locator resolves it to
  /// the task object.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.color?.isEmpty ?? true {
      diagnostics.append(diagnostic("task has no colour", at: JSONPointer.make("tasks", i, "color")))
    }
  }
}
