import CSVCore
import TrackerCodec
import TrackerModel

/// Reads a single CSV file as a trackers table or a log table: picks the dialect, parses,
/// decides the shape from the options or the header, and feeds the rows to that shape's reader.
struct CSVSheetDecoder {
  let options: CSVOptions
  let file: String?
  /// Told how far parsing has gone, for a progress display.
  var progress: ProgressMeter?

  /// - Throws: ``CodecError`` `.malformedInput` for a file without a header, a header that fits
  ///   no shape, a missing required column, or a parser problem (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`), each located.
  func decode(_ bytes: UnsafeRawBufferPointer) throws -> (TrackerDataset, [Diagnostic], CSVTableLocator) {
    let head = UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, 65_536)])
    let dialect = CSVDialect(delimiter: options.delimiter ?? CSVDialect.detect(head: head),
                             encoding: options.encoding)
    let parser = try CSVParser(dialect: dialect, file: file)
    parser.progress = progress
    var reader: (any CSVSheetReading)?
    var early: [(line: Int, record: Int)] = []
    try parser.parse(bytes, blankLine: { blank in
      if let reader { reader.blank(line: blank.line, record: blank.nextRecord) } else { early.append((blank.line, blank.nextRecord)) }
    }) { view in
      if let reader {
        try reader.row(view)
      } else {
        let made = try makeReader(CSVSheetHeader(view, file: file))
        for blank in early { made.blank(line: blank.line, record: blank.record) }
        reader = made
      }
    }
    guard let reader else {
      throw CodecError(.malformedInput, "the file is empty: no header row", location: SourceLocation(file: file),
                       note: "a trackers table starts with a header such as id,kind,name,category,emoji,color,schedule")
    }
    let (dataset, locator) = try reader.finish()
    return (dataset, parser.warnings + reader.diagnostics, locator)
  }

  private func makeReader(_ header: CSVSheetHeader) throws -> any CSVSheetReading {
    switch options.shape {
    case .trackers?:
      return try CSVTrackerSheetReader(header: header, file: file, options: options)
    case .log?:
      return try CSVLogSheetReader(header: header, map: options.map ?? .standard(for: header), file: file, options: options)
    case .package?, nil:
      if let map = options.map {
        return try CSVLogSheetReader(header: header, map: map, file: file, options: options)
      }
      if header.index(of: "name") != nil {
        return try CSVTrackerSheetReader(header: header, file: file, options: options)
      }
      if header.index(of: "tracker") != nil, header.index(of: "date") != nil {
        return try CSVLogSheetReader(header: header, map: .standard(for: header), file: file, options: options)
      }
      throw CodecError(.malformedInput, "cannot tell the table's shape from its header",
                       location: SourceLocation(file: file, line: 1, column: 1, row: 1),
                       note: "a trackers table has a 'name' column, a log table 'tracker' and 'date'; for another log pass --option map=tracker=COLUMN,date=COLUMN")
    }
  }
}
