import CSVCore
import TrackerCodec
import TrackerModel

/// The rows of one small CSV file of a Loop export (opencsv's RFC 4180 dialect: comma, double
/// quote, `""` for a quote), parsed by CSVCore's ``CSVParser`` (libcsv) like the other CSV
/// codecs, so a broken quote or bytes that are not UTF-8 are reported the same way, with the
/// file, line and column.
///
/// Loop's files are small (one row per habit, or per day of one habit), so all rows are kept.
struct LoopCSVTable {
  /// One record: its 1-based line, its cells, and the 1-based column where each cell starts.
  struct Row {
    var line: Int
    var cells: [String]
    var columns: [Int]
  }

  let file: String
  private(set) var rows: [Row] = []

  /// Parses `bytes` (a UTF-8 byte order mark is skipped; blank lines are skipped).
  ///
  /// - Throws: ``CodecError`` `.malformedInput` from the parser, under its code:
  ///   `unclosed-quote` (at the opening quote of a field never closed), `stray-quote` (a quote
  ///   in an unquoted field, or text after a closing quote), `encoding-error` (bytes that are
  ///   not UTF-8).
  init(_ bytes: UnsafeRawBufferPointer, file: String) throws {
    self.file = file
    var rows: [Row] = []
    do {
      try CSVParser(file: file).parse(bytes) { view in
        if view.count == 1 && view.isEmpty(0) { return }
        let fields = 0..<view.count
        rows.append(Row(line: view.line, cells: fields.map(view.string), columns: fields.map(view.column)))
      }
    } catch var error as CodecError where CSVProblem(error) == .encodingError {
      // The parser's note suggests --encoding, an option of the CSV codecs, not of this one.
      error.note = "Loop writes its export as UTF-8: this file was changed by another program; save it as UTF-8"
      throw error
    }
    self.rows = rows
  }
}
