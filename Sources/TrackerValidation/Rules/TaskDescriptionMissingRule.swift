import TrackerModel

/// A task without a description, or with an empty or whitespace-only one: the app requires it.
public struct TaskDescriptionMissingRule: ValidationRule {
  /// `task-description-missing`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-description-missing", severity: .error,
    summary: "A task has no description.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/description` even when the key is absent; a locator resolves
  /// it to the task object.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.description?.isBlank ?? true {
      diagnostics.append(diagnostic(
        "task has no description", at: JSONPointer.make("tasks", i, "description")))
    }
  }
}
