import TrackerModel

/// Two categories with the same title.
///
/// The app identifies a category by its title (it refuses to create a second one with the
/// same title), so two would merge on import. Titles compare exactly after trimming leading and
/// trailing whitespace: case differences are distinct titles. Blank titles are left to
/// `category-title-empty`. The second and later are reported, with a note naming the first.
public struct CategoryTitleDuplicateRule: ValidationRule {
  /// `category-title-duplicate`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "category-title-duplicate", severity: .error,
    summary: "Two categories have the same title.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports every repeat at `/categories/N/title`, in category order, with a note
  /// pointing at the first; blank titles are skipped.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    var seen = Occurrences<Substring>()
    for (i, category) in context.dataset.categories.enumerated() {
      let title = category.title.trimmedForValidation
      guard !title.isEmpty, let first = seen.repeatOf(title, at: i) else { continue }
      diagnostics.append(diagnostic(
        "category title \"\(title)\" is already used by another category",
        at: JSONPointer.make("categories", i, "title"),
        note: "first used at \(JSONPointer.make("categories", first))"))
    }
  }
}
