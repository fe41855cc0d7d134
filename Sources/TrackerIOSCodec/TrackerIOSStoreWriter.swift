import Foundation
// Internal, as in the reader: GRDB's SQL operators must not leak to clients.
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// Writes a ``TrackerIOSStorePlan`` as a Core Data store, built in a private temporary folder
/// (``ScratchFolder``) and handed over as the bytes of one `.sqlite` file, checkpointed (no
/// `-wal` to copy) and in rollback-journal mode, so that its header says it is whole: a WAL
/// file without its log is warned about when read (``SQLiteFile/missingLog``), and Core Data
/// turns the store to WAL again when the app opens it.
///
/// - A **new store** is laid out from the variant's model (``CoreDataModel/schema``): tables,
///   entity numbers, `Z_PRIMARYKEY` whose `Z_MAX` covers every key, and `Z_METADATA` with a
///   new store UUID and the model's version hashes, digest and checksum (what Core Data checks
///   when the app opens it). `Z_MODELCACHE` is left for Core Data to create.
/// - A **template** (a store the app itself created) is copied with its `-wal` applied; its
///   metadata and model cache are kept, the rows of the model's entities replaced, and each
///   `Z_MAX` raised to cover the new keys (never lowered).
struct TrackerIOSStoreWriter {
  let fileName: String
  /// The `Z_UUID` of a new store; `nil` for a fresh random one, as Core Data makes.
  var storeUUID: String? = nil

  /// `NSPersistenceFrameworkVersion` of a new store: Core Data's of 2024 (iOS 17 and 18), which
  /// starts none of the repairs Core Data runs on older stores.
  static let frameworkVersion = 1344

  /// A new store of `variant` holding `plan`.
  ///
  /// - Throws: ``CodecError`` `.io` when the temporary database cannot be written.
  func bytes(of plan: TrackerIOSStorePlan, variant: TrackerIOSVariant) throws -> [UInt8] {
    try ScratchFolder.with(prefix: "tracker-ios", fileName: fileName) { folder in
      let path = folder + "/" + variant.storeFileName
      try building {
        let queue = try DatabaseQueue(path: path)
        let model = variant.model
        let numbers = model.entityNumbers
        try queue.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA page_size = 4096")
          try db.execute(sql: "PRAGMA auto_vacuum = 2")
          try db.inTransaction {
            for statement in model.schema { try db.execute(sql: statement) }
            for entity in model.entities.sorted(by: { numbers[$0.name]! < numbers[$1.name]! }) {
              let rows = plan.rows[entity.name] ?? []
              try insert(rows, into: entity.table, number: numbers[entity.name]!,
                         columns: model.columns(of: entity).map(\.name), db: db)
              try db.execute(sql: "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, ?)",
                             arguments: [numbers[entity.name]!, entity.name, rows.count])
            }
            try db.execute(sql: "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
                           arguments: [storeUUID ?? UUID().uuidString, Data(Self.metadata(of: model))])
            return .commit
          }
          _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
        }
        try queue.close()
      }
      return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }

  /// `Z_METADATA.Z_PLIST` of a new store of `model`: a binary property list.
  static func metadata(of model: CoreDataModel) -> [UInt8] {
    let hashes = model.versionHashes
    return BinaryPropertyList.dictionary([
      ("NSPersistenceFrameworkVersion", .integer(frameworkVersion)),
      ("NSStoreModelVersionHashes", .dictionary(hashes.keys.sorted().map { ($0, .data(hashes[$0]!)) })),
      ("NSStoreModelVersionHashesDigest", .string(CoreDataModel.versionHashesDigest(hashes))),
      ("NSStoreModelVersionChecksumKey", .string(CoreDataModel.versionChecksum(hashes))),
      ("NSStoreModelVersionHashesVersion", .integer(3)),
      ("NSStoreModelVersionIdentifiers", .array([.string(model.versionIdentifier)])),
      ("NSStoreType", .string("SQLite")),
      ("_NSAutoVacuumLevel", .string("2")),
    ]).bytes
  }

  /// The template at `templatePath` (with its `-wal`) with the rows of `plan`, and a warning
  /// for each column of the template this writer does not know (left empty).
  ///
  /// - Throws: ``CodecError`` `.io` when the copy cannot be made or written;
  ///   `.malformedInput` when the template lacks a table of the variant.
  func bytes(of plan: TrackerIOSStorePlan, variant: TrackerIOSVariant, template templatePath: String) throws -> ([UInt8], [Diagnostic]) {
    try ScratchFolder.with(prefix: "tracker-ios", fileName: fileName) { folder in
      let path = folder + "/" + variant.storeFileName
      var warnings: [Diagnostic] = []
      try building {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: templatePath + suffix) {
          try FileManager.default.copyItem(atPath: templatePath + suffix, toPath: path + suffix)
        }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
          _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
          let store = try CoreDataStore.read(db, fileName: templatePath)
          try db.inTransaction {
            for entity in variant.model.entities {
              guard let stored = store.entity(entity.name), let have = store.columns[store.table(of: stored)] else {
                throw CodecError(.malformedInput, "the template has no table of the entity \(entity.name) of the \(variant.id) app",
                                 location: SourceLocation(file: templatePath, field: entity.name))
              }
              let table = store.table(of: stored)
              let rows = plan.rows[entity.name] ?? []
              let known = variant.model.columns(of: entity).map(\.name)
              let unknown = have.subtracting(known + ["Z_PK", "Z_ENT", "Z_OPT"]).sorted()
              if !unknown.isEmpty {
                warnings.append(Diagnostic(
                  code: TrackerIOSCodec.templateColumns.code, severity: .warning,
                  message: "the template's \(entity.name) has column(s) the documented model has not: \(unknown.joined(separator: ", ")); left empty",
                  location: SourceLocation(file: templatePath, field: entity.name),
                  note: "the template comes from another build of the app; check the store in the app before relying on it"))
              }
              try db.execute(sql: "DELETE FROM \(CoreDataStore.quoted(table)) WHERE Z_ENT = ?", arguments: [stored.number])
              try insert(rows, into: table, number: stored.number, columns: known.filter(have.contains), db: db)
              try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = max(coalesce(Z_MAX, 0), ?) WHERE Z_ENT = ?",
                             arguments: [rows.count, stored.number])
            }
            return .commit
          }
          _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
        }
        try queue.close()
      }
      return (try Array(Data(contentsOf: URL(fileURLWithPath: path))), warnings)
    }
  }

  /// Inserts `rows` (`Z_PK` 1, 2, … in order, `Z_OPT` 1) with the values of `columns`.
  private func insert(_ rows: [[String: StoreValue]], into table: String, number: Int, columns: [String], db: Database) throws {
    guard !rows.isEmpty else { return }
    let names = ["Z_PK", "Z_ENT", "Z_OPT"] + columns
    let statement = try db.makeStatement(sql: """
      INSERT INTO \(CoreDataStore.quoted(table)) (\(names.joined(separator: ", "))) \
      VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))
      """)
    for (index, row) in rows.enumerated() {
      var values: [DatabaseValue] = [(index + 1).databaseValue, number.databaseValue, 1.databaseValue]
      for column in columns {
        switch row[column] ?? .null {
        case .null: values.append(.null)
        case .integer(let value): values.append(value.databaseValue)
        case .real(let value): values.append(value.databaseValue)
        case .text(let value): values.append(value.databaseValue)
        case .blob(let value): values.append(Data(value).databaseValue)
        }
      }
      try statement.execute(arguments: StatementArguments(values))
    }
  }

  /// Runs `body`, turning SQLite and file errors into ``CodecError`` `.io` at the output.
  private func building(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let error as CodecError {
      throw error
    } catch let error as DatabaseError {
      throw CodecError(.io, "cannot build the store: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")",
                       location: SourceLocation(file: fileName))
    } catch {
      throw CodecError(.io, "cannot build the store: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
    }
  }
}
