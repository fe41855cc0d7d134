import Foundation
import Testing
import TrackerTestSupport
@testable import TrackerIOSCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Writing each variant's store: its layout against the reference store (`sqlite3`), its
/// metadata against the Python oracle, the dataset read back; templates; errors and losses
/// (Loop → iOS store is in TrackerPortTests).
@Suite(.enabled(if: IOS.haveFixtures, "needs the shared coredata folder (beside TRACKPORT_SHARED_FIXTURES)"))
struct TrackerIOSWriteTests {
  static var demo: TrackerDataset {
    get throws { try TrackerTestSupport.decode(JSONCodec(), path: Repository.demoPath).0 }
  }

  /// Writes `dataset` as a store of `variant` (or into `template`); returns its path.
  static func write(_ dataset: TrackerDataset, _ options: [String: String], name: String = "Tracker.sqlite") throws -> (String, CodecContext) {
    let path = try IOS.temporaryFolder().appendingPathComponent(name).path
    var context = CodecContext(fileName: path, options: options)
    try TrackerIOSCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    return (path, context)
  }

  @Test(arguments: TrackerIOSVariant.all.map(\.id))
  func writtenStoreHasTheReferenceLayoutAndReadsBack(_ id: String) throws {
    let demo = try Self.demo
    let (path, context) = try Self.write(demo, ["variant": id, "timezone": "Europe/Moscow"])
    #expect(context.diagnostics.contains { $0.code == "tracker-ios-written-days" && $0.message.contains("Europe/Moscow") })
    // Layout: sqlite3's .schema of the reference store, but for the model cache Core Data makes.
    let reference = try IOS.run(["sqlite3", IOS.shared("stores/" + IOS.stores[id]!), ".schema"]).out
      .split(separator: "\n").filter { !$0.contains("Z_MODELCACHE") }
    let written = try IOS.run(["sqlite3", path, ".schema"]).out.split(separator: "\n")
    #expect(written == reference)
    #expect(try IOS.sqlite(path, "PRAGMA integrity_check") == ["ok"])
    // Rollback-journal mode: whole in one file, read back without sqlite-missing-wal (Core Data
    // makes it WAL again when the app opens it).
    #expect(try IOS.run(["sqlite3", path, "PRAGMA journal_mode"]).out == "delete\n")
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "checkpointed: one file to copy")
    // Every key is covered by its entity's Z_MAX.
    let variant = try #require(TrackerIOSVariant.named(id))
    for entity in variant.model.entities {
      let check = try IOS.sqlite(path, "SELECT (SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = '\(entity.name)') >= (SELECT coalesce(max(Z_PK), 0) FROM \(entity.table))")
      #expect(check == ["1"], "\(id) \(entity.name)")
    }
    // The Python oracle recognises the model by its hashes and sees every row.
    let python = try IOS.run([IOS.python, IOS.shared("tools/read_store.py"), path])
    #expect(python.status == 0)
    let modelName = CoreDataModelTests.variantModels[id]!
    #expect(python.out.split(separator: "\n").first?.hasSuffix("variant: \(modelName)") == true, "\(python.out.prefix(200))")
    let (back, reading) = try IOS.decode(path, options: ["timezone": "Europe/Moscow"])
    func pythonRows(_ entity: String) -> Int {
      var count = 0, inside = false
      for line in python.out.split(separator: "\n") {
        if line.hasPrefix("-- ") { inside = line.hasPrefix("-- \(entity) ") } else if inside { count += 1 }
      }
      return count
    }
    #expect(pythonRows(variant.trackerEntity) == demo.trackers.count)
    for tracker in demo.trackers {
      #expect(python.out.contains("'\(variant.trackerName)': '\(tracker.name)'"), "\(id) \(tracker.name)")
    }
    #expect(pythonRows(variant.recordEntity) == back.records.count)
    // Read back: identified by its hashes; every tracker, its schedule, every completed day.
    #expect(reading.diagnostics.allSatisfy { $0.code == "tracker-ios-days" || $0.code == "tracker-ios-nearest-color" })
    let extras = back.extras["tracker-ios"]
    #expect(extras == .object([JSONMember("variant", .string(id)), JSONMember("identifiedBy", .string("model-hashes")),
                               JSONMember("storeUUID", extras?["storeUUID"] ?? .null)]))
    #expect(back.trackers.map(\.name) == demo.trackers.map(\.name))
    for (written, read) in zip(demo.trackers, back.trackers) where written.kind == .habit {
      #expect(read.schedule == written.schedule, "\(id) \(written.name)")
      #expect(read.emoji == written.emoji || variant.emojiIsIndex, "\(id) \(written.name)")
    }
    func completions(_ dataset: TrackerDataset) -> Set<String> {
      let names = Dictionary(dataset.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      return Set(dataset.records.map { "\(names[$0.trackerId] ?? "?") \($0.date)" })
    }
    #expect(completions(back) == completions(demo))
    // The days Python sees in the record rows (UTC instants of Moscow midnights, 21:00 the day
    // before; DmnUAll's dd.MM.yyyy text) are the dataset's.
    var pythonDays: [String] = [], inside = false
    for line in python.out.split(separator: "\n") {
      if line.hasPrefix("-- ") { inside = line.hasPrefix("-- \(variant.recordEntity) ") ; continue }
      guard inside, let start = line.range(of: "'ZDATE': '") else { continue }
      let value = line[start.upperBound...].prefix { $0 != "'" }
      if variant.recordDateIsText {
        let parts = value.split(separator: ".")
        pythonDays.append("\(parts[2])-\(parts[1])-\(parts[0])")
      } else {
        let day = try #require(LocalDate(value.prefix(10)))
        pythonDays.append((value.dropFirst(11).hasPrefix("21:00:00") ? day.adding(days: 1) : day).description)
      }
    }
    #expect(pythonDays.sorted() == demo.records.map(\.date.description).sorted(), "\(id)")
    #expect(back.categories.map(\.title) == demo.categories.map(\.title))
  }

  @Test func templateKeepsItsMetadataAndModelCacheAndReplacesTheRows() throws {
    let template = try IOS.copyStore(IOS.shared("stores/xcode73/Tracker.sqlite"))
    let before = IOS.snapshot(template)
    let metadata = try IOS.sqlite(template, "SELECT Z_UUID || hex(Z_PLIST) FROM Z_METADATA")
    let maxima = try IOS.sqlite(template, "SELECT Z_NAME || '=' || Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
    let demo = try Self.demo
    // The variant comes from the template.
    let (path, context) = try Self.write(demo, ["template": template])
    #expect(IOS.snapshot(template) == before, "the template is never changed")
    #expect(try IOS.sqlite(path, "SELECT Z_UUID || hex(Z_PLIST) FROM Z_METADATA") == metadata)
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM sqlite_master WHERE name = 'Z_MODELCACHE'") == ["1"])
    #expect(context.diagnostics.allSatisfy { $0.code != "tracker-ios-template-columns" })
    // The rows are the dataset's, the statistics of the old rows gone, every Z_MAX raised or kept.
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZTRACKERCOREDATA") == [String(demo.trackers.count)])
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZSTATISTICCOREDATA") == ["0"])
    for line in maxima {
      let parts = line.split(separator: "=")
      let now = try IOS.sqlite(path, "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = '\(parts[0])'")
      #expect(Int(now.first ?? "") ?? -1 >= Int(parts[1])!, "\(line)")
    }
    let (back, _) = try IOS.decode(path)
    #expect(back.trackers.map(\.name) == demo.trackers.map(\.name))
    #expect(back.extras["tracker-ios"]?["identifiedBy"] == .string("model-hashes"))
  }

  @Test func templateOfAnotherBuildKeepsItsColumnsEmptyAndSaysSo() throws {
    // A build of Azonaz with one more column than the documented model.
    let template = try IOS.copyStore(IOS.shared("stores/azonaz/Tracker.sqlite"))
    _ = try IOS.run(["sqlite3", template, "ALTER TABLE ZTRACKERCD ADD COLUMN ZNOTE VARCHAR"])
    let (path, context) = try Self.write(try Self.demo, ["template": template, "variant": "azonaz"])
    let warning = try #require(context.diagnostics.first { $0.code == "tracker-ios-template-columns" })
    #expect(warning.message.contains("ZNOTE"))
    #expect(try IOS.sqlite(path, "SELECT count(*) FROM ZTRACKERCD WHERE ZNOTE IS NOT NULL") == ["0"])
  }

  @Test func writingRefusesWhatItCannotDo() throws {
    let demo = try Self.demo
    let noVariant = IOS.error { _ = try Self.write(demo, [:]) }
    #expect(noVariant?.kind == .unsupportedOperation)
    #expect(noVariant?.note?.contains("variant=") == true)
    #expect(IOS.error { _ = try Self.write(demo, ["variant": "loop"]) }?.kind == .unsupportedOperation)
    #expect(IOS.error { _ = try Self.write(demo, ["variant": "azonaz", "timezone": "Mars/Olympus"]) }?.kind == .unsupportedOperation)
    let other = IOS.error { _ = try Self.write(demo, ["variant": "azonaz", "template": IOS.shared("stores/xcode73/Tracker.sqlite")]) }
    #expect(other?.kind == .malformedInput)
    #expect(other?.message.contains("xcode73") == true)
    let notStore = IOS.error { _ = try Self.write(demo, ["template": IOS.root.appendingPathComponent("Package.swift").path]) }
    #expect(notStore?.kind == .malformedInput)
    let foreign = IOS.error { _ = try Self.write(demo, ["template": IOS.shared("samples/jeffreybergier/Example_v1.0.0.sqlite")]) }
    #expect(foreign?.kind == .malformedInput)
    // An old store's log beside the output would be applied to the new store by SQLite.
    let folder = try IOS.temporaryFolder()
    let path = folder.appendingPathComponent("Tracker.sqlite").path
    try Data("old log".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
    var context = CodecContext(fileName: path, options: ["variant": "azonaz"])
    let stale = IOS.error { try TrackerIOSCodec().encode(demo, to: CodecOutput(path: path), context: &context) }
    #expect(stale?.kind == .cannotCreateOutput)
    #expect(stale?.message.contains("Tracker.sqlite-wal") == true)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func lossesAreCountedFieldByFieldBeforeWriting() throws {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "Дом")],
      trackers: [Tracker(id: "t1", kind: .habit, name: "Вода", categoryId: "c", emoji: "🙂", color: "#FD4C49",
                         schedule: [.mon], pinned: true),
                 Tracker(id: "t2", kind: .event, name: "Врач", categoryId: "c", emoji: "🏃", color: "#123456",
                         date: LocalDate("2026-01-06")!)],
      records: [TrackerRecord(trackerId: "t1", date: LocalDate("2026-01-05")!, amount: 2)])
    func lost(_ id: String) -> [String: String] {
      let losses = TrackerIOSCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/x.sqlite"), options: ["variant": id])
      return Dictionary(losses.map { ($0.location.pointer ?? "", $0.message) }, uniquingKeysWith: { first, _ in first })
    }
    let headlinerten = lost("headlinerten")
    #expect(headlinerten["/trackers.pinned"]?.contains("1 item") == true)
    #expect(headlinerten["/trackers.date"]?.contains("1 item") == true)
    #expect(headlinerten["/trackers.kind"] == nil, "headlinerten keeps events")
    #expect(headlinerten["/trackers.color"]?.contains("1 item") == true, "#123456 is off the palette")
    #expect(headlinerten["/records.amount"]?.contains("1 item") == true)
    let morethendeviant = lost("morethendeviant")
    #expect(morethendeviant["/trackers.kind"]?.contains("1 item") == true)
    #expect(morethendeviant["/trackers.emoji"]?.contains("1 item") == true, "🏃 is not one of the 18")
    #expect(morethendeviant["/trackers.id"] == nil, "its ids are text")
    let xcode73 = lost("xcode73")
    #expect(xcode73["/trackers.date"] == nil && xcode73["/trackers.pinned"] == nil && xcode73["/trackers.kind"] == nil)
  }
}
