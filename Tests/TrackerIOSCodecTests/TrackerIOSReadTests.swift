import Foundation
import Testing
import TrackerTestSupport
@testable import TrackerIOSCodec
import TrackerCodec
import TrackerModel

/// Each variant's store → the expected dataset, cross-checked with `sqlite3` and Python.
@Suite(.enabled(if: IOS.haveFixtures, "needs the shared coredata folder (beside TRACKPORT_SHARED_FIXTURES)"))
struct TrackerIOSReadTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  func tracker(_ dataset: TrackerDataset, _ name: String) throws -> Tracker {
    try #require(dataset.trackers.first { $0.name == name })
  }

  func category(_ dataset: TrackerDataset, of tracker: Tracker) -> String? {
    dataset.categories.first { $0.id == tracker.categoryId }?.title
  }

  func days(_ dataset: TrackerDataset, _ tracker: Tracker) -> [LocalDate] {
    dataset.records.filter { $0.trackerId == tracker.id }.map(\.date).sorted()
  }

  /// Rows of `entity` as the shared Python reader (`tools/read_store.py`) prints them.
  func pythonRows(_ path: String, _ entity: String) throws -> [String] {
    let out = try IOS.run([IOS.python, IOS.shared("tools/read_store.py"), path]).out
    var rows: [String] = [], inside = false
    for line in out.split(separator: "\n") {
      if line.hasPrefix("-- ") { inside = line.hasPrefix("-- \(entity) ") } else if inside { rows.append(String(line)) }
    }
    return rows
  }

  /// Populated variants: the dataset has every record and tracker the Python reader sees.
  @Test(arguments: [("teenagelove", "TrackerCoreData", "TrackerRecordCoreData"),
                    ("headlinerten", "TrackerCoreData", "TrackerRecordCoreData"),
                    ("morethendeviant", "TrackerCoreData", "TrackerRecordCoreData")])
  func populatedStoresAgreeWithPython(_ variant: String, _ trackers: String, _ records: String) throws {
    let path = try Populate.store(variant)
    let (dataset, _) = try IOS.decode(path)
    let pythonTrackers = try pythonRows(path, trackers), pythonRecords = try pythonRows(path, records)
    #expect(!pythonRecords.isEmpty)
    #expect(dataset.trackers.count == pythonTrackers.count && dataset.records.count == pythonRecords.count)
    for tracker in dataset.trackers {
      #expect(pythonTrackers.contains { $0.contains("'\(tracker.name)'") && $0.contains(tracker.id) }, "\(tracker.name)")
    }
  }

  @Test func azonazStore() throws {
    let path = IOS.shared("stores/azonaz/Tracker.sqlite")
    let (dataset, context) = try IOS.decode(path)
    #expect(dataset.categories.map(\.title) == ["Домашний уют", "Радостные мелочи"])
    let water = try tracker(dataset, "Поливать растения")
    #expect(water.id == "3F1C6E1A-7B52-4C8E-9D0A-2B6F4E8C1A01")
    #expect(water.kind == .habit && water.schedule == [.mon, .wed, .fri] && !water.pinned)
    #expect(water.emoji == "🌺" && water.color == "#33CF69")
    #expect(category(dataset, of: water) == "Домашний уют")
    #expect(days(dataset, water) == [Self.day("2024-02-12"), Self.day("2024-02-14")])
    let cat = try tracker(dataset, "Кошка заслонила камеру на созвоне")
    #expect(cat.pinned && cat.schedule == Weekday.allCases && cat.color == "#FF881E" && cat.emoji == "😻")
    #expect(days(dataset, cat) == [Self.day("2024-02-13")])
    // Cross-check with sqlite3: every record read.
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZTRACKERRECORDCD") == [String(dataset.records.count)])
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZTRACKERCD") == [String(dataset.trackers.count)])
    // The zone was inferred (UTC+03:00) and said so.
    let days = context.diagnostics.filter { $0.code == "tracker-ios-days" }
    #expect(days.count == 1 && days[0].message.contains("UTC+03:00") && days[0].message.contains("3 of 3"))
    #expect(dataset.extras["tracker-ios"] == .object([JSONMember("variant", .string("azonaz")),
                                                      JSONMember("identifiedBy", .string("model-hashes")),
                                                      JSONMember("storeUUID", .string("A0A0A0A0-0000-4000-8000-000000000001"))]))
  }

  @Test func xcode73Store() throws {
    let path = IOS.shared("stores/xcode73/Tracker.sqlite")
    let (dataset, _) = try IOS.decode(path)
    #expect(dataset.categories.map(\.title) == ["Домашний уют"])
    #expect(dataset.categories[0].id == "0B3C1D2E-4F50-4617-8293-A4B5C6D7E8F9")
    let water = try tracker(dataset, "Поливать растения")
    #expect(water.kind == .habit && water.schedule == [.mon, .wed, .fri] && water.color == "#33CF69" && !water.pinned)
    #expect(days(dataset, water) == [Self.day("2025-02-10"), Self.day("2025-02-12")])
    let doctor = try tracker(dataset, "Сходить к врачу")
    #expect(doctor.kind == .event && doctor.schedule == nil && doctor.date == Self.day("2025-02-10"))
    #expect(doctor.pinned && doctor.color == "#FF881E" && doctor.emoji == "😱")
    #expect(days(dataset, doctor) == [Self.day("2025-02-10")])
    // The cached statistics are not data.
    #expect(dataset.records.count == Int(try IOS.sqlite(path, "SELECT count(*) FROM ZRECORDCOREDATA")[0]))
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZSTATISTICCOREDATA") == ["4"])
  }

  @Test func timezoneOption() throws {
    let path = IOS.shared("stores/azonaz/Tracker.sqlite")
    let (moscow, context) = try IOS.decode(path, options: ["timezone": "Europe/Moscow"])
    let (inferred, _) = try IOS.decode(path)
    #expect(moscow.records == inferred.records)
    #expect(context.diagnostics.contains { $0.code == "tracker-ios-days" && $0.message.contains("--timezone Europe/Moscow") })
    // In UTC the stored instants (21:00) are the evening before.
    let (utc, _) = try IOS.decode(path, options: ["timezone": "UTC"])
    #expect(utc.records.map { $0.date.dayNumber + 1 } == inferred.records.map(\.date.dayNumber))
    let error = IOS.error { _ = try IOS.decode(path, options: ["timezone": "Mars/Olympus"]) }
    #expect(error?.kind == .unsupportedOperation)
  }

  @Test func teenageloveStore() throws {
    let path = try Populate.store("teenagelove")
    let (dataset, context) = try IOS.decode(path)
    // The real «Закрепленные» category is a flag here: the tracker is back in its own category.
    #expect(dataset.categories.map(\.title) == ["Здоровье"])
    let gym = try tracker(dataset, "Зарядка")
    #expect(gym.id == Populate.uuid(1) && gym.pinned && category(dataset, of: gym) == "Здоровье")
    #expect(gym.schedule == [.mon, .wed, .fri] && gym.color == "#33CF69" && gym.emoji == "🙂")
    let doctor = try tracker(dataset, "Врач")
    #expect(doctor.kind == .event && doctor.schedule == nil && !doctor.pinned)
    #expect(doctor.color == "#FD4C49")  // RGB 0.99 0.30 0.29, nearest palette colour
    #expect(days(dataset, gym) == [Self.day("2024-02-12")] && days(dataset, doctor) == [Self.day("2024-02-13")])
    #expect(context.diagnostics.contains { $0.code == "tracker-ios-nearest-color" && $0.message.hasPrefix("1 ") })
    guard case .object(let extras) = doctor.extras["tracker-ios"] else { Issue.record("no extras"); return }
    #expect(extras.contains { $0.key == "color" && $0.value == .object([JSONMember("assetName", .string("customRed")), JSONMember("rgb", .string("#FC4D4A"))]) })
  }

  @Test func headlinertenStore() throws {
    let path = try Populate.store("headlinerten")
    let (dataset, _) = try IOS.decode(path)
    let run = try tracker(dataset, "Бег")
    #expect(run.schedule == [.mon, .wed] && run.color == "#007BFA" && run.emoji == "🥇")
    #expect(category(dataset, of: run) == "Спорт")
    // One record through the relationship, one only through its trackerId.
    #expect(days(dataset, run) == [Self.day("2024-02-12"), Self.day("2024-02-14")])
  }

  @Test func dmnUAllStore() throws {
    let path = try Populate.store("DmnUAll")
    let (dataset, context) = try IOS.decode(path)
    #expect(dataset.categories.map(\.title) == ["Дом"])
    let walk = try tracker(dataset, "Гулять")
    #expect(walk.pinned && walk.schedule == [.mon, .fri] && walk.color == "#FD4C49" && walk.emoji == "🐶")
    #expect(days(dataset, walk) == [Self.day("2024-02-12"), Self.day("2024-02-14")])
    let skipped = context.diagnostics.filter { $0.code == "tracker-ios-skipped" }
    #expect(skipped.count == 1 && skipped[0].message.contains("1 record(s) of no tracker") && skipped[0].message.contains("1 record(s) with no readable date"))
    #expect(!context.diagnostics.contains { $0.code == "tracker-ios-days" })
  }

  @Test func morethendeviantStore() throws {
    let path = try Populate.store("morethendeviant")
    let (dataset, _) = try IOS.decode(path)
    let read = try tracker(dataset, "Читать")
    #expect(read.id == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    #expect(read.schedule == [.mon, .wed, .fri] && read.color == "#33CF69" && read.emoji == "🌺")
    #expect(days(dataset, read) == [Self.day("2024-02-12")])
  }

  /// A Tracker store whose newest rows are only in its -wal (copied while the app had it
  /// open): every row is read.
  @Test func rowsOnlyInTheWALAreRead() throws {
    let copy = try IOS.copyStore(IOS.shared("stores/azonaz/Tracker.sqlite"))
    let target = try IOS.temporaryFolder().appendingPathComponent("Tracker.sqlite").path
    _ = try runPython(oracle: "coredata.py", ["wal-copy", copy, target,
      "INSERT INTO ZTRACKERRECORDCD VALUES (4, 3, 1, 2, 729550800, X'C7B2D9E45A314F6B8E2D9A1C3B5D7F02')",
      "UPDATE Z_PRIMARYKEY SET Z_MAX = 4 WHERE Z_ENT = 3"])
    #expect(FileManager.default.fileExists(atPath: target + "-wal"))
    let before = IOS.snapshot(target)
    let (dataset, _) = try IOS.decode(target)
    #expect(dataset.records.count == 4)
    #expect(dataset.records.contains { $0.trackerId == "C7B2D9E4-5A31-4F6B-8E2D-9A1C3B5D7F02" && $0.date == Self.day("2024-02-14") })
    #expect(IOS.snapshot(target) == before)
  }

  /// Another build of an app (other model hashes): identified by its tables and columns.
  @Test(arguments: ["azonaz", "xcode73", "teenagelove", "headlinerten", "DmnUAll", "morethendeviant"])
  func identifiedByColumnsWithoutKnownHashes(_ variant: String) throws {
    let copy = try IOS.copyStore(IOS.shared("stores/" + IOS.stores[variant]!))
    _ = try runPython(oracle: "coredata.py", ["execute", copy, "UPDATE Z_METADATA SET Z_PLIST = X'00'"])
    let (dataset, _) = try IOS.decode(copy)
    guard case .object(let members) = dataset.extras["tracker-ios"] else { Issue.record("no extras"); return }
    #expect(members.first { $0.key == "variant" }?.value == .string(variant))
    #expect(members.first { $0.key == "identifiedBy" }?.value == .string("tables-and-columns"))
  }

  /// Every variant's store is identified by its model hashes, as the Python reader does.
  @Test(arguments: ["azonaz", "xcode73", "teenagelove", "headlinerten", "DmnUAll", "morethendeviant"])
  func identifiedAsPythonDoes(_ variant: String) throws {
    let path = IOS.shared("stores/" + IOS.stores[variant]!)
    let (dataset, _) = try IOS.decode(path)
    guard case .object(let members) = dataset.extras["tracker-ios"] else { Issue.record("no extras"); return }
    #expect(members.first { $0.key == "variant" }?.value == .string(variant))
    #expect(members.first { $0.key == "identifiedBy" }?.value == .string("model-hashes"))
    let python = try IOS.run([IOS.python, IOS.shared("tools/read_store.py"), path])
    #expect(python.status == 0)
    #expect(python.out.lowercased().contains("variant: " + variant.lowercased()))
  }
}
