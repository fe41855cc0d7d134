// Foundation is imported here, and only here, because the standard library has no public
// Unicode decomposition or case folding: matching "cafe" to "Café" and «ёлка» to «Елка» needs
// `String.folding(options:locale:)`. `private` keeps it out of the module's other files and its
// interface. (FoundationEssentials alone does not have `folding` on Linux.)
private import Foundation

/// The main screen's search: case- and diacritic-insensitive substring match on the name.
///
/// Folding removes case and every diacritic, so «ё» matches «е» and «й» matches «и» (as the
/// app's `CONTAINS[cd]` does); "Straße" folds to "strasse". Both are checked by tests on Linux.
public enum SearchFolding {
  /// The form both sides are compared in: case and diacritics removed, locale-independent.
  public static func key(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Whether `name` matches `query`: the folded query is a substring of the folded name.
  ///
  /// Leading and trailing whitespace of the query is ignored; an empty or all-whitespace query
  /// matches every name.
  public static func matches(name: String, query: String) -> Bool {
    let trimmed = trimmingWhitespace(query)
    if trimmed.isEmpty { return true }
    return key(name).contains(key(trimmed))
  }

  /// The query's folded key, or `nil` when the query is empty or whitespace (matches all); lets
  /// a caller fold the query once for many names.
  static func queryKey(_ query: String) -> String? {
    let trimmed = trimmingWhitespace(query)
    return trimmed.isEmpty ? nil : key(trimmed)
  }

  private static func trimmingWhitespace(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
          let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return String(text[first...last])
  }
}
