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
  /// `NSStoreModelVersionHashes` of the app's model at the documented commit.
  var hashes: [String: String]

  static let azonaz = TrackerIOSVariant(
    id: "azonaz", categoryEntity: "TrackerCategoryCD", trackerEntity: "TrackerCD", recordEntity: "TrackerRecordCD",
    categoryTitle: "ZTITLE", trackerName: "ZTITLE", trackerId: "ZID", emoji: "ZEMODJI", color: .hex, schedule: .dayNames,
    recordTrackerId: "ZID",
    trackerSignature: ["ZTITLE", "ZEMODJI", "ZCOLOR", "ZSCHEDULE", "ZID"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZTITLE"],
    hashes: ["TrackerCategoryCD": "101413387f336e476e9bb339fad5e6a0f3eb035247cd71f241c11db9a6cea52f",
             "TrackerCD": "105553de0d7a61acd8208b13fdee88649e29b675428ae2bdcb4af40331e96100",
             "TrackerRecordCD": "53e2a478a881126e601818082a4a70f751f3e4ba422729d26cdd1c6deaad3d40"])

  static let xcode73 = TrackerIOSVariant(
    id: "xcode73", categoryEntity: "CategoryCoraData", trackerEntity: "TrackerCoreData", recordEntity: "RecordCoreData",
    scheduleEntity: "ScheduleCoreData",
    categoryTitle: "ZTITLE", trackerName: "ZTITLE", trackerId: "ZTRACKERID", emoji: "ZEMOJI", color: .assetName,
    schedule: .weekdayRows, recordTrackerId: "ZTRACKERID",
    trackerSignature: ["ZTITLE", "ZEMOJI", "ZCOLOR", "ZTRACKERID"], recordSignature: ["ZDATE", "ZTRACKERID"],
    categorySignature: ["ZTITLE"],
    hashes: ["CategoryCoraData": "dc5d6a92181843110fefac1f5233a282051e0e8d4acd79f493909939b53573b0",
             "RecordCoreData": "3a428162c73c871d8face707efc6585459d906cf4933365dd8e526fdb5bb215d",
             "ScheduleCoreData": "c8ea30eccdee0c96ffcebf31e1080cb835dfe03792afd0e282482a89a139c370",
             "StatisticCoreData": "ffea854117992eacd4690d3fe2dfe121fa4b305b51339905f0ca56940a952d25",
             "TrackerCoreData": "4706be12d32bc81d36f54429d951410087ba6afa0be1a85260bb16bea866986b"])

  static let teenagelove = TrackerIOSVariant(
    id: "teenagelove", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .archivedColor,
    schedule: .weekdayNumbers, recordTrackerId: "ZID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZISPINNED", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"],
    hashes: ["TrackerCategoryCoreData": "40e09f1a2569fe00519d86bace443b48c2d0ae0fdf7b93d10fc778fa429ab061",
             "TrackerCoreData": "2ae45531edecb877959803234e76121e22420c12644171d27998aaad73d19411",
             "TrackerRecordCoreData": "f9aeadb5742328d44f7be0c6b4826fa068ed7aed0480f837b09bd12f7c905805"])

  static let headlinerten = TrackerIOSVariant(
    id: "headlinerten", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZTITLE", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .archivedColor,
    schedule: .jsonNames, recordTrackerId: "ZTRACKERID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZTRACKERID"],
    categorySignature: ["ZTITLE"],
    hashes: ["TrackerCategoryCoreData": "47a7da7c3b62eb3fd35f0d2d5f677fe3675885600fbf75aa80f7957623f809b3",
             "TrackerCoreData": "48c340a96006d25c7a8679e96496277efdd25c08e7bb0ce393b693777ee7b285",
             "TrackerRecordCoreData": "2a5893a63e92db6614103afef8c239123f8519d4b697a32d8d540e0b2e09018f"])

  static let dmnUAll = TrackerIOSVariant(
    id: "DmnUAll", categoryEntity: "TrackerCategoryCD", trackerEntity: "TrackerCD", recordEntity: "TrackerRecordCD",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", color: .hex, schedule: .archivedNames,
    recordTrackerId: "ZID", recordDateIsText: true,
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"],
    hashes: ["TrackerCategoryCD": "e55c86c05a4fc7a96d819c13e9a62fd8114bf3e5fe9524869d73e9c2e6efa37c",
             "TrackerCD": "4bed9d3ce8105f80b23ff0965bc77330be4db974a537af10bc7a47501e2ac815",
             "TrackerRecordCD": "dfd0a0f1b591d04767d3a10360fcc5917b6cca59892c75b8a64871e186a5d0d3"])

  static let morethendeviant = TrackerIOSVariant(
    id: "morethendeviant", categoryEntity: "TrackerCategoryCoreData", trackerEntity: "TrackerCoreData",
    recordEntity: "TrackerRecordCoreData",
    categoryTitle: "ZNAME", trackerName: "ZNAME", trackerId: "ZID", emoji: "ZEMOJI", emojiIsIndex: true,
    color: .paletteIndex, schedule: .positional, recordTrackerId: "ZID",
    trackerSignature: ["ZNAME", "ZEMOJI", "ZCOLOR", "ZID", "ZSCHEDULE"], recordSignature: ["ZDATE", "ZID"],
    categorySignature: ["ZNAME"],
    hashes: ["TrackerCategoryCoreData": "cd60ee397c825df87e5be6cf89d102558fc6a43b7c3a410643c26f86cbbfe430",
             "TrackerCoreData": "486199a83ffa2d699fa8146e70ce19d17ce5c900326ed1cc796deae6aba64ea0",
             "TrackerRecordCoreData": "e3cb1df07dfd50fb3100e0b88adf631a954014adedcb20ff20d8d494ec4d241d"])

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

  /// Every entity name of a Tracker model: what the sniffer and the refusal look for.
  static let entityTables: [String] = Array(Set(all.flatMap { [$0.trackerEntity, $0.recordEntity, $0.categoryEntity] }
    .map { "z" + $0.lowercased() })).sorted()

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
