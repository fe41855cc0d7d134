import TrackerModel

/// A `taskCategoryOrder` that is not the five task categories each exactly once.
///
/// An unknown value and a repeated value are each reported at their index
/// (`/taskCategoryOrder/2`); categories that are missing are reported once, at
/// `/taskCategoryOrder`.
public struct TaskCategoryOrderInvalidRule: ValidationRule {
  /// `task-category-order-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "task-category-order-invalid", severity: .error,
    summary: "taskCategoryOrder is not the five task categories, each once.")

  /// `urgent, notUrgent, optional, other, none`, for messages.
  static let knownList = TaskCategory.allCases.map(\.rawValue).joined(separator: ", ")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports unknown and repeated values in list order, then at most one finding
  /// naming every missing category.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let order = context.dataset.taskCategoryOrder
    var seen = Occurrences<String>()
    for (i, value) in order.enumerated() {
      if TaskCategory(rawValue: value) == nil {
        diagnostics.append(diagnostic(
          "\"\(value)\" is not a task category (\(Self.knownList))",
          at: JSONPointer.make("taskCategoryOrder", i)))
      } else if let first = seen.repeatOf(value, at: i) {
        diagnostics.append(diagnostic(
          "task category \"\(value)\" is listed twice",
          at: JSONPointer.make("taskCategoryOrder", i),
          note: "first listed at \(JSONPointer.make("taskCategoryOrder", first))"))
      }
    }
    let missing = TaskCategory.allCases.filter { !order.contains($0.rawValue) }.map(\.rawValue)
    guard !missing.isEmpty else { return }
    diagnostics.append(diagnostic(
      "taskCategoryOrder lacks \(missing.joined(separator: ", "))", at: "/taskCategoryOrder"))
  }
}
