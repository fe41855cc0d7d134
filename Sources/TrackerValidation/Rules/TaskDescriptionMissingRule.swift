import TrackerModel

/// A task without a description, or with an empty or whitespace-only one: the app requires it.
public struct TaskDescriptionMissingRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "task-description-missing", severity: .error,
    summary: "A task has no description.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.description?.isBlank ?? true {
      diagnostics.append(diagnostic(
        "task has no description", at: JSONPointer.make("tasks", i, "description")))
    }
  }
}
