import TrackerCodec
import TrackerModel

/// The text of a backup's `backup.daylio` member: standard Base64 (with padding), wrapped in
/// lines of 76 characters ending in LF (Android) or CRLF (iOS), with or without a last line
/// break. Line breaks are skipped; anything else outside the alphabet is an error at its line
/// and column, so a damaged backup is never read as a shorter one.
enum DaylioBase64 {
  /// The alphabet's values; 0xFF for bytes outside it.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(c)] = UInt8(i)
    }
    return table
  }()

  /// The decoded bytes.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at `file`'s line and column of a byte outside
  ///   the alphabet, of padding before the end, or at the end when the characters do not make
  ///   whole bytes.
  static func decode(_ text: UnsafeRawBufferPointer, file: String) throws -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.count / 4 * 3)
    var quantum: UInt32 = 0
    var count = 0
    var padding = 0
    var line = 1, lineStart = 0
    for (offset, byte) in text.enumerated() {
      if byte == 0x0A {
        line += 1
        lineStart = offset + 1
        continue
      }
      if byte == 0x0D { continue }
      func failure(_ message: String) -> CodecError {
        CodecError(.malformedInput, message, location: SourceLocation(file: file, line: line, column: offset - lineStart + 1),
                   note: "a .daylio backup holds its data as Base64 text; this one is damaged: make a new backup in Daylio")
      }
      if byte == UInt8(ascii: "=") {
        guard count >= 2 else { throw failure("Base64 padding '=' where a character is needed") }
        padding += 1
        count += 1
        quantum <<= 6
      } else {
        let value = values[Int(byte)]
        guard value != 0xFF else {
          throw failure("a byte that is not Base64: " + (byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)))
        }
        guard padding == 0 else { throw failure("Base64 text after the padding '='") }
        quantum = quantum << 6 | UInt32(value)
        count += 1
      }
      if count == 4 {
        output.append(UInt8(truncatingIfNeeded: quantum >> 16))
        if padding < 2 { output.append(UInt8(truncatingIfNeeded: quantum >> 8)) }
        if padding < 1 { output.append(UInt8(truncatingIfNeeded: quantum)) }
        quantum = 0
        count = 0
        if padding > 0 { padding = 3 }  // nothing may follow a padded quantum
      }
    }
    guard count == 0 else {
      throw CodecError(.malformedInput, "the Base64 text stops in the middle of a group of four characters",
                       location: SourceLocation(file: file, line: line, column: text.count - lineStart + 1),
                       note: "the backup was cut short: make a new backup in Daylio")
    }
    return output
  }
}
