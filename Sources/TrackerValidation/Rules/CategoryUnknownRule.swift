import TrackerModel

/// A tracker whose `categoryId` matches no category in the dataset.
public struct CategoryUnknownRule: ValidationRule {
  /// `category-unknown`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "category-unknown", severity: .error,
    summary: "A tracker's categoryId matches no category.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/categoryId`; an id repeated among categories still counts
  /// as known.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let known = context.index.categoryPosition
    for (i, tracker) in context.dataset.trackers.enumerated() where known[tracker.categoryId] == nil {
      diagnostics.append(diagnostic(
        "category \"\(tracker.categoryId)\" does not exist",
        at: JSONPointer.make("trackers", i, "categoryId")))
    }
  }
}
