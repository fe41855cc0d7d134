/// Line and column bookkeeping over raw CSV bytes, for the rare places (errors, multi-line
/// quoted fields) where the parser's own arithmetic does not suffice.
///
/// Lines end at LF, CRLF or a lone CR (libcsv takes all three); columns count Unicode scalars
/// from 1, so they count the bytes that do not continue a UTF-8 sequence.
package struct CSVTextPosition: Hashable, Sendable {
  /// 1-based line.
  package var line: Int
  /// 1-based column in Unicode scalars.
  package var column: Int

  /// The position of byte `target`, walking from byte `start` whose position is `self`
  /// (`start` must not be the LF of a CRLF).
  package func advanced(in base: UnsafeRawPointer, from start: Int, to target: Int) -> CSVTextPosition {
    var line = self.line
    var column = self.column
    var previous: UInt8 = 0
    var k = start
    while k < target {
      let b = base.load(fromByteOffset: k, as: UInt8.self)
      if b == 0x0A {
        if previous != 0x0D {
          line += 1
          column = 1
        }
      } else if b == 0x0D {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      previous = b
      k += 1
    }
    return CSVTextPosition(line: line, column: column)
  }
}
