import TrackerModel

/// A task title that is empty or only whitespace.
public struct TaskTitleEmptyRule: ValidationRule {
  /// `task-title-empty`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-title-empty", severity: .error,
    summary: "A task title is empty or only whitespace.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each blank title at `/tasks/N/title`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.title.isBlank {
      diagnostics.append(diagnostic("task title is empty", at: JSONPointer.make("tasks", i, "title")))
    }
  }
}
