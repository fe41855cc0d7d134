import TrackerCodec
import TrackerModel

/// Writes a dataset as a canonical CSV package: the four tables, then `datapackage.json`
/// (whose schemas list the columns the tables were written with).
enum CSVPackageWriter {
  /// Writes the package to `output` (a folder, or a zip when its name ends in `.zip`), each
  /// table through a sink made by `makeSink` over the member's byte writer: the CSV writer.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value the format cannot write (a
  ///   day outside years 1-9999, an extras number that is not a JSON number) or for standard
  ///   output; the output's and the sink's errors.
  static func write<Sink: CSVRowSink>(_ dataset: TrackerDataset, to output: CodecOutput,
                                      makeSink: (ByteWriter) -> Sink) throws {
    try output.writePackage { package in
      let headers: [CSVTable: [String]] = try writeTables(dataset) { (table, produce: (inout Sink) throws -> [String]) in
        var header: [String] = []
        try package.member(table.fileName) { writer in
          var sink = makeSink(writer)
          header = try produce(&sink)
          try sink.finish()
        }
        return header
      }
      let text = try CSVPackageDescriptor.text(headers: headers, taskCategoryOrder: dataset.taskCategoryOrder, extras: dataset.extras)
      try package.member(CSVPackageDescriptor.fileName) { $0.write(text) }
    }
  }

  /// Produces the four tables in package order: `open` gets each table and a producer to run
  /// on a sink of its own; returns each table's header as written.
  static func writeTables<Sink: CSVRowSink>(
    _ dataset: TrackerDataset, _ open: (CSVTable, (inout Sink) throws -> [String]) throws -> [String]
  ) throws -> [CSVTable: [String]] {
    var headers: [CSVTable: [String]] = [:]
    headers[.categories] = try open(.categories) { try CSVTableWriter.write(CategoryTable.self, dataset.categories, to: &$0) }
    headers[.trackers] = try open(.trackers) { try CSVTableWriter.write(TrackerTable.self, dataset.trackers, to: &$0) }
    headers[.records] = try open(.records) { try CSVTableWriter.write(RecordTable.self, dataset.records, to: &$0) }
    headers[.tasks] = try open(.tasks) { try CSVTableWriter.write(TaskTable.self, dataset.tasks, to: &$0) }
    return headers
  }
}
