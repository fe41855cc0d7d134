import TrackerCodec
import TrackerModel

/// Bytes of JSON text collected in memory and handed to a ``ByteWriter`` in large chunks, so
/// writing a record costs a few appends to an array, not a call per piece.
struct JSONOutputBuffer {
  private var bytes: [UInt8] = []
  private let sink: ByteWriter
  private static let chunk = 1 << 20

  init(_ sink: ByteWriter) {
    self.sink = sink
    bytes.reserveCapacity(JSONOutputBuffer.chunk + 4096)
  }

  /// Hands the buffer to the writer once it holds a chunk.
  @inline(__always)
  mutating func flushIfFull() {
    if bytes.count >= JSONOutputBuffer.chunk { flush() }
  }

  mutating func flush() {
    bytes.withUnsafeBytes { sink.write($0) }
    bytes.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  mutating func byte(_ b: UInt8) { bytes.append(b) }

  /// Counts a record written, for a progress display (see ``ByteWriter/countItems(_:)``).
  @inline(__always)
  func countItem() { sink.countItems() }

  /// Appends ASCII text as is.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends bytes as is.
  @inline(__always)
  mutating func raw(_ data: [UInt8]) { bytes.append(contentsOf: data) }

  /// Appends a string's UTF-8 as is (number literals).
  mutating func verbatim(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func spaces(_ count: Int) {
    for _ in 0..<count { bytes.append(0x20) }
  }

  mutating func int(_ value: Int) { verbatim(String(value)) }

  /// A finite `Double` as a JSON number that reads back as the same `Double`: a whole number
  /// without a fraction (`6`, `-0`), anything else in Swift's shortest round-trip form, with a
  /// trailing `.0` dropped and the exponent as JSON texts usually write it (`0.1`, `1e21`,
  /// `1e-7`, `1.7976931348623157e308`, where Swift's `description` says `1e+21`, `1e-07`).
  mutating func number(_ value: Double) {
    // Whole numbers below 2^53 in size, the usual amounts, without a detour through text.
    if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
      if value == 0, value.sign == .minus { return raw("-0") }
      return int(Int(value))
    }
    // The one text of amounts (TrackerModel's `amountText`), so every format writes the same.
    bytes.append(contentsOf: value.amountText.utf8)
  }

  /// A quoted JSON string. Only `"`, `\` and control characters are escaped; everything else,
  /// non-ASCII included, is written as its own UTF-8.
  mutating func string(_ text: String) {
    JSONText.appendQuoted(text, to: &bytes)
  }

  /// The bytes ``string(_:)`` writes for `text`, to reuse for a value that repeats.
  static func quoted(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONText.appendQuoted(text, to: &bytes)
    return bytes
  }

  /// `"YYYY-MM-DD"`, quoted.
  mutating func date(_ date: LocalDate) {
    bytes.append(UInt8(ascii: "\""))
    dateDigits(date)
    bytes.append(UInt8(ascii: "\""))
  }

  /// `"YYYY-MM-DDTHH:MM"`, quoted.
  mutating func dateTime(_ value: LocalDateTime) {
    bytes.append(UInt8(ascii: "\""))
    dateDigits(value.date)
    bytes.append(UInt8(ascii: "T"))
    twoDigits(value.hour)
    bytes.append(UInt8(ascii: ":"))
    twoDigits(value.minute)
    bytes.append(UInt8(ascii: "\""))
  }

  /// `YYYY-MM-DD` by ``LocalDate/writeUTF8(into:)``, through 16 bytes on the stack.
  @inline(__always)
  private mutating func dateDigits(_ date: LocalDate) {
    var scratch: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &scratch) { buffer in
      let n = date.writeUTF8(into: buffer)
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
    }
  }

  /// `value` (0...99) as two digits.
  @inline(__always)
  private mutating func twoDigits(_ value: Int) {
    bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10))
    bytes.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
  }
}
