import TrackerTestSupport
@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel

/// TEST ONLY: hands rows of strings to a consumer as `CSVRowView`s, with the record numbers,
/// lines and columns a parser would report for the same rows written as RFC 4180 CSV (fields
/// with `,` `"` CR or LF quoted, LF line ends), each field's line included. Lets the table
/// layer be tested row by row without writing CSV text.
enum TestRows {
  static func feed(_ rows: [[String]], into body: (CSVRowView) throws -> Void) throws {
    var line = 1
    for (r, row) in rows.enumerated() {
      var bytes: [UInt8] = []
      var ends: [Int] = []
      var columns: [Int] = []
      var lines: [Int] = []
      var column = 1
      var lineBreaks = 0
      for (i, field) in row.enumerated() {
        if i > 0 { column += 1 }  // the comma
        columns.append(column)
        lines.append(line + lineBreaks)
        bytes += Array(field.utf8)
        ends.append(bytes.count)
        let quoted = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        var written = quoted ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
        // Columns count Unicode scalars from the start of the field's own line.
        let scalars = Array(written.unicodeScalars)
        if let lastBreak = scalars.lastIndex(where: { $0 == "\n" || $0 == "\r" }) {
          lineBreaks += scalars.indices.filter { k in
            scalars[k] == "\n" || (scalars[k] == "\r" && (k + 1 == scalars.count || scalars[k + 1] != "\n"))
          }.count
          column = scalars.count - lastBreak
        } else {
          column += scalars.count
        }
        written = ""
      }
      try bytes.withUnsafeBytes { raw in
        try ends.withUnsafeBufferPointer { endBuffer in
          try columns.withUnsafeBufferPointer { columnBuffer in
            try lines.withUnsafeBufferPointer { lineBuffer in
              let quoted = [Bool](repeating: false, count: row.count)
              try quoted.withUnsafeBufferPointer { quotedBuffer in
                try body(CSVRowView(record: r + 1, line: line, bytes: raw, ends: endBuffer, columns: columnBuffer,
                                    lines: lineBuffer, quoted: quotedBuffer))
              }
            }
          }
        }
      }
      line += lineBreaks + 1
    }
  }
}

/// TEST ONLY: collects rows in memory.
struct ArraySink: CSVRowSink {
  var rows: [[String]] = []
  mutating func writeRow(_ fields: [String]) throws { rows.append(fields) }
}

/// A package written to memory: each table's rows and the descriptor text.
struct MemoryPackage {
  var tables: [CSVTable: [[String]]] = [:]
  var descriptor = ""

  init(_ dataset: TrackerDataset) throws {
    var tables: [CSVTable: [[String]]] = [:]
    let version = dataset.formatVersionNeeded
    let headers = try CSVPackageWriter.writeTables(dataset, version: version) { (table, produce: (inout ArraySink) throws -> [String]) in
      var sink = ArraySink()
      let header = try produce(&sink)
      tables[table] = sink.rows
      return header
    }
    self.tables = tables
    descriptor = try CSVPackageDescriptor.text(headers: headers, version: version,
                                              taskCategoryOrder: dataset.taskCategoryOrder, extras: dataset.extras)
  }

  /// Reads the package back through the table readers.
  func read(context: inout CodecContext) throws -> TrackerDataset {
    let contents = try CSVPackageDescriptor.read(descriptor, file: "pkg/datapackage.json",
                                                 members: ["datapackage.json"] + tables.keys.map(\.fileName))
    return try CSVPackageReader.assemble(contents, descriptorFile: "pkg/datapackage.json",
                                         fileName: { "pkg/" + $0.fileName }, context: &context) { table, consume in
      try TestRows.feed(tables[table] ?? [], into: consume)
    }
  }

  func read() throws -> TrackerDataset {
    var context = CodecContext(fileName: "pkg")
    return try read(context: &context)
  }
}
