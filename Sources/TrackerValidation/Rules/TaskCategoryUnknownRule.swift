import TrackerModel

/// A task category that is not one of the five the app knows (`urgent`, `notUrgent`,
/// `optional`, `other`, `none`); raw values compare exactly, case included.
public struct TaskCategoryUnknownRule: ValidationRule {
  /// `task-category-unknown`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-category-unknown", severity: .error,
    summary: "A task category is not one of the five task categories.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/category`; the message lists the five known values.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() where task.taskCategory == nil {
      diagnostics.append(diagnostic(
        "task category \"\(task.category)\" is not one of \(TaskCategoryOrderInvalidRule.knownList)",
        at: JSONPointer.make("tasks", i, "category")))
    }
  }
}
