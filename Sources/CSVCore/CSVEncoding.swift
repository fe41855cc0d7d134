/// The character encoding of a CSV file's bytes.
package enum CSVEncoding: String, CaseIterable, Sendable {
  /// UTF-8, with or without a byte order mark (the mark is dropped).
  case utf8 = "utf-8"
  /// The Windows Cyrillic code page of old Russian spreadsheets; transcoded to UTF-8 first.
  case windows1251 = "windows-1251"

  /// The encoding a user names (`--encoding cp1251`), or `nil`.
  package init?(name: String) {
    switch name.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case "windows-1251", "cp1251", "win-1251", "windows1251": self = .windows1251
    default: return nil
    }
  }
}
