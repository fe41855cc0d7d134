#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte offsets into 1-based lines and columns, columns counted in Unicode scalars
/// (UTF-8 lead bytes) and a leading byte order mark not counted.
///
/// Offsets asked in increasing order cost one pass over the text in total.
struct JSONTextPosition {
  let buffer: UnsafeRawBufferPointer
  private var offset: Int
  private var line = 1
  private var column = 1

  init(_ buffer: UnsafeRawBufferPointer) {
    self.buffer = buffer
    offset = JSONScanner.bomLength(buffer)
  }

  /// Line and column of the byte at `target` (the end of input is a valid target).
  mutating func lineAndColumn(at target: Int) -> (line: Int, column: Int) {
    if target < offset { self = JSONTextPosition(buffer) }
    let end = min(target, buffer.count)
    guard let base = buffer.baseAddress, offset < end else { return (line, column) }
    // Whole lines are skipped with memchr; only the last line's scalars are counted.
    while let found = memchr(base + offset, 0x0A, end - offset) {
      offset = base.distance(to: UnsafeRawPointer(found)) + 1
      line += 1
      column = 1
    }
    while offset < end {
      if buffer[offset] & 0xC0 != 0x80 { column += 1 }
      offset += 1
    }
    return (line, column)
  }
}
