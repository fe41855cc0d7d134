import TrackerCodec
import TrackerModel

/// Bytes of JSON text collected in memory and handed to a ``ByteWriter`` in large chunks, so
/// writing a record costs a few stores into a buffer, not a call per piece.
///
/// The buffer is raw memory, not an array: each piece makes room once (``room(_:)``, which
/// hands a full chunk to the sink first) and is stored without an array's uniqueness and
/// capacity checks per append. A copy of a buffer shares its memory: the writer keeps one, in
/// place.
struct JSONOutputBuffer {
  /// Frees the memory when the last copy of the buffer goes.
  private final class Memory {
    var start: UnsafeMutablePointer<UInt8>
    init(capacity: Int) { start = .allocate(capacity: capacity) }
    deinit { start.deallocate() }
  }

  private let memory: Memory
  /// `memory.start`, held here so that a store reads no class property.
  private var start: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  private let sink: ByteWriter
  private static let chunk = 1 << 20
  /// The day ``dateDigits(_:)`` wrote last, and its 10 digits and dashes.
  private var lastDay = Int.min
  private var lastDigits: (UInt64, UInt64) = (0, 0)

  init(_ sink: ByteWriter) {
    self.sink = sink
    capacity = JSONOutputBuffer.chunk + 4096
    memory = Memory(capacity: capacity)
    start = memory.start
  }

  /// Hands the buffer to the writer once it holds a chunk.
  @inline(__always)
  mutating func flushIfFull() {
    if count >= JSONOutputBuffer.chunk { flush() }
  }

  mutating func flush() {
    if count > 0 { sink.write(UnsafeRawBufferPointer(start: start, count: count)) }
    count = 0
  }

  /// Where the next `needed` bytes go: the buffer is flushed first when they would not fit, and
  /// grown when one piece is bigger than all of it (a long note).
  @inline(__always)
  private mutating func room(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if count + needed > capacity { makeRoom(needed) }
    return start + count
  }

  private mutating func makeRoom(_ needed: Int) {
    flush()
    guard needed > capacity else { return }
    capacity = needed
    memory.start.deallocate()
    memory.start = .allocate(capacity: capacity)
    start = memory.start
  }

  @inline(__always)
  private mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
    room(length).update(from: source, count: length)
    count += length
  }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    room(1).pointee = b
    count += 1
  }

  /// Counts a record written, for a progress display (see ``ByteWriter/countItems(_:)``).
  @inline(__always)
  func countItem() { sink.countItems() }

  /// Appends ASCII text as is.
  @inline(__always)
  mutating func raw(_ text: StaticString) {
    append(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Appends a string's UTF-8 as is (number literals).
  mutating func verbatim(_ text: String) {
    var text = text
    text.withUTF8 { if let base = $0.baseAddress { append(base, $0.count) } }
  }

  mutating func spaces(_ count: Int) {
    room(count).update(repeating: 0x20, count: count)
    self.count += count
  }

  /// `value` in decimal, without a `String` on the way.
  mutating func int(_ value: Int) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { scratch in
      var at = scratch.count
      var rest = value.magnitude
      repeat {
        at -= 1
        scratch[at] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
        rest /= 10
      } while rest > 0
      if value < 0 {
        at -= 1
        scratch[at] = UInt8(ascii: "-")
      }
      if let base = scratch.baseAddress {
        append(base.assumingMemoryBound(to: UInt8.self) + at, scratch.count - at)
      }
    }
  }

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
    verbatim(value.amountText)
  }

  /// A quoted JSON string. Only `"`, `\` and control characters are escaped; everything else,
  /// non-ASCII included, is written as its own UTF-8 (``JSONText/writeQuoted(_:to:)``).
  mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      let at = room(JSONText.quotedCapacity(utf8.count))
      count += JSONText.writeQuoted(utf8, to: at)
    }
  }

  /// `"YYYY-MM-DD"`, quoted.
  mutating func date(_ date: LocalDate) {
    let at = room(12)
    at[0] = UInt8(ascii: "\"")
    dateDigits(date, at + 1)
    at[11] = UInt8(ascii: "\"")
    count += 12
  }

  /// `"YYYY-MM-DDTHH:MM"`, quoted.
  mutating func dateTime(_ value: LocalDateTime) {
    let at = room(18)
    at[0] = UInt8(ascii: "\"")
    dateDigits(value.date, at + 1)
    at[11] = UInt8(ascii: "T")
    twoDigits(value.hour, at + 12)
    at[14] = UInt8(ascii: ":")
    twoDigits(value.minute, at + 15)
    at[17] = UInt8(ascii: "\"")
    count += 18
  }

  /// `YYYY-MM-DD` by ``LocalDate/writeUTF8(into:)`` at `at`, kept for the next date: records
  /// come in date order, so a day repeats for as many records as there are trackers.
  @inline(__always)
  private mutating func dateDigits(_ date: LocalDate, _ at: UnsafeMutablePointer<UInt8>) {
    if date.dayNumber != lastDay {
      withUnsafeMutableBytes(of: &lastDigits) { _ = date.writeUTF8(into: $0) }
      lastDay = date.dayNumber
    }
    withUnsafeBytes(of: &lastDigits) { digits in
      UnsafeMutableRawPointer(at).copyMemory(from: digits.baseAddress!, byteCount: 10)
    }
  }

  /// `value` (0...99) as two digits at `at`.
  @inline(__always)
  private func twoDigits(_ value: Int, _ at: UnsafeMutablePointer<UInt8>) {
    at[0] = UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10)
    at[1] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
  }
}
