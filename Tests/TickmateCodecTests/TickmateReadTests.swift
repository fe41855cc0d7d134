import Foundation
import Testing
import TrackerTestSupport
import TickmateCodec
import TrackerCodec
import TrackerModel

/// Each fixture read against `sqlite3`, and the rules of `docs/tickmate.md`.
@Suite(.enabled(if: Tickmate.haveFixtures, "the shared fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct TickmateReadTests {
  /// What `sqlite3` says of each track: name, enabled, ticks, distinct days, the most ticks
  /// on one day, and the groups in `track2groups` order.
  struct OracleTrack: Equatable {
    var name: String
    var enabled: Bool
    var ticks: Int
    var days: Int
    var most: Int
    var multiple: Bool
    var groups: [String]
  }

  static func oracle(_ db: String) throws -> [OracleTrack] {
    let tables = Set(try Tickmate.sqlite(db, "SELECT name FROM sqlite_master WHERE type = 'table'"))
    let order = Set(try Tickmate.sqlite(db, "SELECT name FROM pragma_table_info('tracks')")).contains("order") ? "\"order\", _id" : "_id"
    let ids = try Tickmate.sqlite(db, "SELECT _id FROM tracks ORDER BY \(order)")
    return try ids.map { id in
      let name = try Tickmate.sqlite(db, "SELECT quote(name) FROM tracks WHERE _id = \(id)").joined(separator: "\n")
      let counts = try Tickmate.sqlite(db, """
        SELECT (SELECT enabled FROM tracks WHERE _id = \(id)), (SELECT multiple_entries_per_day FROM tracks WHERE _id = \(id)),
               count(*), count(DISTINCT printf('%d-%d-%d', year, month, day)),
               coalesce((SELECT max(n) FROM (SELECT count(*) AS n FROM ticks WHERE _track_id = \(id) GROUP BY year, month, day)), 0)
        FROM ticks WHERE _track_id = \(id)
        """)[0].split(separator: "|").map { Int($0) ?? 0 }
      let groups = tables.contains("track2groups")
        ? try Tickmate.sqlite(db, "SELECT g.name FROM track2groups l JOIN groups g ON g._id = l._group_id WHERE l._track_id = \(id) ORDER BY l._id")
        : []
      return OracleTrack(name: String(name.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'"),
                         enabled: counts[0] != 0, ticks: counts[2], days: counts[3], most: counts[4], multiple: counts[1] != 0,
                         groups: groups)
    }
  }

  @Test(arguments: Tickmate.databases)
  func everyTrackMatchesTheSQLiteOracle(_ name: String) throws {
    let path = Tickmate.fixture(name)
    let expected = try Self.oracle(path)
    let (dataset, context) = try Tickmate.decode(path)
    #expect(dataset.trackers.map(\.name) == expected.map(\.name))
    #expect(context.diagnostics.contains { $0.code == "tickmate-assigned-defaults" })
    let titles = Dictionary(uniqueKeysWithValues: dataset.categories.map { ($0.id, $0.title) })
    for (tracker, track) in zip(dataset.trackers, expected) {
      let records = dataset.records.filter { $0.trackerId == tracker.id }
      #expect(records.count == track.days, "\(tracker.name)")
      #expect(tracker.archived == !track.enabled, "\(tracker.name)")
      #expect(tracker.schedule?.count == 7)
      #expect(titles[tracker.categoryId] == (track.groups.first ?? "Tickmate"), "\(tracker.name)")
      let keptGroups = tracker.extras["tickmate"]?["groups"]
      #expect(keptGroups == (track.groups.isEmpty ? nil : .array(track.groups.map(JSONValue.string))))
      let counts = track.multiple || track.most > 1
      if counts {
        #expect(tracker.goal == TrackerGoal(target: 1, direction: .atLeast, unit: "ticks"))
        #expect(records.reduce(0) { $0 + ($1.amount ?? 0) } == Double(track.ticks), "\(tracker.name)")
        #expect(records.map { $0.amount ?? 0 }.max() ?? 0 == Double(track.most))
      } else {
        #expect(tracker.goal == nil)
        #expect(records.allSatisfy { $0.amount == nil })
        #expect(records.count == track.ticks)
      }
    }
    // The records of the tracks are the ticks of the tracks; ticks of no track are skipped.
    let owned = try Tickmate.sqlite(path, "SELECT count(DISTINCT printf('%d-%d-%d-%d', _track_id, year, month, day)) FROM ticks WHERE _track_id IN (SELECT _id FROM tracks)")
    #expect(dataset.records.count == Int(owned[0]))
    let orphans = Int(try Tickmate.sqlite(path, "SELECT count(*) FROM ticks WHERE _track_id NOT IN (SELECT _id FROM tracks)")[0]) ?? 0
    #expect(context.diagnostics.contains { $0.code == "tickmate-skipped-ticks" } == (orphans > 0))
  }

  /// A backup in WAL mode whose last commit is only in `<file>-wal` (never checkpointed): the
  /// ticks committed there are read, and nothing beside the input is created or changed.
  @Test func aBackupInWALModeReadsTheCommitsInItsWALFile() throws {
    let folder = try Tickmate.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("wal.db").path
    try FileManager.default.copyItem(atPath: Tickmate.fixture("tickmate/tickmate-version14.db"), toPath: db)
    try Tickmate.sqlite3(db, "PRAGMA journal_mode=WAL;")
    try Tickmate.sqlite3(db, """
      .dbconfig no_ckpt_on_close on
      INSERT INTO tracks (name, description, icon, enabled) VALUES ('From the WAL', '', 'glyphicons_001_leaf_white', 1);
      INSERT INTO ticks (_track_id, year, month, day, hour, minute, second) VALUES (last_insert_rowid(), 2016, 0, 31, 12, 0, 0);
      """)
    try? FileManager.default.removeItem(atPath: db + "-shm")
    #expect(try !Data(contentsOf: URL(fileURLWithPath: db + "-wal")).isEmpty)
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let wal = try Data(contentsOf: URL(fileURLWithPath: db + "-wal"))
    let (dataset, _) = try Tickmate.decode(db)
    let added = try #require(dataset.trackers.first { $0.name == "From the WAL" })
    #expect(dataset.records.filter { $0.trackerId == added.id }.map(\.date.description) == ["2016-01-31"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["wal.db", "wal.db-wal"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: db + "-wal")) == wal)
  }

  @Test func monthsAreZeroBased() throws {
    let path = Tickmate.fixture("tickmate/tickmate-version14.db")
    let rows = try Tickmate.sqlite(path, "SELECT t.name, k.year, k.month, k.day FROM ticks k JOIN tracks t ON t._id = k._track_id WHERE k.month IN (0, 11)")
    #expect(!rows.isEmpty)
    let (dataset, _) = try Tickmate.decode(path)
    let names = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.id, $0.name) })
    let days = Set(dataset.records.map { "\(names[$0.trackerId]!)|\($0.date)" })
    for row in rows {
      let parts = row.split(separator: "|").map(String.init)
      let (year, month, day) = (Int(parts[1])!, Int(parts[2])!, Int(parts[3])!)
      // month 0 is January, 11 December.
      let text = String(format: "%04d-%02d-%02d", year, month + 1, day)
      #expect(days.contains("\(parts[0])|\(text)"), "\(row)")
    }
    #expect(days.contains { $0.hasSuffix("-01-01") || $0.contains("-01-") })
    #expect(!dataset.records.contains { $0.date.month == 12 && $0.date.year == 2016 })
  }

  @Test func severalTicksADayAreTheDaysAmount() throws {
    let path = Tickmate.fixture("tickmate/smiley-version10.db")
    let (dataset, _) = try Tickmate.decode(path)
    let medication = try #require(dataset.trackers.first { $0.name == "Medication" })
    #expect(medication.archived)
    let oracle = try Tickmate.sqlite(path, "SELECT printf('%04d-%02d-%02d', year, month + 1, day), count(*) FROM ticks WHERE _track_id = 4 GROUP BY year, month, day")
    let expected = Dictionary(uniqueKeysWithValues: oracle.map { line -> (String, Double) in
      let parts = line.split(separator: "|")
      return (String(parts[0]), Double(parts[1])!)
    })
    let got = Dictionary(uniqueKeysWithValues: dataset.records.filter { $0.trackerId == medication.id }.map { ($0.date.description, $0.amount ?? 0) })
    #expect(got == expected)
    #expect(expected.values.contains { $0 > 1 })
  }

  @Test func timesAndColoursAreKeptInExtras() throws {
    let (dataset, _) = try Tickmate.decode(Tickmate.fixture("tickmate/tickmate-version14.db"))
    let coffee = try #require(dataset.trackers.first { $0.name == "Coffee" })
    let kept = try #require(coffee.extras["tickmate"])
    #expect(kept["color"] == .string("#00BCD4"))
    #expect(kept["icon"] == .string("glyphicons_031_bus_white"))
    #expect(coffee.description == "Had a cup of coffee")
    let timed = dataset.records.filter { $0.extras["tickmate"] != nil }
    #expect(!timed.isEmpty)
    // Two groups called "Wochenende" are one category.
    #expect(dataset.categories.map(\.title).sorted() == ["Unregelmäßig", "Wochenende"])
  }

  @Test func theDefaultCategoryCanBeNamed() throws {
    let (dataset, _) = try Tickmate.decode(Tickmate.fixture("tickmate/tickmate-version12.db"), options: ["default-category": "Habits"])
    #expect(dataset.categories.map(\.title) == ["Habits"])
  }

  @Test func theEmptyDatabaseIsALocatedError() throws {
    let path = Tickmate.fixture("tickmate/empty-sqlitedb.db")
    let error = try #require(Tickmate.error { _ = try Tickmate.decode(path) })
    #expect(error.kind == .malformedInput)
    #expect(error.location.file == path)
    #expect(error.message.contains("empty"))
  }

  @Test func aNewerVersionIsUnsupported() throws {
    let folder = try Tickmate.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("new.db").path
    try FileManager.default.copyItem(atPath: Tickmate.fixture("tickmate/tickmate-version14.db"), toPath: copy)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy)
    try SQLite3.execute(copy, script: "PRAGMA user_version = 15")
    let error = try #require(Tickmate.error { _ = try Tickmate.decode(copy) })
    #expect(error.kind == .unsupportedVersion)
  }

  @Test(arguments: Tickmate.databases)
  func theInputIsNeverModifiedAndBytesReadLikeTheFile(_ name: String) throws {
    let path = Tickmate.fixture(name)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let fromFile = try Tickmate.decode(path).0
    let fromBytes = try Tickmate.decode(CodecInput(.bytes([UInt8](before), name: "backup.db")), fileName: "backup.db").0
    #expect(fromFile == fromBytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }
}
