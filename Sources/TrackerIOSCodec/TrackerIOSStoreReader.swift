import Foundation
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// The rows of a Tracker store, still in the app's encodings (decoded by
/// ``TrackerIOSDatasetBuilder``).
struct TrackerIOSContents {
  struct Category {
    var key: Int64
    var title: String
    var uuid: String?
  }

  struct Tracker {
    var key: Int64
    var id: String?
    var name: String
    var emojiText: String?
    var emojiIndex: Int?
    var colorText: String?
    var colorIndex: Int?
    var colorArchive: Data?
    /// Text of the schedule (names, numbers, positional, JSON), or the archive's bytes.
    var scheduleText: String?
    var scheduleData: Data?
    /// Weekday numbers of schedule rows (xcode73).
    var scheduleRows: [Int] = []
    var categoryKey: Int64?
    var originalCategoryKey: Int64?
    var categoryName: String?
    var pinned: Bool?
    /// Seconds since 1970 (converted from Core Data's 2001 epoch).
    var eventDate: Double?
    var createdAt: Double?
  }

  struct Record {
    var key: Int64
    var trackerKey: Int64?
    var trackerId: String?
    var seconds: Double?
    var dateText: String?
  }

  var variant: TrackerIOSVariant
  var evidence: TrackerIOSVariant.Evidence
  var store: CoreDataStore
  var categories: [Category] = []
  var trackers: [Tracker] = []
  var records: [Record] = []
}

/// Reads a Tracker app's Core Data store: the generic layer (``CoreDataStore``), the variant,
/// then the rows of its three (xcode73: four) entities, each table asked by name for the
/// columns it has and each entity's rows selected by the `Z_ENT` found in `Z_PRIMARYKEY`.
struct TrackerIOSStoreReader {
  let path: String
  let fileName: String

  func read() throws -> TrackerIOSContents {
    try SQLiteFile.read(path, fileName: fileName, app: "Core Data") { db in try read(db) }
  }

  private func read(_ db: Database) throws -> TrackerIOSContents {
    let store = try CoreDataStore.read(db, fileName: fileName)
    guard let (variant, evidence) = TrackerIOSVariant.identify(store) else {
      let names = store.entities.map(\.name)
      throw CodecError(
        .malformedInput,
        names.isEmpty ? "a Core Data store of no known Tracker app: it has no entities"
                      : "a Core Data store of no known Tracker app: its entities are \(names.joined(separator: ", "))",
        location: SourceLocation(file: fileName, field: "Z_PRIMARYKEY"),
        note: "known: Azonaz (TrackerCD, TrackerCategoryCD, TrackerRecordCD), xcode73 (TrackerCoreData, CategoryCoraData, RecordCoreData, ScheduleCoreData), teenagelove, headlinerten and morethendeviant (TrackerCoreData, TrackerCategoryCoreData, TrackerRecordCoreData), DmnUAll (TrackerCD with name and categoryName); see docs/ios-tracker.md")
    }
    var contents = TrackerIOSContents(variant: variant, evidence: evidence, store: store)

    func select(_ entityName: String, _ wanted: [String]) throws -> (RowCursor, Set<String>)? {
      guard let entity = store.entity(entityName) else { return nil }
      let table = store.table(of: entity)
      guard let have = store.columns[table] else { return nil }
      let list = wanted.map { have.contains($0) ? $0 : "NULL" }.joined(separator: ", ")
      let cursor = try Row.fetchCursor(db, sql: "SELECT \(list) FROM \(CoreDataStore.quoted(table)) WHERE Z_ENT = ? ORDER BY Z_PK", arguments: [entity.number])
      return (cursor, have)
    }

    if let (rows, _) = try select(variant.categoryEntity, ["Z_PK", variant.categoryTitle, "ZCATEGORYID"]) {
      while let row = try rows.next() {
        contents.categories.append(.init(key: int(row, 0) ?? 0, title: text(row, 1) ?? "", uuid: CoreDataStore.uuid(row[2])))
      }
    }
    let trackerColumns = ["Z_PK", variant.trackerId, variant.trackerName, variant.emoji, "ZCOLOR", "ZSCHEDULE",
                          "ZCATEGORY", "ZORIGINALCATEGORY", "ZCATEGORYNAME", "ZISPINNED",
                          variant.id == "xcode73" ? "ZDATE" : "NULL", "ZCREATEDAT"]
    if let (rows, _) = try select(variant.trackerEntity, trackerColumns) {
      while let row = try rows.next() {
        var tracker = TrackerIOSContents.Tracker(
          key: int(row, 0) ?? 0, id: CoreDataStore.uuid(row[1]) ?? text(row, 1), name: text(row, 2) ?? "")
        let emoji: DatabaseValue = row[3]
        switch emoji.storage {
        case .int64(let index): tracker.emojiIndex = Int(truncatingIfNeeded: index)
        case .string(let text): tracker.emojiText = text
        default: break
        }
        let color: DatabaseValue = row[4]
        switch color.storage {
        case .int64(let index): tracker.colorIndex = Int(truncatingIfNeeded: index)
        case .string(let text): tracker.colorText = text
        case .blob(let data): tracker.colorArchive = data
        default: break
        }
        let schedule: DatabaseValue = row[5]
        switch schedule.storage {
        case .string(let text): tracker.scheduleText = text
        case .blob(let data): tracker.scheduleData = data
        case .int64(let number): tracker.scheduleText = String(number)
        default: break
        }
        tracker.categoryKey = int(row, 6)
        tracker.originalCategoryKey = int(row, 7)
        tracker.categoryName = text(row, 8)
        tracker.pinned = int(row, 9).map { $0 != 0 }
        tracker.eventDate = CoreDataStore.timestamp(row[10])
        tracker.createdAt = CoreDataStore.timestamp(row[11])
        contents.trackers.append(tracker)
      }
    }
    if let scheduleEntity = variant.scheduleEntity, let (rows, _) = try select(scheduleEntity, ["ZTRACKER", "ZWEEKDAY"]) {
      var byKey: [Int64: Int] = [:]
      for index in contents.trackers.indices { byKey[contents.trackers[index].key] = index }
      while let row = try rows.next() {
        guard let key = int(row, 0), let index = byKey[key], let day = int(row, 1) else { continue }
        contents.trackers[index].scheduleRows.append(Int(truncatingIfNeeded: day))
        continue
      }
    }
    if let (rows, _) = try select(variant.recordEntity, ["Z_PK", "ZTRACKER", variant.recordTrackerId, "ZDATE"]) {
      while let row = try rows.next() {
        let date: DatabaseValue = row[3]
        var record = TrackerIOSContents.Record(key: int(row, 0) ?? 0, trackerKey: int(row, 1), trackerId: nil, seconds: nil)
        record.trackerId = CoreDataStore.uuid(row[2]) ?? text(row, 2)
        if case .string(let text) = date.storage {
          record.dateText = text
        } else {
          record.seconds = CoreDataStore.timestamp(date)
        }
        contents.records.append(record)
      }
    }
    return contents
  }

  /// Text of a column, only when SQLite holds text there (a value of another type is not
  /// converted: GRDB would stop the process on a failed conversion).
  private func text(_ row: Row, _ index: Int) -> String? {
    let value: DatabaseValue = row[index]
    if case .string(let text) = value.storage { return text }
    return nil
  }

  /// An integer column; a whole real counts, anything else is `nil`.
  private func int(_ row: Row, _ index: Int) -> Int64? {
    let value: DatabaseValue = row[index]
    switch value.storage {
    case .int64(let number): return number
    case .double(let number) where number.rounded() == number && abs(number) < 9e15: return Int64(number)
    default: return nil
    }
  }
}
