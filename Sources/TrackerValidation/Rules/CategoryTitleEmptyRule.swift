import TrackerModel

/// A category title that is empty or only whitespace.
public struct CategoryTitleEmptyRule: ValidationRule {
  /// `category-title-empty`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "category-title-empty", severity: .error,
    summary: "A category title is empty or only whitespace.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each blank title at `/categories/N/title`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, category) in context.dataset.categories.enumerated() where category.title.isBlank {
      diagnostics.append(diagnostic(
        "category title is empty", at: JSONPointer.make("categories", i, "title")))
    }
  }
}
