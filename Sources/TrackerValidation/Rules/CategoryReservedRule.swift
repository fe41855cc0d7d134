import TrackerModel

/// A category titled «Закрепленные» or "Pinned" (any case, surrounding whitespace ignored).
///
/// The app's pinned group is a view over trackers marked `pinned`, shown under that title; a
/// real category of that name would show as a second «Закрепленные» group. Imports from apps
/// that stored the pinned group as a category should set `pinned` instead.
public struct CategoryReservedRule: ValidationRule {
  /// `category-reserved`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "category-reserved", severity: .warning,
    summary: "A category uses the title of the app's pinned group.")

  /// Reserved titles, lower-cased; the spelling with «ё» is the same word.
  static let reserved: Set<String> = ["закрепленные", "закреплённые", "pinned"]

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each reserved title at `/categories/N/title`, as trimmed.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, category) in context.dataset.categories.enumerated() {
      let title = category.title.trimmedForValidation
      guard Self.reserved.contains(title.lowercased()) else { continue }
      diagnostics.append(diagnostic(
        "category title \"\(title)\" is reserved for the app's pinned group; mark trackers pinned instead",
        at: JSONPointer.make("categories", i, "title")))
    }
  }
}
