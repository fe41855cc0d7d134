import Foundation

/// The six known Tracker apps (`docs/ios-tracker.md`), each with its own Core Data model: how
/// it names its entities and columns and how it encodes each value.
struct TrackerIOSVariant: Sendable, Hashable {
  enum ColorEncoding: Sendable { case hex, assetName, archivedColor, paletteIndex }
  enum ScheduleEncoding: Sendable {
    /// `"monday, wednesday"` (older builds: Russian day names).
    case dayNames
    /// Calendar weekday numbers joined with commas, 1 = Sunday … 7 = Saturday; NULL = event.
    case weekdayNumbers
    /// One row per weekday in a schedule entity, Calendar numbers.
    case weekdayRows
    /// An `NSKeyedArchiver` array of day names (`["MONDAY", "FRIDAY"]`).
    case archivedNames
    /// JSON text of day names (`["Понедельник","Среда"]`).
    case jsonNames
    /// Seven positional characters, Monday first, `0` for a day off (`"1030500"`).
    case positional
  }

  /// `azonaz`, `xcode73`, …: the `variant` extras and the docs name them so.
  var id: String
  var categoryEntity: String
  var trackerEntity: String
  var recordEntity: String
  var scheduleEntity: String?
  /// Column of the category's title.
  var categoryTitle: String
  /// Column of the tracker's name, its UUID, its emoji.
  var trackerName: String
  var trackerId: String
  var emoji: String
  var emojiIsIndex = false
  var color: ColorEncoding
  var schedule: ScheduleEncoding
  /// The record's column holding its tracker's id (the apps' record `id` is the tracker's).
  var recordTrackerId: String
  /// DmnUAll writes the record day as a short date string.
  var recordDateIsText = false
  /// Columns the tracker table must have for the tables-and-columns identification.
  var trackerSignature: Set<String>
  var recordSignature: Set<String>
  var categorySignature: Set<String>

  static let azonaz = TrackerIOSVariant(
    id: "azonaz", categoryEntity: "TrackerCategoryCD", trackerEntity: "TrackerCD", recordEntity: "TrackerRecordCD",
    categoryTitle: "ZTITLE", trackerName: "ZTITLE", trackerId: "ZID", emoji: "ZEMODJI", color: .hex, schedule: .dayNames,
    recordTrackerId: "ZID",
    trackerSignature: ["ZTITLE", "ZEMODJI", "ZCOLOR", "ZSCHEDULE", "ZID"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZTITLE"])

  static let xcode73 = TrackerIOSVariant(
    id: "xcode73", categoryEntity: "CategoryCoraData", trackerEntity: "TrackerCoreData", recordEntity: "RecordCoreData",
    scheduleEntity: "ScheduleCoreData",
    categoryTitle: "ZTITLE", trackerName: "ZTITLE", trackerId: "ZTRACKERID", emoji: "ZEMOJI", color: .assetName,
    schedule: .weekdayRows, recordTrackerId: "ZTRACKERID",
    trackerSignature: ["ZTITLE", "ZEMOJI", "ZCOLOR", "ZTRACKERID"], recordSignature: ["ZDATE", "ZTRACKERID"],
    categorySignature: ["ZTITLE"])

  static let teenagelove = TrackerIOSVariant(
    id: "teenagelove", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .archivedColor,
    schedule: .weekdayNumbers, recordTrackerId: "ZID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZISPINNED", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"])

  static let headlinerten = TrackerIOSVariant(
    id: "headlinerten", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZTITLE", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .archivedColor,
    schedule: .jsonNames, recordTrackerId: "ZTRACKERID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZTRACKERID"],
    categorySignature: ["ZTITLE"])

  static let dmnUAll = TrackerIOSVariant(
    id: "DmnUAll", categoryEntity: "TrackerCategoryCD", trackerEntity: "TrackerCD", recordEntity: "TrackerRecordCD",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .hex, schedule: .archivedNames,
    recordTrackerId: "ZID", recordDateIsText: true,
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"])

  static let morethendeviant = TrackerIOSVariant(
    id: "morethendeviant", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", emojiIsIndex: true,
    color: .paletteIndex, schedule: .positional, recordTrackerId: "ZID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"])

  /// The app's Core Data model (what a written store is laid out and hashed from).
  var model: CoreDataModel {
    switch id {
    case "azonaz": .azonaz
    case "xcode73": .xcode73
    case "teenagelove": .teenagelove
    case "headlinerten": .headlinerten
    case "DmnUAll": .dmnUAll
    default: .morethendeviant
    }
  }

  /// `NSStoreModelVersionHashes` of the app's model at the documented commit, lower-case hex:
  /// computed from ``model``, what a store of this app says in its `Z_METADATA`.
  var hashes: [String: String] { model.versionHashes.mapValues { CoreDataStore.hex(Data($0)) } }

  /// Whether the app has a pinned flag (headlinerten and morethendeviant have none).
  var hasPinned: Bool { ["azonaz", "xcode73", "teenagelove", "DmnUAll"].contains(id) }
  /// Whether the app tells an irregular event from a habit (a tracker with no schedule);
  /// Azonaz, DmnUAll and morethendeviant plan an event like a habit.
  var keepsEvents: Bool { ["xcode73", "teenagelove", "headlinerten"].contains(id) }
  /// The store's file name in the app's container (`Library/Application Support/`).
  var storeFileName: String {
    switch id {
    case "headlinerten": "TrackerDataModel.sqlite"
    case "DmnUAll": "Tracker_ios.sqlite"
    case "morethendeviant": "TrackerCoreDataModel.sqlite"
    default: "Tracker.sqlite"
    }
  }

  /// The variant named `name` (`azonaz`, `dmnuall`: any case).
  static func named(_ name: String) -> TrackerIOSVariant? {
    all.first { $0.id.lowercased() == name.lowercased() }
  }

  /// In the order the documentation lists them (and `trackport formats` its shapes).
  static let listed: [TrackerIOSVariant] = [.azonaz, .xcode73, .teenagelove, .headlinerten, .dmnUAll, .morethendeviant]

  /// In the order the tables-and-columns identification tries them: the more specific first
  /// (teenagelove's trackers have every column headlinerten's and morethendeviant's have).
  static let all: [TrackerIOSVariant] = [.xcode73, .azonaz, .dmnUAll, .teenagelove, .headlinerten, .morethendeviant]

  /// How the store was recognised.
  enum Evidence: Sendable { case hashes, columns }

  /// The variant whose model hashes the store's `Z_METADATA` holds, else the first whose
  /// entities (in `Z_PRIMARYKEY`) and columns the store has.
  static func identify(_ store: CoreDataStore) -> (TrackerIOSVariant, Evidence)? {
    if let match = all.first(where: { $0.hashes == store.versionHashes }) { return (match, .hashes) }
    for variant in all {
      guard let tracker = store.entity(variant.trackerEntity), let record = store.entity(variant.recordEntity),
            let category = store.entity(variant.categoryEntity),
            store.columns[store.table(of: tracker)]?.isSuperset(of: variant.trackerSignature) == true,
            store.columns[store.table(of: record)]?.isSuperset(of: variant.recordSignature) == true,
            store.columns[store.table(of: category)]?.isSuperset(of: variant.categorySignature) == true else { continue }
      if let schedule = variant.scheduleEntity {
        guard let entity = store.entity(schedule), store.columns[store.table(of: entity)]?.contains("ZWEEKDAY") == true else { continue }
      }
      if variant.id == "headlinerten" || variant.id == "morethendeviant" {
        // Told apart by the category's title column and the record's tracker-id column.
        guard store.columns[store.table(of: tracker)]?.contains("ZISPINNED") != true else { continue }
      }
      return (variant, .columns)
    }
    return nil
  }
}
