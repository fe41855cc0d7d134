import CSVCore
import TrackerCodec
import TrackerModel

/// Reads a canonical CSV package (a folder or a zip) into a dataset.
///
/// Every table is read to its end and every problem reported, frictionless-style; the package
/// is refused (with the first error) only after that, so one run shows all of them.
enum CSVPackageReader {
  /// Hands every record of one member, header first, to `row`: what the CSV parser provides.
  typealias RowSource = (_ member: CodecInput, _ row: (CSVRowView) throws -> Void) throws -> Void

  /// Whether the entries at a package's root (``CodecInput/packageEntries(_:)`` of its
  /// ``CodecInput/packageRoot()``) look like a canonical CSV package: a `datapackage.json`
  /// beside a `trackers.csv`. Nothing below the root counts.
  static func isPackage(_ members: [String]) -> Bool {
    members.contains(CSVPackageDescriptor.fileName) && members.contains(CSVTable.trackers.fileName)
  }

  /// Reads the package `input`, parsing each table with `rows`.
  ///
  /// On success the context holds a ``CSVPackageLocator`` and the warnings (`unknown-column`).
  ///
  /// - Throws: ``CodecError`` from the descriptor (see ``CSVPackageDescriptor/read(_:file:members:)``),
  ///   `.malformedInput` at the first unreadable row (every problem is reported into the
  ///   context first), whatever `rows` throws, `.cannotReadInput` from the input.
  static func read(_ input: CodecInput, context: inout CodecContext, rows: RowSource) throws -> TrackerDataset {
    // The descriptor is at the package's root (or in its one top folder), never searched for
    // below it; tables are found relative to it, exactly: never a same-named file elsewhere.
    let prefix = try input.packageRoot()
    let entries = try input.packageEntries(prefix)
    guard entries.contains(CSVPackageDescriptor.fileName) else {
      let below = entries.filter { $0.hasSuffix("/") && ((try? input.packageEntries(prefix + $0)) ?? []).contains(CSVPackageDescriptor.fileName) }
      throw CodecError(.cannotReadInput, "no \(CSVPackageDescriptor.fileName) at the package's root" + (prefix.isEmpty ? "" : " or in \(prefix)"),
                       location: SourceLocation(file: input.displayName),
                       note: below.isEmpty ? "the package holds: " + entries.prefix(20).map { prefix + $0 }.joined(separator: ", ")
                         : "\(CSVPackageDescriptor.fileName) is only below the root, in " + below.map { prefix + $0 }.joined(separator: " and ")
                           + (below.count == 1 ? ": give that folder itself" : ": give one of those folders itself") + "; a package is never searched for below its root")
    }
    let all = try input.members()
    let descriptorPath = prefix + CSVPackageDescriptor.fileName
    let members = all.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    let descriptorInput = try input.member(descriptorPath)
    let descriptorFile = descriptorInput.displayName
    let text = try descriptorInput.withBytes { bytes in
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw CodecError(.malformedInput, "\(CSVPackageDescriptor.fileName) is not UTF-8", location: SourceLocation(file: descriptorFile))
      }
      return text
    }
    let contents = try CSVPackageDescriptor.read(text, file: descriptorFile, members: members)
    var inputs: [CSVTable: CodecInput] = [:]
    for (table, path) in contents.paths { inputs[table] = try input.member(prefix + path) }
    return try assemble(contents, descriptorFile: descriptorFile,
                        fileName: { inputs[$0]?.displayName ?? $0.fileName }, byteCount: { inputs[$0]?.byteCountHint },
                        context: &context) { table, consume in
      guard let member = inputs[table] else { return }
      try withoutActuallyEscaping(consume) { try rows(member, $0) }
    }
  }

  /// Reads the tables of the package's version through `feed` (which hands each table's
  /// records to the callback) and puts the dataset together with what the descriptor said.
  static func assemble(_ contents: CSVPackageDescriptor.Contents, descriptorFile: String,
                       fileName: (CSVTable) -> String, byteCount: (CSVTable) -> Int? = { _ in nil },
                       context: inout CodecContext,
                       feed: (CSVTable, (CSVRowView) throws -> Void) throws -> Void) throws -> TrackerDataset {
    let version = contents.version
    var categories = CSVTableReader<CategoryTable>(file: fileName(.categories), version: version)
    var trackers = CSVTableReader<TrackerTable>(file: fileName(.trackers), version: version)
    var records = CSVTableReader<RecordTable>(file: fileName(.records), version: version)
    var entries = CSVTableReader<EntryTable>(file: fileName(.entries), version: version)
    var tasks = CSVTableReader<TaskTable>(file: fileName(.tasks), version: version)
    let hasEntries = CSVTable.tables(version: version).contains(.entries)
    records.expectedBytes = byteCount(.records)
    entries.expectedBytes = byteCount(.entries)
    try feed(.categories) { try categories.consume($0) }
    try feed(.trackers) { try trackers.consume($0) }
    try feed(.records) { try records.consume($0) }
    if hasEntries { try feed(.entries) { try entries.consume($0) } }
    try feed(.tasks) { try tasks.consume($0) }
    categories.finish()
    trackers.finish()
    records.finish()
    if hasEntries { entries.finish() }
    tasks.finish()

    let problems = categories.problems + trackers.problems + records.problems + entries.problems + tasks.problems
    context.report(contentsOf: problems)
    let errors = problems.filter { $0.severity == .error }
    if let first = errors.first {
      throw CodecError(.malformedInput, first.message, location: first.location,
                       note: errors.count == 1 ? first.note : "\(errors.count) unreadable cells or rows in the package; all are reported")
    }
    var positions: [CSVTable: CSVTablePositions] = [
      .categories: categories.positions, .trackers: trackers.positions,
      .records: records.positions, .tasks: tasks.positions,
    ]
    if hasEntries { positions[.entries] = entries.positions }
    context.sourceLocator = CSVPackageLocator(descriptorFile: descriptorFile, tables: positions)
    return TrackerDataset(categories: categories.entities, trackers: trackers.entities, records: records.entities,
                          entries: entries.entities, tasks: tasks.entities, taskCategoryOrder: contents.taskCategoryOrder,
                          extras: contents.extras)
  }
}
