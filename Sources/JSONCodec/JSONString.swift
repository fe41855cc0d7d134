/// JSON string literals written the way the codec writes them, for other code that writes
/// JSON (the command-line tool's JSON output) and should not keep its own escaping.
public enum JSONString {
  /// `s` as a quoted JSON string literal, exactly as the canonical JSON writer writes it:
  /// only `"`, `\` and control characters below U+0020 are escaped (`\n`, `\r`, `\t`, `\b`,
  /// `\f`, otherwise `\u00XX`); everything else, non-ASCII included, is kept as it is.
  ///
  /// ```swift
  /// JSONString.quoted("Сходить \"к врачу\"\n")  // "\"Сходить \\\"к врачу\\\"\\n\""
  /// ```
  public static func quoted(_ s: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count + 2)
    JSONOutputBuffer.appendQuoted(s, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
