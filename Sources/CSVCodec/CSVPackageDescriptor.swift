import TrackerCodec
import TrackerModel

/// `datapackage.json`: a Frictionless Data Package descriptor (profile
/// `tabular-data-package`) with a Table Schema per table, plus the custom property
/// `"trackport": {"version": 1, "taskCategoryOrder": [...], "extras": {...}}` that carries
/// what is not a table and marks the package as TrackerPort's.
///
/// The version is the canonical format version (``TrackerDataset/formatVersionNeeded``): 1 for
/// the four tables every TrackerPort writes, 2 when `entries.csv` and the columns of version 2
/// are there, 3 when a goal has a period (`goalPeriod`). A reader refuses a version it does
/// not know, so a TrackerPort that reads only
/// version 1 refuses a package of version 2 instead of reading it without its skipped days, or
/// with its amounts and notes as unknown columns.
enum CSVPackageDescriptor {
  /// The descriptor's member name.
  static let fileName = "datapackage.json"
  /// The package versions this build reads (and writes: the oldest one a dataset fits). Kept
  /// apart from ``TrackerDataset/formatVersions`` on purpose: a newer model version needs a
  /// package layout of its own before packages may claim it (a test checks they agree).
  static let versions = 1...3
  /// The custom property's name.
  static let property = "trackport"

  /// What the descriptor says that a reader needs.
  struct Contents: Equatable {
    /// The package version, which decides its tables and their known columns.
    var version: Int
    var taskCategoryOrder: [String]
    var extras: Extras
    /// Each table's member path, as the descriptor names it.
    var paths: [CSVTable: String]
  }

  /// The descriptor text: fixed key order, 2-space indent, a trailing newline.
  ///
  /// - Parameters:
  ///   - headers: each table's header as written (unknown columns are typed `string`).
  ///   - version: the package version: its tables get a resource each.
  /// - Throws: ``CodecError`` `.unsupportedOperation` when a dataset extras number is not a
  ///   JSON number.
  static func text(headers: [CSVTable: [String]], version: Int, taskCategoryOrder: [String], extras: Extras) throws -> String {
    let resources = CSVTable.tables(version: version).map { table in
      JSONValue.object([
        JSONMember("name", .string(table.rawValue)),
        JSONMember("path", .string(table.fileName)),
        JSONMember("profile", .string("tabular-data-resource")),
        JSONMember("format", .string("csv")),
        JSONMember("mediatype", .string("text/csv")),
        JSONMember("encoding", .string("utf-8")),
        JSONMember("schema", schema(table, version: version,
                                    header: headers[table] ?? table.columns(version: version).map(\.name))),
      ])
    }
    let sortedExtras = extras.sorted { $0.key < $1.key }.map { JSONMember($0.key, $0.value) }
    let descriptor = JSONValue.object([
      JSONMember("profile", .string("tabular-data-package")),
      JSONMember("name", .string("trackport-dataset")),
      JSONMember(property, .object([
        JSONMember("version", .number(String(version))),
        JSONMember("taskCategoryOrder", .array(taskCategoryOrder.map(JSONValue.string))),
        JSONMember("extras", .object(sortedExtras)),
      ])),
      JSONMember("resources", .array(resources)),
    ])
    do {
      return try JSONText.pretty(descriptor) + "\n"
    } catch {
      throw CodecError(.unsupportedOperation, "extras value: \(error.message)", location: SourceLocation(pointer: "/extras"))
    }
  }

  /// A Table Schema for a table of a package of `version` with this header.
  static func schema(_ table: CSVTable, version: Int, header: [String]) -> JSONValue {
    let known = Dictionary(table.columns(version: version).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let fields = header.map { name -> JSONValue in
      guard let column = known[name] else {
        if name == CSVTable.extrasColumn {
          return .object([JSONMember("name", .string(name)), JSONMember("type", .string("object")),
                          JSONMember("description", .string("The row's extras: a JSON object of namespaces; empty cell = none."))])
        }
        return .object([JSONMember("name", .string(name)), JSONMember("type", .string("string")),
                        JSONMember("description", .string("A column kept from the source, in extras[\"csv\"]."))])
      }
      var members = [JSONMember("name", .string(column.name)), JSONMember("type", .string(column.type))]
      if let format = column.format { members.append(JSONMember("format", .string(format))) }
      members.append(JSONMember("description", .string(column.description)))
      var constraints: [JSONMember] = []
      if column.required { constraints.append(JSONMember("required", .bool(true))) }
      if let pattern = column.pattern { constraints.append(JSONMember("pattern", .string(pattern))) }
      if let allowed = column.allowed { constraints.append(JSONMember("enum", .array(allowed.map(JSONValue.string)))) }
      if !constraints.isEmpty { members.append(JSONMember("constraints", .object(constraints))) }
      return .object(members)
    }
    var schema = [
      JSONMember("fields", .array(fields)),
      JSONMember("missingValues", .array([.string("")])),
      JSONMember("primaryKey", .array(table.primaryKey.map(JSONValue.string))),
    ]
    if !table.foreignKeys.isEmpty {
      schema.append(JSONMember("foreignKeys", .array(table.foreignKeys.map { key in
        .object([JSONMember("fields", .string(key.field)),
                 JSONMember("reference", .object([JSONMember("resource", .string(key.table.rawValue)),
                                                  JSONMember("fields", .string(key.reference))]))])
      })))
    }
    return .object(schema)
  }

  /// Reads a descriptor; `members` are the package's files, to check the tables exist.
  ///
  /// A resource the package's version does not define (an `entries` resource in a package of
  /// version 1) is not read, as before version 2.
  ///
  /// - Parameter versions: the versions to accept (another build's, in tests).
  /// - Throws: ``CodecError`` `.malformedInput` for text that is not a descriptor, no
  ///   `trackport` property, a table of its version without a resource or whose file is
  ///   missing; `.unsupportedVersion` for a `trackport.version` outside `versions`.
  static func read(_ text: String, file: String, members: [String],
                   versions: ClosedRange<Int> = CSVPackageDescriptor.versions) throws -> Contents {
    let location = SourceLocation(file: file)
    let root: JSONValue
    do {
      root = try JSONText.parse(text)
    } catch {
      var (line, column) = (1, 1)
      for b in text.utf8.prefix(error.offset) {
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
      }
      throw CodecError(.malformedInput, error.message, location: SourceLocation(file: file, line: line, column: column))
    }
    guard case .object = root, let trackport = root[property], case .object = trackport else {
      throw CodecError(.malformedInput, "\(fileName) has no \"\(property)\" object: not a TrackerPort CSV package",
                       location: location, note: "a TrackerPort package's descriptor has \"trackport\": {\"version\": 1, ...}")
    }
    guard case .number(let number)? = trackport["version"], let value = Double(number) else {
      throw CodecError(.malformedInput, "\"trackport\" has no numeric \"version\"", location: SourceLocation(file: file, pointer: "/trackport"))
    }
    guard value.rounded() == value, value >= Double(versions.lowerBound), value <= Double(versions.upperBound) else {
      let known = versions.count == 1 ? "version \(versions.lowerBound)" : "versions \(versions.lowerBound) to \(versions.upperBound)"
      throw CodecError(.unsupportedVersion, "package version \(number) is not supported",
                       location: SourceLocation(file: file, pointer: "/trackport/version"),
                       note: "this build reads \(known)" + (value > Double(versions.upperBound) ? "; a newer TrackerPort wrote it" : ""))
    }
    let version = Int(value)
    var contents = Contents(version: version, taskCategoryOrder: TaskCategory.allCases.map(\.rawValue), extras: [:], paths: [:])
    switch trackport["taskCategoryOrder"] {
    case nil: break
    case .array(let names)?:
      contents.taskCategoryOrder = try names.map { name in
        guard case .string(let text) = name else {
          throw CodecError(.malformedInput, "\"taskCategoryOrder\" holds a value that is not text",
                           location: SourceLocation(file: file, pointer: "/trackport/taskCategoryOrder"))
        }
        return text
      }
    default:
      throw CodecError(.malformedInput, "\"taskCategoryOrder\" is not an array",
                       location: SourceLocation(file: file, pointer: "/trackport/taskCategoryOrder"))
    }
    switch trackport["extras"] {
    case nil: break
    case .object(let members)?: contents.extras = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    default:
      throw CodecError(.malformedInput, "\"extras\" is not an object", location: SourceLocation(file: file, pointer: "/trackport/extras"))
    }
    guard case .array(let resources)? = root["resources"] else {
      throw CodecError(.malformedInput, "\(fileName) has no \"resources\" array", location: location)
    }
    let tables = CSVTable.tables(version: version)
    for table in tables {
      guard let resource = resources.first(where: { $0["name"]?.stringValue == table.rawValue }),
            let path = resource["path"]?.stringValue else {
        throw CodecError(.malformedInput, "\(fileName) has no resource \"\(table.rawValue)\" with a \"path\"", location: location,
                         note: "a TrackerPort package of version \(version) has the resources " + tables.map(\.rawValue).joined(separator: ", "))
      }
      guard !path.split(separator: "/").contains(".."),
            members.contains(path) else {
        throw CodecError(.malformedInput, "resource \"\(table.rawValue)\" names \(path), which the package does not hold",
                         location: location, note: "the package holds: " + members.joined(separator: ", "))
      }
      contents.paths[table] = path
    }
    return contents
  }
}
