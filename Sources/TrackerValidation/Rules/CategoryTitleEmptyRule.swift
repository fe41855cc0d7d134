import TrackerModel

/// A category title that is empty or only whitespace.
public struct CategoryTitleEmptyRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "category-title-empty", severity: .error,
    summary: "A category title is empty or only whitespace.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, category) in context.dataset.categories.enumerated() where category.title.isBlank {
      diagnostics.append(diagnostic(
        "category title is empty", at: JSONPointer.make("categories", i, "title")))
    }
  }
}
