import TrackerModel

/// The form in which two names count as the same: case and diacritics folded (as the app's
/// search folds them), runs of white space one space, none at the ends.
///
/// "Drink  water", "drink water" and "Drínk Water " share a key; "Drink water!" does not.
public enum NameKey {
  /// The key of `name`.
  public static func of(_ name: String) -> String {
    SearchFolding.key(name).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
