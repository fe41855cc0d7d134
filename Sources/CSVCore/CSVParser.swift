internal import CLibCSV
import TrackerCodec
import TrackerModel

/// A streaming CSV parser on libcsv that hands over one ``CSVRowView`` per record, reusing its
/// buffers: no `String` per field, no array per row.
///
/// libcsv runs strict (`CSV_STRICT | CSV_STRICT_FINI`), keeps spaces (RFC 4180 says they are
/// data), reports every line end (`CSV_REPALL_NL`, so blank lines and CRLF pairs can be told
/// apart) and passes an empty unquoted field differently from `""` (`CSV_EMPTY_IS_NULL`), which
/// ``CSVRowView/isQuoted(_:)`` exposes. A UTF-8 byte order mark is dropped before libcsv sees
/// it; input in a single-byte code page (windows-1251, windows-1252, ISO-8859-1) is transcoded
/// to UTF-8 first (``CodePage``).
///
/// libcsv tells only field contents, not where they were. Positions are rebuilt by arithmetic:
/// an unquoted field occupies its length in bytes, a quoted one its length plus two quotes plus
/// one for each doubled quote inside, then one byte of delimiter or line end. Columns grow by
/// the scalars counted while the field is checked as UTF-8 anyway; only a quoted field with a
/// line break inside is walked byte by byte.
package final class CSVParser {
  /// Delimiter, quote and encoding.
  package let dialect: CSVDialect
  /// The file name for error locations.
  package let file: String?
  /// How many bytes go to libcsv per call: the input is read in this step, so memory stays
  /// flat whatever the file size (the input itself is memory-mapped by `CodecInput`).
  package var chunkSize = 1 << 16
  /// Told the bytes and rows of every chunk parsed, for a progress display.
  package var progress: ProgressMeter?
  /// Told after each chunk the file offset the parser has gone past, so the caller can let the
  /// input's pages before it leave memory (``InputBytes/releasePages(before:)``).
  package var passed: ((Int) -> Void)?
  /// What the last ``parse(_:blankLine:row:)`` noticed and read past: `encoding-implausible`
  /// for a single-byte encoding over bytes that are valid UTF-8 with non-ASCII text.
  package private(set) var warnings: [Diagnostic] = []

  private let csv: UnsafeMutablePointer<csv_parser>
  private let state: UnsafeMutablePointer<CSVParseState>

  /// - Throws: ``CodecError`` `.io` when libcsv cannot allocate its parser.
  package init(dialect: CSVDialect = .standard, file: String? = nil) throws {
    self.dialect = dialect
    self.file = file
    csv = UnsafeMutablePointer<csv_parser>.allocate(capacity: 1)
    guard CSVParser.start(csv, dialect) else {
      csv.deallocate()
      throw CodecError(.io, "cannot start the CSV parser: out of memory")
    }
    state = UnsafeMutablePointer<CSVParseState>.allocate(capacity: 1)
    state.initialize(to: CSVParseState(quote: dialect.quote))
    state.pointee.file = file
  }

  /// Whether a parse ran: libcsv keeps its state after an error, so the next parse restarts it.
  private var used = false

  private static func start(_ csv: UnsafeMutablePointer<csv_parser>, _ dialect: CSVDialect) -> Bool {
    let options = CSV_STRICT | CSV_STRICT_FINI | CSV_EMPTY_IS_NULL | CSV_REPALL_NL
    guard csv_init(csv, UInt8(options)) == 0 else { return false }
    csv_set_delim(csv, dialect.delimiter)
    csv_set_quote(csv, dialect.quote)
    csv_set_space_func(csv) { _ in 0 }
    return true
  }

  deinit {
    csv_free(csv)
    csv.deallocate()
    state.pointee.release()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Parses all of `input`, calling `row` for each record in order and `blankLine` for each
  /// empty line before a record.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` under a ``CSVProblem`` code (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`) at the first problem; or whatever a callback throws,
  ///   which stops parsing.
  package func parse(_ input: UnsafeRawBufferPointer,
             blankLine: (CSVBlankLine) throws -> Void = { _ in },
             row: (CSVRowView) throws -> Void) throws {
    switch dialect.encoding {
    case .utf8:
      let bom = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      try parseUTF8(UnsafeRawBufferPointer(rebasing: input[bom...]), byteOffset: bom,
                    blankLine: blankLine, row: row)
    case .windows1251, .windows1252, .latin1:
      guard let codePage = dialect.encoding.codePage else { return }
      warnings = implausibility(of: codePage, input).map { [$0] } ?? []
      switch codePage.transcode(input) {
      case .success(let utf8):
        try utf8.withUnsafeBytes {
          try parseUTF8($0, byteOffset: 0, sourceCount: input.count, blankLine: blankLine, row: row)
        }
      case .failure(let undefined):
        guard let base = input.baseAddress else { return }
        let at = CSVTextPosition(line: 1, column: 1).advanced(in: base, from: 0, to: undefined.offset)
        throw CSVProblem.encodingError.error(
          codePage.available ? "byte 0x\(hex(undefined.byte)) at byte offset \(undefined.offset) has no character in \(codePage.name)"
            : "this system's C library (iconv) does not know \(codePage.name), so byte 0x\(hex(undefined.byte)) at byte offset \(undefined.offset) cannot be read",
          at: SourceLocation(file: file, line: at.line, column: at.column))
      }
    }
  }

  /// The `encoding-implausible` warning when `input`, read in `codePage`, is valid UTF-8 with
  /// at least one non-ASCII character: located at the first one, showing it both ways.
  private func implausibility(of codePage: CodePage, _ input: UnsafeRawBufferPointer) -> Diagnostic? {
    guard let base = input.baseAddress else { return nil }
    let bom = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let scalars = UTF8Check.scalars(base + bom, input.count - bom)
    guard scalars >= 0, scalars < input.count - bom || bom > 0 else { return nil }
    guard let first = input.firstIndex(where: { $0 >= 0x80 }) else { return nil }
    var end = first + 1
    while end < input.count, input[end] & 0xC0 == 0x80 { end += 1 }
    let sample = UnsafeRawBufferPointer(rebasing: input[first..<end])
    let asUTF8 = String(decoding: sample, as: UTF8.self)
    let asCodePage = (try? codePage.transcode(sample).get()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    let at = CSVTextPosition(line: 1, column: 1).advanced(in: base, from: 0, to: first)
    return CSVProblem.encodingImplausible.diagnostic(
      "the file is valid UTF-8, yet read as \(codePage.name) (--encoding): \"\(asUTF8)\" becomes \"\(asCodePage)\"",
      severity: .warning, at: SourceLocation(file: file, line: at.line, column: at.column),
      note: "drop --encoding to read it as UTF-8 (the default), unless the text really is \(codePage.name)")
  }

  /// `byteOffset` is where `input` starts in the file (after a byte order mark), for messages;
  /// `sourceCount` is how many bytes of the file `input` was made from (more or fewer when
  /// transcoded), so that progress counts the file's bytes.
  private func parseUTF8(_ input: UnsafeRawBufferPointer, byteOffset: Int, sourceCount: Int? = nil,
                         blankLine: (CSVBlankLine) throws -> Void,
                         row: (CSVRowView) throws -> Void) throws {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    if used {
      csv_free(csv)
      guard CSVParser.start(csv, dialect) else { throw CodecError(.io, "cannot restart the CSV parser: out of memory") }
    }
    used = true
    state.pointee.byteOffset = byteOffset
    try withoutActuallyEscaping(row) { row in
      try withoutActuallyEscaping(blankLine) { blankLine in
        state.pointee.begin(input: base, count: input.count, row: row, blankLine: blankLine)
        defer { state.pointee.end() }
        let context = UnsafeMutableRawPointer(state)
        var start = 0
        var rowsReported = 0, bytesReported = 0
        while start < input.count {
          let length = min(chunkSize, input.count - start)
          let used = csv_parse(csv, base + start, length, csvFieldCallback, csvRowCallback, context)
          if let failure = state.pointee.failure { throw failure }
          if used < length {
            throw libcsvError(code: csv_error(csv), at: start + used, base: base, byteOffset: byteOffset)
          }
          start += length
          passed?(byteOffset + start)
          if let progress {
            let bytes = sourceCount.map { Int((Double(start) * Double($0) / Double(input.count)).rounded()) } ?? start
            progress.add(bytes: bytes - bytesReported, items: state.pointee.record - rowsReported)
            rowsReported = state.pointee.record
            bytesReported = bytes
          }
        }
        let finished = csv_fini(csv, csvFieldCallback, csvRowCallback, context)
        if let failure = state.pointee.failure { throw failure }
        if finished != 0 {
          throw libcsvError(code: csv_error(csv), at: nil, base: base, byteOffset: byteOffset)
        }
      }
    }
  }

  /// The error for a libcsv failure at byte `offset` (nil: at the end of input).
  private func libcsvError(code: Int32, at offset: Int?, base: UnsafeRawPointer,
                           byteOffset: Int) -> CodecError {
    let s = state.pointee
    // Every byte before the pending field has been accounted for by the callbacks.
    let fieldStart = CSVTextPosition(line: s.line, column: s.column)
    guard code == CSV_EPARSE else {
      return CodecError(.io, "the CSV parser ran out of memory",
                        location: SourceLocation(file: file, line: s.line, column: s.column))
    }
    guard let offset else {
      return CSVProblem.unclosedQuote.error(
        "quoted field never closed", at: SourceLocation(file: file, line: fieldStart.line,
                                                        column: fieldStart.column, row: s.record + 1),
        note: "the opening quote is here; a quote inside a quoted field is written twice (\"\")")
    }
    // libcsv stops on the byte after a closing quote (`"ab"c`) or on a quote inside an
    // unquoted field (`ab"c`): point at the quote either way.
    var spot = offset
    if spot > s.offset, base.load(fromByteOffset: spot, as: UInt8.self) != dialect.quote,
       base.load(fromByteOffset: spot - 1, as: UInt8.self) == dialect.quote {
      spot -= 1
    }
    let at = fieldStart.advanced(in: base, from: s.offset, to: spot)
    return CSVProblem.strayQuote.error(
      "quote inside a field that is not quoted, or after a closing quote",
      at: SourceLocation(file: file, line: at.line, column: at.column, row: s.record + 1),
      note: "quote the whole field and write a quote inside it twice (\"\")")
  }
}

private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

// libcsv calls these with the parse state as context; they must not capture anything.
private let csvFieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
  field, length, context in
  guard let context else { return }
  context.assumingMemoryBound(to: CSVParseState.self).pointee.field(field, length)
}

private let csvRowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = {
  terminator, context in
  guard let context else { return }
  context.assumingMemoryBound(to: CSVParseState.self).pointee.endRow(terminator)
}
