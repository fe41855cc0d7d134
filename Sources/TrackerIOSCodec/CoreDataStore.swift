import Foundation
// Internal, as in the Loop codec: GRDB's SQL operators must not leak to clients.
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// The generic layer of a Core Data SQLite store (`docs/ios-tracker.md`, from the layout
/// Core Data writes): its entities from `Z_PRIMARYKEY` (number, name, super-entity, highest
/// key), the table and columns of each root entity, and `Z_METADATA` (store UUID and the model
/// version hashes of its binary property list). Entity numbers are always looked up here by
/// name, never assumed.
struct CoreDataStore {
  struct Entity: Hashable {
    var number: Int
    var name: String
    var superNumber: Int
    var maxKey: Int
  }

  var entities: [Entity]
  /// Upper-case table name → upper-case column names, for every table of the file.
  var columns: [String: Set<String>]
  /// `Z_METADATA.Z_UUID`.
  var storeUUID: String?
  /// `NSStoreModelVersionHashes`: entity name → lower-case hex of its 32-byte hash.
  var versionHashes: [String: String]
  /// `NSPersistenceFrameworkVersion`, when the plist says it.
  var frameworkVersion: Int?

  /// The entity named `name` (exact case, as Core Data writes it).
  func entity(_ name: String) -> Entity? { entities.first { $0.name == name } }

  /// `Z` + the root entity's name upper-cased: the table an entity's rows live in.
  func table(of entity: Entity) -> String {
    var root = entity
    var seen: Set<Int> = [entity.number]
    while root.superNumber != 0, let parent = entities.first(where: { $0.number == root.superNumber }),
          seen.insert(parent.number).inserted {
      root = parent
    }
    return "Z" + root.name.uppercased()
  }

  /// Reads the layer, or throws a located error naming what is missing.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` when the database has no `Z_PRIMARYKEY` or
  ///   `Z_METADATA` table (not a Core Data store).
  static func read(_ db: Database, fileName: String) throws -> CoreDataStore {
    let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    var columns: [String: Set<String>] = [:]
    for table in tables {
      let names = try Row.fetchAll(db, sql: "PRAGMA table_info(\(quoted(table)))")
        .compactMap { text($0["name"])?.uppercased() }
      columns[table.uppercased()] = Set(names)
    }
    guard let keys = columns["Z_PRIMARYKEY"], keys.isSuperset(of: ["Z_ENT", "Z_NAME"]), columns["Z_METADATA"] != nil else {
      throw CodecError(.malformedInput,
                       tables.isEmpty ? "not a Core Data store: the database is empty (it has no tables)"
                                      : "not a Core Data store: the database has no Z_PRIMARYKEY and Z_METADATA tables",
                       location: SourceLocation(file: fileName),
                       note: "an iOS Tracker app keeps its data in Library/Application Support/<Name>.sqlite, which Core Data created with those tables")
    }
    var entities: [Entity] = []
    let superColumn = keys.contains("Z_SUPER") ? "Z_SUPER" : "0"
    let maxColumn = keys.contains("Z_MAX") ? "Z_MAX" : "0"
    for row in try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, \(superColumn), \(maxColumn) FROM Z_PRIMARYKEY ORDER BY Z_ENT") {
      guard let number = integer(row[0]), let name = text(row[1]) else { continue }
      entities.append(Entity(number: number, name: name, superNumber: integer(row[2]) ?? 0, maxKey: integer(row[3]) ?? 0))
    }
    var store = CoreDataStore(entities: entities, columns: columns, storeUUID: nil, versionHashes: [:], frameworkVersion: nil)
    if columns["Z_METADATA"]?.isSuperset(of: ["Z_UUID", "Z_PLIST"]) == true,
       let row = try Row.fetchOne(db, sql: "SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1") {
      store.storeUUID = text(row[0])
      let value: DatabaseValue = row[1]
      if case .blob(let plist) = value.storage {
        (store.versionHashes, store.frameworkVersion) = Self.metadata(plist)
      }
    }
    return store
  }

  /// The model version hashes and framework version of a `Z_PLIST` binary property list;
  /// nothing when it is not one.
  static func metadata(_ plist: Data) -> (hashes: [String: String], framework: Int?) {
    guard let object = try? PropertyListSerialization.propertyList(from: plist, options: [], format: nil),
          let dictionary = object as? [String: Any] else { return ([:], nil) }
    var hashes: [String: String] = [:]
    if let stored = dictionary["NSStoreModelVersionHashes"] as? [String: Any] {
      for (name, value) in stored {
        if let data = value as? Data { hashes[name] = hex(data) }
      }
    }
    let framework = (dictionary["NSPersistenceFrameworkVersion"] as? NSNumber)?.intValue
    return (hashes, framework)
  }

  /// An identifier quoted for SQL (`"na""me"`): table names come from the file.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Text only when SQLite holds text (GRDB would stop the process on a failed conversion).
  static func text(_ value: DatabaseValue) -> String? {
    if case .string(let text) = value.storage { return text }
    return nil
  }

  /// An integer (a whole real counts); anything else is `nil`.
  static func integer(_ value: DatabaseValue) -> Int? {
    switch value.storage {
    case .int64(let number): return Int(truncatingIfNeeded: number)
    case .double(let number) where number.rounded() == number && abs(number) < 9e15: return Int(number)
    default: return nil
    }
  }

  /// Lower-case hex of bytes.
  static func hex(_ data: Data) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(data.count * 2)
    for byte in data {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Seconds since 2001-01-01 (Core Data's `TIMESTAMP`), integer or real, as seconds since
  /// 1970; `nil` for anything else (text, a blob, NULL).
  static func timestamp(_ value: DatabaseValue) -> Double? {
    switch value.storage {
    case .int64(let seconds): abs(seconds) < maximumSeconds ? Double(seconds) + 978_307_200 : nil
    case .double(let seconds): seconds.isFinite && abs(seconds) < Double(maximumSeconds) ? seconds + 978_307_200 : nil
    default: nil
    }
  }

  /// Dates further than this from 2001 (about 3000 years) are no day of a habit: not read.
  static let maximumSeconds: Int64 = 100_000_000_000

  /// A 16-byte UUID blob (RFC 4122 byte order) as upper-case text; `nil` for anything else.
  static func uuid(_ value: DatabaseValue) -> String? {
    guard case .blob(let data) = value.storage, data.count == 16 else { return nil }
    let bytes = [UInt8](data)
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                       bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])).uuidString
  }
}

extension CoreDataStore {
  /// What the generic layer reads from any Core Data store, for checking it against other
  /// readers: the layer itself, each entity's row count (rows of its `Z_ENT` in its table),
  /// every `TIMESTAMP` value (seconds since 1970, per `Entity.COLUMN`) and every 16-byte
  /// UUID blob (per `Entity.COLUMN`).
  struct Summary {
    var store: CoreDataStore
    var rowCounts: [String: Int] = [:]
    var dates: [String: [Double]] = [:]
    var uuids: [String: [String]] = [:]
  }

  /// Reads the summary of the store at `path` (a private copy, its `-wal` applied).
  static func summary(_ input: CodecInput, fileName: String) throws -> Summary {
    try SQLiteFile.withReadablePath(
      input, fileName: fileName, scratchPrefix: "coredata",
      notSQLite: CodecError(.malformedInput, "not a Core Data store: the file is not a SQLite database",
                            location: SourceLocation(file: fileName))) { path in
      try SQLiteFile.read(path, fileName: fileName, app: "Core Data") { db in
        let store = try read(db, fileName: fileName)
        var summary = Summary(store: store)
        for entity in store.entities {
          let table = store.table(of: entity)
          guard store.columns[table] != nil else { continue }
          summary.rowCounts[entity.name] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted(table)) WHERE Z_ENT = ?", arguments: [entity.number]) ?? 0
          let types = try Row.fetchAll(db, sql: "PRAGMA table_info(\(quoted(table)))")
          for info in types {
            guard let column = text(info["name"]), let type = text(info["type"])?.uppercased() else { continue }
            if type == "TIMESTAMP" || type == "BLOB" {
              let values = try DatabaseValue.fetchAll(db, sql: "SELECT \(quoted(column)) FROM \(quoted(table)) WHERE Z_ENT = ? ORDER BY Z_PK", arguments: [entity.number])
              if type == "TIMESTAMP" {
                summary.dates[entity.name + "." + column] = values.compactMap(timestamp)
              } else {
                let found = values.compactMap(uuid)
                if !found.isEmpty { summary.uuids[entity.name + "." + column] = found }
              }
            }
          }
        }
        return summary
      }
    }
  }
}
