import TrackerCodec
import TrackerModel

/// What ``CSVParser`` keeps between libcsv's callbacks: where in the input it is, and the
/// current record's fields.
///
/// It lives behind a pointer that libcsv passes back as the callbacks' context, so the hot
/// path touches plain memory (no reference counting, no exclusivity checks on a class).
struct CSVParseState {
  let quote: UInt8

  // Where the parser is: the byte, line and column where the next field starts.
  private(set) var offset = 0
  private(set) var line = 1
  private(set) var column = 1
  /// Whether the last line end was a CR, so an LF right after it is the rest of a CRLF.
  private var lastWasCR = false
  /// Records delivered so far.
  private(set) var record = 0

  private var input: UnsafeRawPointer?
  private var inputCount = 0
  private var onRow: ((CSVRowView) throws -> Void)?
  private var onBlankLine: ((CSVBlankLine) throws -> Void)?
  /// The first error; later callbacks do nothing (libcsv cannot be stopped mid-chunk).
  private(set) var failure: (any Error)?
  /// For error messages: the file name and where the parsed bytes start in it.
  var file: String?
  var byteOffset = 0

  // The current record: fields' bytes back to back, and per field its end, column, line and
  // whether it was quoted. Grown by doubling, never shrunk.
  private var bytes: UnsafeMutableRawPointer
  private var bytesCount = 0
  private var bytesCapacity: Int
  private var ends: UnsafeMutablePointer<Int>
  private var columns: UnsafeMutablePointer<Int>
  private var lines: UnsafeMutablePointer<Int>
  private var quoted: UnsafeMutablePointer<Bool>
  private var fieldCount = 0
  private var fieldCapacity: Int
  /// Lines of empty lines not yet reported: they are blank rows only if a record follows.
  private var pendingBlankLines: [Int] = []

  init(quote: UInt8) {
    self.quote = quote
    bytesCapacity = 4096
    bytes = UnsafeMutableRawPointer.allocate(byteCount: bytesCapacity, alignment: 8)
    fieldCapacity = 64
    ends = .allocate(capacity: fieldCapacity)
    columns = .allocate(capacity: fieldCapacity)
    lines = .allocate(capacity: fieldCapacity)
    quoted = .allocate(capacity: fieldCapacity)
  }

  /// Frees the buffers; called once, by the parser's `deinit`.
  func release() {
    bytes.deallocate()
    ends.deallocate()
    columns.deallocate()
    lines.deallocate()
    quoted.deallocate()
  }

  mutating func begin(input: UnsafeRawPointer, count: Int, row: @escaping (CSVRowView) throws -> Void,
                      blankLine: @escaping (CSVBlankLine) throws -> Void) {
    self.input = input
    inputCount = count
    onRow = row
    onBlankLine = blankLine
    offset = 0
    line = 1
    column = 1
    lastWasCR = false
    record = 0
    failure = nil
    bytesCount = 0
    fieldCount = 0
    pendingBlankLines.removeAll()
  }

  /// Drops the closures and the input, which live only during one `parse`.
  mutating func end() {
    onRow = nil
    onBlankLine = nil
    input = nil
  }

  /// libcsv's field callback: `field` is nil for an empty unquoted field (`CSV_EMPTY_IS_NULL`).
  @inline(__always)
  mutating func field(_ field: UnsafeMutableRawPointer?, _ length: Int) {
    guard failure == nil, let input else { return }
    let start = offset
    if fieldCount == fieldCapacity { growFields() }
    var isQuoted = false
    var raw = length
    var scalars = 0
    if let field {
      // Non-nil and empty can only be `""`; otherwise the first input byte tells.
      isQuoted = length == 0 || (start < inputCount && input.load(fromByteOffset: start, as: UInt8.self) == quote)
      scalars = UTF8Check.scalars(field, length)
      if scalars < 0 {
        fail(encodingErrorIn: input, fieldStart: start, contentLength: length)
        return
      }
      if bytesCount + length > bytesCapacity { growBytes(bytesCount + length) }
      (bytes + bytesCount).copyMemory(from: field, byteCount: length)
      bytesCount += length
    }
    let index = fieldCount
    ends[index] = bytesCount
    columns[index] = column
    lines[index] = line
    quoted[index] = isQuoted
    fieldCount += 1
    if isQuoted, let field {
      var quotes = 0
      var breaks = false
      for k in 0..<length {
        let b = field.load(fromByteOffset: k, as: UInt8.self)
        if b == quote { quotes += 1 } else if b == 0x0A || b == 0x0D { breaks = true }
      }
      raw = length + 2 + quotes
      if breaks {
        let after = CSVTextPosition(line: line, column: column).advanced(in: input, from: start, to: start + raw)
        line = after.line
        column = after.column + 1
      } else {
        column += scalars + quotes + 3
      }
    } else {
      column += scalars + 1
    }
    // The byte after the field is a delimiter or the record's line end (see `endRow`).
    offset = start + raw + 1
  }

  /// libcsv's row callback: `terminator` is the line-end byte, or -1 at the end of input.
  @inline(__always)
  mutating func endRow(_ terminator: Int32) {
    guard failure == nil else { return }
    guard fieldCount > 0 else {
      // `CSV_REPALL_NL` reports line ends outside records: the LF of a CRLF, or an empty line.
      if terminator == 0x0A && lastWasCR {
        lastWasCR = false
      } else if terminator >= 0 {
        pendingBlankLines.append(line)
        line += 1
        column = 1
        lastWasCR = terminator == 0x0D
      }
      if terminator >= 0 { offset += 1 }
      return
    }
    record += 1
    do {
      if !pendingBlankLines.isEmpty {
        for blank in pendingBlankLines {
          try onBlankLine?(CSVBlankLine(line: blank, nextRecord: record))
        }
        pendingBlankLines.removeAll(keepingCapacity: true)
      }
      let view = CSVRowView(
        record: record, line: lines[0],
        bytes: UnsafeRawBufferPointer(start: bytes, count: bytesCount),
        ends: UnsafeBufferPointer(start: ends, count: fieldCount),
        columns: UnsafeBufferPointer(start: columns, count: fieldCount),
        lines: UnsafeBufferPointer(start: lines, count: fieldCount),
        quoted: UnsafeBufferPointer(start: quoted, count: fieldCount))
      try onRow?(view)
    } catch {
      failure = error
    }
    fieldCount = 0
    bytesCount = 0
    if terminator >= 0 {
      // The field callback already counted the line end's byte.
      line += 1
      column = 1
      lastWasCR = terminator == 0x0D
    }
  }

  private mutating func fail(encodingErrorIn input: UnsafeRawPointer, fieldStart: Int,
                             contentLength: Int) {
    // Quotes are ASCII, so the first bad sequence of the raw field is the content's; the raw
    // field is at most twice its content plus two quotes long.
    let rawLength = min(inputCount - fieldStart, contentLength * 2 + 2)
    let scan = UTF8Check.scalars(input + fieldStart, rawLength)
    let bad = fieldStart + (scan < 0 ? -1 - scan : 0)
    let at = CSVTextPosition(line: line, column: column).advanced(in: input, from: fieldStart, to: bad)
    let byte = input.load(fromByteOffset: bad, as: UInt8.self)
    failure = CSVProblem.encodingError.error(
      "invalid UTF-8: byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(bad + byteOffset)",
      at: SourceLocation(file: file, line: at.line, column: at.column, row: record + 1),
      note: "save the file as UTF-8, or pass --encoding windows-1251 for an old Russian spreadsheet")
  }

  private mutating func growFields() {
    let capacity = fieldCapacity * 2
    func grow<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
      let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
      new.moveInitialize(from: old, count: fieldCount)
      old.deallocate()
      return new
    }
    ends = grow(ends)
    columns = grow(columns)
    lines = grow(lines)
    quoted = grow(quoted)
    fieldCapacity = capacity
  }

  private mutating func growBytes(_ needed: Int) {
    var capacity = bytesCapacity * 2
    while capacity < needed { capacity *= 2 }
    let new = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    new.copyMemory(from: bytes, byteCount: bytesCount)
    bytes.deallocate()
    bytes = new
    bytesCapacity = capacity
  }
}
