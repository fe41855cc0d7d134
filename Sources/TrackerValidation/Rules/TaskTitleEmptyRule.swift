import TrackerModel

/// A task title that is empty or only whitespace.
public struct TaskTitleEmptyRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "task-title-empty", severity: .error,
    summary: "A task title is empty or only whitespace.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.title.isBlank {
      diagnostics.append(diagnostic("task title is empty", at: JSONPointer.make("tasks", i, "title")))
    }
  }
}
