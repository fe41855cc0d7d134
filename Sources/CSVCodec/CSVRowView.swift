/// One CSV record as the parser hands it over, without a `String` per field: the fields'
/// unescaped bytes lie back to back in one buffer owned by the parser.
///
/// A view is valid only inside the callback that receives it; copy what must outlive it
/// (``string(_:)`` makes a `String`).
public struct CSVRowView {
  /// 1-based record number in the file; the header is record 1.
  public let record: Int
  /// 1-based line on which the record starts (a quoted field may span several lines).
  public let line: Int
  /// The fields' bytes, back to back, quotes removed and `""` unescaped.
  let bytes: UnsafeRawBufferPointer
  /// Where each field ends in ``bytes`` (field i is `ends[i-1]..<ends[i]`, field 0 starts at 0).
  let ends: UnsafeBufferPointer<Int>
  /// 1-based column (in Unicode scalars) at which each field starts.
  let columns: UnsafeBufferPointer<Int>

  /// Made by the parser only.
  init(record: Int, line: Int, bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>,
       columns: UnsafeBufferPointer<Int>) {
    self.record = record
    self.line = line
    self.bytes = bytes
    self.ends = ends
    self.columns = columns
  }

  /// How many fields the record has.
  public var count: Int { ends.count }

  /// The bytes of field `i` (0-based), valid only inside the callback.
  public func field(_ i: Int) -> UnsafeRawBufferPointer {
    let start = i == 0 ? 0 : ends[i - 1]
    return UnsafeRawBufferPointer(rebasing: bytes[start..<ends[i]])
  }

  /// Field `i` (0-based) as a `String` (the parser has already checked it is valid UTF-8).
  public func string(_ i: Int) -> String {
    String(decoding: field(i), as: UTF8.self)
  }

  /// The 1-based column where field `i` (0-based) starts.
  public func column(_ i: Int) -> Int { columns[i] }

  /// Whether field `i` is empty.
  public func isEmpty(_ i: Int) -> Bool { field(i).isEmpty }
}
