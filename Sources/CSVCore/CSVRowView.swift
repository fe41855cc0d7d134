import TrackerModel

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
  /// 1-based line on which each field starts (differs from ``line`` after a quoted field that
  /// spans lines); empty when the maker did not give them, then ``line`` stands for all.
  let lines: UnsafeBufferPointer<Int>
  /// Whether each field was written in quotes (`""` versus an empty unquoted field); empty when
  /// the maker did not say.
  let quoted: UnsafeBufferPointer<Bool>

  /// Made by the parser only.
  init(record: Int, line: Int, bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>,
       columns: UnsafeBufferPointer<Int>) {
    self.record = record
    self.line = line
    self.bytes = bytes
    self.ends = ends
    self.columns = columns
    self.lines = UnsafeBufferPointer(start: nil, count: 0)
    self.quoted = UnsafeBufferPointer(start: nil, count: 0)
  }

  /// Made by the parser only, with each field's line and quoting.
  init(record: Int, line: Int, bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>,
       columns: UnsafeBufferPointer<Int>, lines: UnsafeBufferPointer<Int>,
       quoted: UnsafeBufferPointer<Bool>) {
    self.record = record
    self.line = line
    self.bytes = bytes
    self.ends = ends
    self.columns = columns
    self.lines = lines
    self.quoted = quoted
  }

  /// How many fields the record has.
  public var count: Int { ends.count }

  /// How many bytes its fields hold, unescaped.
  public var byteCount: Int { ends.last ?? 0 }

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

extension CSVRowView {
  /// The 1-based line where field `i` (0-based) starts: the record's ``line`` unless an earlier
  /// quoted field of the record spans several lines.
  public func fieldLine(_ i: Int) -> Int { lines.isEmpty ? line : lines[i] }

  /// Whether field `i` (0-based) was written in quotes. A table layer may read an empty unquoted
  /// field as "no value" and `""` as an empty string; ``CSVWriter`` writes them that way.
  public func isQuoted(_ i: Int) -> Bool { quoted.isEmpty ? false : quoted[i] }

  /// Whether every field is empty (`,,` or one `""`): frictionless calls such a row a
  /// `blank-row`; the parser delivers it as a record and leaves the judgement to the table.
  public var isBlank: Bool { ends.isEmpty || ends[ends.count - 1] == 0 }

  /// Field `i` (0-based) equals `text`, compared as bytes (no `String` made).
  public func field(_ i: Int, equals text: StaticString) -> Bool {
    let f = field(i)
    guard f.count == text.utf8CodeUnitCount else { return false }
    return f.elementsEqual(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Where field `i` (0-based) starts, as a location for an error or a diagnostic: file, line,
  /// column and the record as `row`.
  public func location(ofField i: Int, file: String?) -> SourceLocation {
    SourceLocation(file: file, line: fieldLine(i), column: column(i), row: record)
  }
}
