import TrackerCodec
import TrackerModel

/// Writes a dataset as a canonical CSV package: the tables, then `datapackage.json` (whose
/// schemas list the columns the tables were written with).
///
/// The package is of version 1 (four tables, as every earlier TrackerPort wrote them) when the
/// dataset uses nothing of format version 2, else of version 2 (`entries.csv` and the new
/// columns), which an older TrackerPort refuses rather than misreads
/// (``TrackerDataset/formatVersionNeeded``).
enum CSVPackageWriter {
  /// Writes the package to `output` (a folder, or a zip when its name ends in `.zip`), each
  /// table through a sink made by `makeSink` over the member's byte writer: the CSV writer.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value the format cannot write (a
  ///   day outside years 1-9999, an amount that is not finite, an extras number that is not a
  ///   JSON number) or for standard output; the output's and the sink's errors.
  static func write<Sink: CSVRowSink>(_ dataset: TrackerDataset, to output: CodecOutput,
                                      makeSink: (ByteWriter) -> Sink) throws {
    let version = dataset.formatVersionNeeded
    try output.writePackage { package in
      let headers: [CSVTable: [String]] = try writeTables(dataset, version: version) { (table, produce: (inout Sink) throws -> [String]) in
        var header: [String] = []
        try package.member(table.fileName) { writer in
          var sink = makeSink(writer)
          header = try produce(&sink)
          try sink.finish()
        }
        return header
      }
      let text = try CSVPackageDescriptor.text(headers: headers, version: version,
                                               taskCategoryOrder: dataset.taskCategoryOrder, extras: dataset.extras)
      try package.member(CSVPackageDescriptor.fileName) { $0.write(text) }
    }
  }

  /// Produces the tables of a package of `version` in package order: `open` gets each table
  /// and a producer to run on a sink of its own; returns each table's header as written.
  static func writeTables<Sink: CSVRowSink>(
    _ dataset: TrackerDataset, version: Int, _ open: (CSVTable, (inout Sink) throws -> [String]) throws -> [String]
  ) throws -> [CSVTable: [String]] {
    var headers: [CSVTable: [String]] = [:]
    for table in CSVTable.tables(version: version) {
      headers[table] = try open(table) { sink in
        switch table {
        case .categories: try CSVTableWriter.write(CategoryTable.self, dataset.categories, version: version, to: &sink)
        case .trackers: try CSVTableWriter.write(TrackerTable.self, dataset.trackers, version: version, to: &sink)
        case .records: try CSVTableWriter.write(RecordTable.self, dataset.records, version: version, to: &sink)
        case .entries: try CSVTableWriter.write(EntryTable.self, dataset.entries, version: version, to: &sink)
        case .tasks: try CSVTableWriter.write(TaskTable.self, dataset.tasks, version: version, to: &sink)
        }
      }
    }
    return headers
  }
}
