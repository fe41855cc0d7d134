import TrackerModel

/// A task without a colour, or with an empty one: the app requires it.
public struct TaskColorMissingRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "task-color-missing", severity: .error,
    summary: "A task has no colour.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.color?.isEmpty ?? true {
      diagnostics.append(diagnostic("task has no colour", at: JSONPointer.make("tasks", i, "color")))
    }
  }
}
