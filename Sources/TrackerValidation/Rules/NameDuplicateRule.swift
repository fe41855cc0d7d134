import TrackerModel

/// Two trackers with the same name in one category: the user cannot tell their cards apart.
///
/// Names compare exactly after trimming leading and trailing whitespace; blank names are left
/// to `name-empty`. The same name in different categories is fine. The second and later are
/// reported, with a note naming the first.
public struct NameDuplicateRule: ValidationRule {
  /// `name-duplicate`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "name-duplicate", severity: .warning,
    summary: "Two trackers in one category have the same name.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  private struct Key: Hashable {
    var categoryId: String
    var name: Substring
  }

  /// Reports every repeat at `/trackers/N/name`, keyed by category id and trimmed name,
  /// with a note pointing at the first.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let trackers = context.dataset.trackers
    var seen = Occurrences<Key>(capacity: trackers.count)
    for (i, tracker) in trackers.enumerated() {
      let name = tracker.name.trimmedForValidation
      guard !name.isEmpty,
            let first = seen.repeatOf(Key(categoryId: tracker.categoryId, name: name), at: i)
      else { continue }
      diagnostics.append(diagnostic(
        "another tracker in this category is already named \"\(name)\"",
        at: JSONPointer.make("trackers", i, "name"),
        note: "first named at \(JSONPointer.make("trackers", first))"))
    }
  }
}
