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

  /// Whether a package's members (``CodecInput/members()``) look like a canonical CSV package:
  /// a `datapackage.json` beside a `trackers.csv`, at the root or in one folder.
  static func isPackage(_ members: [String]) -> Bool {
    func folder(_ path: String) -> Substring? {
      guard let slash = path.lastIndex(of: "/") else { return "" }
      return path[..<slash]
    }
    let descriptors = members.filter { $0 == CSVPackageDescriptor.fileName || $0.hasSuffix("/" + CSVPackageDescriptor.fileName) }
    return descriptors.contains { descriptor in
      members.contains { ($0 == CSVTable.trackers.fileName || $0.hasSuffix("/" + CSVTable.trackers.fileName)) && folder($0) == folder(descriptor) }
    }
  }

  /// Reads the package `input`, parsing each table with `rows`.
  ///
  /// On success the context holds a ``CSVPackageLocator`` and the warnings (`unknown-column`).
  ///
  /// - Throws: ``CodecError`` from the descriptor (see ``CSVPackageDescriptor/read(_:file:members:)``),
  ///   `.malformedInput` at the first unreadable row (every problem is reported into the
  ///   context first), whatever `rows` throws, `.cannotReadInput` from the input.
  static func read(_ input: CodecInput, context: inout CodecContext, rows: RowSource) throws -> TrackerDataset {
    let all = try input.members()
    // Tables are found relative to the descriptor, exactly: never a same-named file elsewhere.
    let descriptors = all.filter { $0 == CSVPackageDescriptor.fileName || $0.hasSuffix("/" + CSVPackageDescriptor.fileName) }
    guard descriptors.count == 1, let descriptorPath = descriptors.first else {
      throw CodecError(descriptors.isEmpty ? .cannotReadInput : .malformedInput,
                       descriptors.isEmpty ? "no \(CSVPackageDescriptor.fileName) in the package" : "several \(CSVPackageDescriptor.fileName) in the package",
                       location: SourceLocation(file: input.displayName), note: "the package holds: " + all.joined(separator: ", "))
    }
    let prefix = String(descriptorPath.dropLast(CSVPackageDescriptor.fileName.count))
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
                        fileName: { inputs[$0]?.displayName ?? $0.fileName }, context: &context) { table, consume in
      guard let member = inputs[table] else { return }
      try withoutActuallyEscaping(consume) { try rows(member, $0) }
    }
  }

  /// Reads the four tables through `feed` (which hands each table's records to the callback)
  /// and puts the dataset together with what the descriptor said.
  static func assemble(_ contents: CSVPackageDescriptor.Contents, descriptorFile: String,
                       fileName: (CSVTable) -> String, context: inout CodecContext,
                       feed: (CSVTable, (CSVRowView) throws -> Void) throws -> Void) throws -> TrackerDataset {
    var categories = CSVTableReader<CategoryTable>(file: fileName(.categories))
    var trackers = CSVTableReader<TrackerTable>(file: fileName(.trackers))
    var records = CSVTableReader<RecordTable>(file: fileName(.records))
    var tasks = CSVTableReader<TaskTable>(file: fileName(.tasks))
    try feed(.categories) { try categories.consume($0) }
    try feed(.trackers) { try trackers.consume($0) }
    try feed(.records) { try records.consume($0) }
    try feed(.tasks) { try tasks.consume($0) }
    categories.finish()
    trackers.finish()
    records.finish()
    tasks.finish()

    let problems = categories.problems + trackers.problems + records.problems + tasks.problems
    context.report(contentsOf: problems)
    let errors = problems.filter { $0.severity == .error }
    if let first = errors.first {
      throw CodecError(.malformedInput, first.message, location: first.location,
                       note: errors.count == 1 ? first.note : "\(errors.count) unreadable cells or rows in the package; all are reported")
    }
    context.sourceLocator = CSVPackageLocator(descriptorFile: descriptorFile, tables: [
      .categories: categories.positions, .trackers: trackers.positions,
      .records: records.positions, .tasks: tasks.positions,
    ])
    return TrackerDataset(categories: categories.entities, trackers: trackers.entities, records: records.entities,
                          tasks: tasks.entities, taskCategoryOrder: contents.taskCategoryOrder, extras: contents.extras)
  }
}
