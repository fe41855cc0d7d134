/// The character encoding of a CSV file's bytes.
package enum CSVEncoding: String, CaseIterable, Sendable {
  /// UTF-8, with or without a byte order mark (the mark is dropped).
  case utf8 = "utf-8"
  /// The Windows Cyrillic code page of old Russian spreadsheets; transcoded to UTF-8 first.
  case windows1251 = "windows-1251"
  /// The Windows western European code page (Excel's "CSV" in western Europe and the
  /// Americas): Latin-1 with curly quotes, dashes and the euro sign in 0x80-0x9F.
  case windows1252 = "windows-1252"
  /// ISO-8859-1 (Latin-1): 0x80-0x9F are control characters.
  case latin1 = "iso-8859-1"

  /// Every name and alias `--encoding` takes, for the codecs' option declarations.
  package static let aliases = ["utf8", "cp1251", "win-1251", "windows1251", "cp1252", "win-1252", "windows1252",
                                "latin1", "latin-1", "iso8859-1", "iso-latin-1"]

  /// The encoding a user names (`--encoding cp1251`), or `nil`.
  package init?(name: String) {
    switch name.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case "windows-1251", "cp1251", "win-1251", "windows1251": self = .windows1251
    case "windows-1252", "cp1252", "win-1252", "windows1252": self = .windows1252
    case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "iso-latin-1": self = .latin1
    default: return nil
    }
  }

  /// The code page of a single-byte encoding; `nil` for UTF-8.
  package var codePage: CodePage? {
    switch self {
    case .utf8: nil
    case .windows1251: .windows1251
    case .windows1252: .windows1252
    case .latin1: .latin1
    }
  }
}
