import TrackerModel

/// A task colour that is not `#RRGGBB` (upper or lower case hex). A missing or empty colour is
/// `task-color-missing`. Task colours have no palette warning: the Daily Plan palette is not
/// specified.
public struct TaskColorInvalidRule: ValidationRule {
  /// `task-color-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-color-invalid", severity: .error,
    summary: "A task colour is not #RRGGBB.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/tasks/N/color`; skips a missing or empty colour (`task-color-missing`).
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, task) in context.dataset.tasks.enumerated() {
      guard let color = task.color, !color.isEmpty, !color.isHexColor else { continue }
      diagnostics.append(diagnostic(
        "color \"\(color)\" is not #RRGGBB", at: JSONPointer.make("tasks", i, "color")))
    }
  }
}
