import TrackerModel

/// A task title longer than the 38 characters the Daily Plan app's title field accepts.
///
/// Characters are Swift `Character`s (grapheme clusters), counted as `name-too-long` counts.
public struct TaskTitleTooLongRule: ValidationRule {
  /// The most characters a task title may have.
  public static let limit = 38
  /// `task-title-too-long`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-title-too-long", severity: .error,
    summary: "A task title is longer than 38 characters.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/title`; the message gives the length found.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() {
      let length = task.title.count
      guard length > Self.limit else { continue }
      diagnostics.append(diagnostic(
        "task title is \(length) characters; the app allows at most \(Self.limit)",
        at: JSONPointer.make("tasks", i, "title")))
    }
  }
}
