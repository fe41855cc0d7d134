import TrackerModel

/// A tracker whose `categoryId` matches no category in the dataset.
public struct CategoryUnknownRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "category-unknown", severity: .error,
    summary: "A tracker's categoryId matches no category.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let known = context.index.categoryPosition
    for (i, tracker) in context.dataset.trackers.enumerated() where known[tracker.categoryId] == nil {
      diagnostics.append(diagnostic(
        "category \"\(tracker.categoryId)\" does not exist",
        at: JSONPointer.make("trackers", i, "categoryId")))
    }
  }
}
