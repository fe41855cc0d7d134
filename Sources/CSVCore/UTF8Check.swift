/// UTF-8 validation that also counts Unicode scalars, for field columns.
package enum UTF8Check {
  /// The number of scalars in `count` bytes at `base` when they are valid UTF-8, or
  /// `-1 - i` when the sequence starting at byte `i` is not (overlong forms, surrogates, values
  /// past U+10FFFF and truncated sequences all fail, as the Unicode standard requires).
  @inline(__always)
  package static func scalars(_ base: UnsafeRawPointer, _ count: Int) -> Int {
    var i = 0
    // ASCII fast path, eight bytes at a time: most cells are ids, dates and numbers.
    while i + 8 <= count {
      if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      i += 8
    }
    while i < count, base.load(fromByteOffset: i, as: UInt8.self) < 0x80 { i += 1 }
    if i == count { return count }
    return slowScalars(base, count, from: i)
  }

  package static func slowScalars(_ base: UnsafeRawPointer, _ count: Int, from start: Int) -> Int {
    var i = start
    var scalars = start
    @inline(__always) func byte(_ k: Int) -> UInt8 { base.load(fromByteOffset: k, as: UInt8.self) }
    @inline(__always) func isTail(_ k: Int) -> Bool { k < count && byte(k) & 0xC0 == 0x80 }
    while i < count {
      let b = byte(i)
      if b < 0x80 {
        i += 1
      } else if b >= 0xC2 && b <= 0xDF {
        guard isTail(i + 1) else { return -1 - i }
        i += 2
      } else if b >= 0xE0 && b <= 0xEF {
        guard isTail(i + 1), isTail(i + 2) else { return -1 - i }
        let b1 = byte(i + 1)
        if b == 0xE0 && b1 < 0xA0 { return -1 - i }  // overlong
        if b == 0xED && b1 > 0x9F { return -1 - i }  // surrogate
        i += 3
      } else if b >= 0xF0 && b <= 0xF4 {
        guard isTail(i + 1), isTail(i + 2), isTail(i + 3) else { return -1 - i }
        let b1 = byte(i + 1)
        if b == 0xF0 && b1 < 0x90 { return -1 - i }  // overlong
        if b == 0xF4 && b1 > 0x8F { return -1 - i }  // past U+10FFFF
        i += 4
      } else {
        return -1 - i
      }
      scalars += 1
    }
    return scalars
  }
}
