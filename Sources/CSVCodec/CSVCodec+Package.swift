import CSVCore
import TrackerCodec
import TrackerModel

/// The canonical CSV data package: `datapackage.json` and four tables, in a folder or a zip.
extension CSVCodec {
  /// Reads a CSV data package (a folder or a zip archive). Tables are always UTF-8 with `,`:
  /// the package is the lossless form this codec writes, not a spreadsheet export.
  func decodePackage(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let progress = context.progress
    return try CSVPackageReader.read(input, context: &context) { member, row in
      let parser = try CSVParser(dialect: .standard, file: member.displayName)
      parser.progress = progress
      // Read once, front to back: the table's pages behind the parser can leave memory.
      let source = try member.bytes()
      parser.passed = { source.releasePages(before: $0) }
      try source.withUnsafeBytes { bytes in
        try parser.parse(bytes, blankLine: { blank in
          throw CSVProblem.blankRow.error("empty line between records",
                                          at: SourceLocation(file: member.displayName, line: blank.line, column: 1, row: blank.nextRecord),
                                          note: "a package table has no blank lines; remove it")
        }, row: row)
      }
    }
  }

  /// Writes a CSV data package (a folder, or a zip when the output ends in `.zip`). Cells are
  /// never neutralised for spreadsheets here: that would change the data.
  func encodePackage(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try CSVPackageWriter.write(dataset, to: output) { CSVWriterSink(writer: CSVWriter(output: $0)) }
  }
}

/// The CSV writer as the package's row sink: an empty field is an empty unquoted cell (the
/// package's "absent"), anything else is quoted only when it must be.
struct CSVWriterSink: CSVRowSink {
  let writer: CSVWriter

  mutating func writeRow(_ fields: [String]) throws {
    for field in fields {
      if field.isEmpty { writer.writeNull() } else { writer.writeField(field) }
    }
    writer.endRow()
  }
}
