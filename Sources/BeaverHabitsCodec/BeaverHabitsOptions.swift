import TrackerCodec
import TrackerModel

/// The beaverhabits codec's options, from ``CodecContext/options`` (`--option KEY=VALUE` and
/// the dedicated flags); keys other codecs use are ignored.
struct BeaverHabitsOptions: Sendable {
  /// `default-category` (`--default-category`): the category of habits without tags, and the
  /// category whose habits are written without tags when they had none.
  var defaultCategory = BeaverHabitsReader.defaultCategory
  /// `email`: the `user_email` written; without it the export has no e-mail address at all.
  var email: String?
  /// `exported-at`: the `exported_at` written, `YYYY-MM-DD HH:MM:SS`.
  var exportedAt: String?
  /// `include-archived`: whether archived (and deleted) habits are written. Off by default: the
  /// app's import matches a file's habits only against the account's active ones
  /// (`storage/dict.py:312-318`), so an archived habit in the file is added again, as a second
  /// habit with the same id, on every import of it.
  var includeArchived = false

  /// The options declared in the descriptor.
  static let declared: [CodecOption] = [
    CodecOption("default-category", .text, default: BeaverHabitsReader.defaultCategory,
                help: "reading: the category of habits without tags; writing: the category whose habits get no tag (--default-category)",
                reads: true, writes: true),
    CodecOption("email", .text, help: "the user_email written; without it the export has no e-mail address",
                reads: false, writes: true),
    CodecOption("exported-at", .text, help: "the exported_at written, YYYY-MM-DD HH:MM:SS (default: the one read, else now)",
                reads: false, writes: true),
    CodecOption("include-archived", .boolean, default: "false",
                help: "also write archived habits; the app's import adds them again, with the same id, each time the file is imported",
                reads: false, writes: true),
  ]

  /// - Throws: ``CodecError`` `.unsupportedOperation` for an `email` without `@` or with
  ///   spaces, or an `exported-at` not of the form `YYYY-MM-DD HH:MM:SS`.
  init(_ options: [String: String]) throws {
    if let value = options["default-category"], !value.isEmpty { defaultCategory = value }
    if let value = options["email"] {
      guard value.contains("@"), !value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
        throw CodecError(.unsupportedOperation, "beaverhabits option email: '\(value)' is not an e-mail address",
                         note: "give the address of your beaverhabits account, as in --option email=me@example.org; without the option no address is written")
      }
      email = value
    }
    if let value = options["include-archived"] {
      guard let flag = CodecOption.boolean(value) else {
        throw CodecError(.unsupportedOperation, "beaverhabits option include-archived: '\(value)' is not true or false")
      }
      includeArchived = flag
    }
    if let value = options["exported-at"] {
      guard Self.isTimestamp(value) else {
        throw CodecError(.unsupportedOperation, "beaverhabits option exported-at: '\(value)' is not YYYY-MM-DD HH:MM:SS",
                         note: "see docs/beaverhabits.md")
      }
      exportedAt = value
    }
  }

  /// `YYYY-MM-DD HH:MM:SS` with a real day, hours to 23 and minutes and seconds to 59.
  static func isTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 19, bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
          LocalDate(String(decoding: bytes[0..<10], as: UTF8.self)) != nil else { return false }
    func number(_ at: Int) -> Int? {
      let (a, b) = (bytes[at], bytes[at + 1])
      guard (0x30...0x39).contains(a), (0x30...0x39).contains(b) else { return nil }
      return Int(a - 0x30) * 10 + Int(b - 0x30)
    }
    guard let hour = number(11), let minute = number(14), let second = number(17) else { return false }
    return hour < 24 && minute < 60 && second < 60
  }
}
