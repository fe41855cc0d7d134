/// A 1-based line and column (0 when unknown), stored compactly: one per entity element.
struct XMLPosition: Hashable, Sendable {
  var line: Int32
  var column: Int32
}

/// Finds where elements start, in lines and columns (Unicode scalars), by scanning the source
/// once, forwards, as the reader meets the elements in document order.
///
/// libxml2 gives a node only the line where its start tag ends; the scan finds the `<name`
/// that opens it (at most on that line), which gives the column and the line of a start tag
/// written over several lines.
struct XMLColumnFinder {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// The position of the next `<qname` at or before line `limit`; when none is found, the
  /// line `limit` with column 0, and the scan does not move.
  mutating func next(_ qname: UnsafeRawBufferPointer, limit: Int) -> XMLPosition {
    var i = offset, l = line, start = lineStart
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == 0x0A {
        l += 1
        if l > limit { break }
        start = i + 1
      } else if b == UInt8(ascii: "<"), matches(qname, at: i + 1) {
        var column = 1
        for j in start..<i where bytes[j] & 0xC0 != 0x80 { column += 1 }
        offset = i + 1 + qname.count
        line = l
        lineStart = start
        return XMLPosition(line: Int32(clamping: l), column: Int32(clamping: column))
      }
      i += 1
    }
    return XMLPosition(line: Int32(clamping: limit), column: 0)
  }

  private func matches(_ qname: UnsafeRawBufferPointer, at index: Int) -> Bool {
    guard index + qname.count < bytes.count else { return false }
    for k in 0..<qname.count where bytes[index + k] != qname[k] { return false }
    switch bytes[index + qname.count] {
    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"): return true
    default: return false
    }
  }
}
