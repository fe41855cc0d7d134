import Foundation

/// A Core Data model (`.xcdatamodel`) as far as a SQLite store depends on it: entities, their
/// attributes and relationships, with the options that change the table layout or the model
/// version hashes (`docs/ios-tracker.md`, "Writing"). Options that change neither
/// (`usesScalarValueType`, class names, default values, delete rules) are not kept.
struct CoreDataModel: Sendable, Equatable {
  /// An attribute type, by the name the model editor writes (`attributeType="Integer 16"`).
  enum AttributeType: String, Sendable, CaseIterable {
    case integer16 = "Integer 16", integer32 = "Integer 32", integer64 = "Integer 64", decimal = "Decimal"
    case double = "Double", float = "Float", string = "String", boolean = "Boolean", date = "Date"
    case binary = "Binary", uuid = "UUID", uri = "URI", transformable = "Transformable"
    case objectID = "ObjectID", composite = "Composite"

    /// `NSAttributeType`, which the version hash includes.
    var code: Int32 {
      switch self {
      case .integer16: 100
      case .integer32: 200
      case .integer64: 300
      case .decimal: 400
      case .double: 500
      case .float: 600
      case .string: 700
      case .boolean: 800
      case .date: 900
      case .binary: 1000
      case .uuid: 1100
      case .uri: 1200
      case .transformable: 1800
      case .objectID: 2000
      case .composite: 2100
      }
    }

    /// The column type Core Data declares.
    var sqlType: String {
      switch self {
      case .integer16, .integer32, .integer64, .boolean, .objectID: "INTEGER"
      case .date: "TIMESTAMP"
      case .double, .float: "FLOAT"
      case .decimal: "DECIMAL"
      case .string, .uri: "VARCHAR"
      case .binary, .uuid, .transformable, .composite: "BLOB"
      }
    }

    /// Where the column goes in `CREATE TABLE`: Core Data sorts columns by type (integers and
    /// to-one keys, then dates and floats, decimals, strings, UUIDs, other blobs), stably.
    var columnWeight: Int {
      switch self {
      case .integer16, .integer32, .integer64, .boolean, .objectID: 1
      case .date, .double, .float: 2
      case .decimal: 3
      case .string, .uri: 4
      case .uuid: 5
      case .binary, .transformable, .composite: 6
      }
    }
  }

  struct Attribute: Sendable, Equatable {
    var name: String
    var type: AttributeType
    var optional = false
    var transient = false
    var allowsExternalStorage = false
    var preservesValueInHistoryOnDeletion = false
    var versionHashModifier: String? = nil
  }

  struct Relationship: Sendable, Equatable {
    var name: String
    var destination: String
    var inverse: String?
    var toMany: Bool
    var optional = true
    var transient = false
    var ordered = false
    /// `maxCount` as the model says it; absent: 1 for to-one, 0 (unbounded) for to-many.
    var maxCount: Int32? = nil
    var minCount: Int32 = 0
    var versionHashModifier: String? = nil

    var effectiveMaxCount: Int32 { maxCount ?? (toMany ? 0 : 1) }
    /// A to-one relationship has a column (`Z` + its name) holding the destination's `Z_PK`.
    var hasColumn: Bool { !transient && effectiveMaxCount == 1 }
  }

  struct Entity: Sendable, Equatable {
    var name: String
    var isAbstract = false
    var parent: String? = nil
    var versionHashModifier: String? = nil
    var attributes: [Attribute]
    var relationships: [Relationship]
    /// Each constraint is its property names, in the model's order.
    var uniquenessConstraints: [[String]] = []

    /// `Z` + the name upper-cased: the table of a root entity.
    var table: String { "Z" + name.uppercased() }
  }

  var entities: [Entity]
  /// `userDefinedModelVersionIdentifier`, stored in `NSStoreModelVersionIdentifiers`.
  var versionIdentifier = ""

  func entity(_ name: String) -> Entity? { entities.first { $0.name == name } }

  /// Entity numbers (`Z_ENT`) as Core Data assigns them: root entities sorted by name
  /// ignoring case, each followed depth-first by its sub-entities (sorted the same way).
  var entityNumbers: [String: Int] {
    var numbers: [String: Int] = [:]
    func byName(_ list: [Entity]) -> [Entity] {
      list.sorted { $0.name.caseInsensitiveCompare($1.name) == .orderedAscending }
    }
    func assign(_ entity: Entity) {
      numbers[entity.name] = numbers.count + 1
      for child in byName(entities.filter { $0.parent == entity.name }) { assign(child) }
    }
    for root in byName(entities.filter { $0.parent == nil }) { assign(root) }
    return numbers
  }

  /// Whether the model has what this writer lays out: no inheritance and no many-to-many
  /// relationship (none of the Tracker models has either).
  var isFlat: Bool {
    entities.allSatisfy { entity in
      entity.parent == nil && entity.relationships.allSatisfy { relationship in
        guard relationship.toMany, let inverse = relationship.inverse,
              let other = self.entity(relationship.destination)?.relationships.first(where: { $0.name == inverse }) else { return true }
        return !other.toMany
      }
    }
  }

  /// The columns of a root entity's table after `Z_PK, Z_ENT, Z_OPT`, in Core Data's order:
  /// name and SQL type.
  func columns(of entity: Entity) -> [(name: String, type: String)] {
    var list: [(name: String, type: String, weight: Int)] = []
    for attribute in entity.attributes.filter({ !$0.transient }).sorted(by: { $0.name < $1.name }) {
      list.append(("Z" + attribute.name.uppercased(), attribute.type.sqlType, attribute.type.columnWeight))
    }
    for relationship in entity.relationships.filter(\.hasColumn).sorted(by: { $0.name < $1.name }) {
      list.append(("Z" + relationship.name.uppercased(), "INTEGER", 1))
    }
    // A stable sort by weight, as Core Data's merge sort is.
    let ordered = list.enumerated().sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }
    return ordered.map { ($0.element.name, $0.element.type) }
  }

  /// The schema Core Data creates for the model, statement by statement, as `sqlite_master`
  /// keeps it: entity tables in entity-number order, the to-one indexes, then
  /// `Z_PRIMARYKEY` and `Z_METADATA`. For a flat model (``isFlat``). `Z_MODELCACHE` (a
  /// compressed archive of the model, which only Apple's frameworks can make) is left out:
  /// Core Data creates it when it opens a store without one.
  var schema: [String] {
    let numbers = entityNumbers
    let ordered = entities.sorted { numbers[$0.name, default: 0] < numbers[$1.name, default: 0] }
    var statements: [String] = []
    for entity in ordered {
      let columns = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"] + columns(of: entity).map { "\($0.name) \($0.type)" }
      statements.append("CREATE TABLE \(entity.table) ( \(columns.joined(separator: ", ")) )")
    }
    for entity in ordered {
      for relationship in entity.relationships.filter(\.hasColumn).sorted(by: { $0.name < $1.name }) {
        let column = "Z" + relationship.name.uppercased()
        statements.append("CREATE INDEX \(entity.table)_\(column)_INDEX ON \(entity.table) (\(column))")
      }
    }
    statements += Self.bookkeepingTables
    return statements
  }

  /// Core Data's own tables: the key counters and the metadata.
  static let bookkeepingTables = [
    "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
    "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
  ]
}
