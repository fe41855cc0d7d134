import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import LoopCodec
import TrackerCodec
import TrackerModel

/// Loop backups of several schema versions, checked against what `sqlite3` finds in them.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopDatabaseReadTests {
  /// The fixtures and the `user_version` each one has.
  static let databases: [(String, Int)] = [("loop.db", 12), ("databases/021.db", 21), ("databases/022.db", 22)]

  @Test(arguments: databases)
  func habitsAndCompletionsMatchSQLite(_ name: String, version: Int) throws {
    let path = Loop.fixture(name)
    #expect(try Loop.sqlite(path, "PRAGMA user_version") == ["\(version)"])
    try checkAgainstSQLite(path)
  }

  /// The SQL dumps, loaded with `sqlite3` into fresh files, read the same as the binaries.
  @Test(arguments: ["loop.db.sql", "databases_021.db.sql", "databases_022.db.sql"])
  func sqlDumpsLoadedBySQLiteRead(_ dump: String) throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let db = folder.appendingPathComponent("from-dump.db").path
    try Loop.run("sqlite3", [db], input: try String(contentsOfFile: Loop.fixture("sql_dumps/" + dump), encoding: .utf8))
    try checkAgainstSQLite(db)
  }

  /// Names in position order, and per habit the number of checks: every row before version 16
  /// (no `value` column), rows with value 2 after; for a measurable habit (version 18 and
  /// later), rows meeting an at-least target.
  func checkAgainstSQLite(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let hasValue = try Loop.sqlite(path, "SELECT name FROM pragma_table_info('Repetitions')").contains("value")
    let hasTarget = try Loop.sqlite(path, "SELECT name FROM pragma_table_info('Habits')").contains("target_value")
    let checked = !hasValue ? "" : hasTarget
      ? "AND ((h.type = 0 AND r.value = 2) OR (h.type = 1 AND r.value > 0 AND r.value >= h.target_value * 1000))"
      : "AND r.value = 2"
    let names = try Loop.sqlite(path, "SELECT name FROM Habits ORDER BY position, id")
    let counts = try Loop.sqlite(path, """
      SELECT count(r.habit) FROM Habits h LEFT JOIN Repetitions r ON r.habit = h.id \(checked)
      GROUP BY h.id ORDER BY h.position, h.id
      """).compactMap { Int($0) }
    let (dataset, context) = try Loop.decode(path)
    #expect(dataset.trackers.map(\.name) == names, sourceLocation: sourceLocation)
    let byTracker = Dictionary(grouping: dataset.records, by: \.trackerId)
    #expect(dataset.trackers.map { byTracker[$0.id]?.count ?? 0 } == counts, sourceLocation: sourceLocation)
    #expect(context.diagnostics.contains { $0.code == "loop-assigned-defaults" }, sourceLocation: sourceLocation)
    #expect(dataset.categories.map(\.title) == ["Loop Habit Tracker"], sourceLocation: sourceLocation)
    #expect(dataset.trackers.allSatisfy { $0.emoji.flatMap(PaletteEmoji.init(matching:)) != nil && $0.color.flatMap(PaletteColor.init(hex:)) != nil },
            sourceLocation: sourceLocation)
    // Archived flags, texts, goals and amounts, frequencies, reminders, notes and skips.
    try LoopOracle(path).check(dataset, sourceLocation: sourceLocation)
  }

  @Test func loopDBMatchesLoopsOwnImportTest() throws {
    // uhabits ImportTest.testLoopDB: 9 habits; position 0 is "Wake up early", 3/7, checked on
    // 2016-03-14 and 2016-03-16, not on 2016-03-17.
    let (dataset, context) = try Loop.decode(Loop.fixture("loop.db"))
    #expect(dataset.trackers.count == 9)
    let first = try #require(dataset.trackers.first)
    #expect(first.name == "Wake up early")
    #expect(first.frequency == TrackerFrequency(times: 3, days: 7))
    #expect(first.extras["loop"]?["freqNum"] == nil)
    let days = Loop.days(dataset)["Wake up early"] ?? []
    #expect(days.contains("2016-03-14") && days.contains("2016-03-16") && !days.contains("2016-03-17"))
    // 3 per week with reminder days 127 (7 days) has no weekdays: every day, reported.
    #expect(first.schedule == Weekday.allCases)
    let lossy = context.diagnostics.filter { $0.code == "lossy-frequency" }
    #expect(lossy.map(\.location.pointer) == ["/trackers/0", "/trackers/1", "/trackers/2"])
    #expect(lossy.first?.message.contains("3 times per week") == true)
    // Version 12 stores ARGB colours: -16742021 is 0xFF00897B.
    #expect(first.extras["loop"]?["color"] == .string("#00897B"))
    // Before version 23 the description column is the question; it is the description.
    #expect(dataset.trackers[1].description == "I want to have beautiful teeth!")
    #expect(dataset.trackers[1].extras["loop"]?["question"] == nil)
  }

  @Test func reminderFieldsAreKept() throws {
    let (dataset, _) = try Loop.decode(Loop.fixture("databases/022.db"))
    let workOut = try #require(dataset.trackers.first)
    #expect(workOut.name == "Work out")
    // 18:00 on the mask 113: Saturday 1 + Wednesday 16 + Thursday 32 + Friday 64.
    #expect(workOut.reminders == [TrackerReminder(time: "18:00", days: [.wed, .thu, .fri, .sat])])
    #expect(workOut.extras["loop"]?["reminder"] == nil && workOut.extras["loop"]?["reminderDays"] == nil)
    #expect(workOut.description == "Did you work out?")
    #expect(Loop.days(dataset)["Work out"] == ["2020-01-01"])
    // "Test" has no reminder and the mask 0 (Loop writes 0 then): kept, as the model cannot say it.
    #expect(dataset.trackers[1].reminders.isEmpty)
    #expect(dataset.trackers[1].extras["loop"]?["reminderDays"] == .number("0"))
  }

  @Test func theInputIsOpenedReadOnlyAndNotChanged() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let copy = folder.appendingPathComponent("backup.db")
    try FileManager.default.copyItem(atPath: Loop.fixture("databases/022.db"), toPath: copy.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: copy.path)
    let before = try Data(contentsOf: copy)
    _ = try Loop.decode(copy.path)
    #expect(try Data(contentsOf: copy) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.db"])
  }

  @Test func aBackupInWALModeReadsWithoutFilesBesideIt() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let db = folder.appendingPathComponent("wal.db").path
    let dump = try String(contentsOfFile: Loop.fixture("sql_dumps/databases_022.db.sql"), encoding: .utf8)
    try Loop.run("sqlite3", [db], input: "PRAGMA journal_mode=WAL;\n" + dump)
    #expect(try Loop.sqlite(db, "PRAGMA journal_mode") == ["wal"])
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let (dataset, _) = try Loop.decode(db)
    #expect(dataset.trackers.map(\.name) == ["Work out", "Test"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["wal.db"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
  }

  /// A WAL-mode backup whose last commit is still only in `<file>-wal` (never checkpointed):
  /// the habit committed there is read, and nothing beside the input is created or changed.
  @Test func aBackupInWALModeReadsTheCommitsInItsWALFile() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let db = folder.appendingPathComponent("wal.db").path
    let dump = try String(contentsOfFile: Loop.fixture("sql_dumps/databases_022.db.sql"), encoding: .utf8)
    try Loop.run("sqlite3", [db], input: "PRAGMA journal_mode=WAL;\n" + dump)
    // A second session that neither checkpoints nor deletes its -wal on close.
    try Loop.run("sqlite3", [db], input: """
      .dbconfig no_ckpt_on_close on
      INSERT INTO Habits (name, position, freq_num, freq_den, color, archived, highlight, reminder_days, type, target_type, target_value, unit)
        VALUES ('From the WAL', 2, 1, 1, 0, 0, 0, 127, 0, 0, 0, '');
      """)
    try? FileManager.default.removeItem(atPath: db + "-shm")
    let wal = try Data(contentsOf: URL(fileURLWithPath: db + "-wal"))
    #expect(!wal.isEmpty)
    let before = try Data(contentsOf: URL(fileURLWithPath: db))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == ["wal.db", "wal.db-wal"])

    let (dataset, _) = try Loop.decode(db)
    #expect(dataset.trackers.map(\.name) == ["Work out", "Test", "From the WAL"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files)
    #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: db + "-wal")) == wal)
  }

  @Test func aVersion25BackupWithEveryFieldReads() throws {
    let db = try LoopV25Sample.make()
    defer { Loop.removeFolder(of: db) }
    #expect(try Loop.sqlite(db, "PRAGMA user_version") == ["25"])
    try checkAgainstSQLite(db)
    let (dataset, context) = try Loop.decode(db)
    let run = try #require(dataset.trackers.first { $0.name == "Run" })
    #expect(run.goal == TrackerGoal(target: 5, direction: .atLeast, unit: "km"))
    #expect(run.description == "How far did you run?\n\nOutdoors")
    #expect(run.extras["loop"]?["question"] == .string("How far did you run?"))
    #expect(run.extras["loop"]?["type"] == nil && run.extras["loop"]?["values"] == nil)
    // Days meeting the target (5 km) are completions: 7.5 km and 5 km; 2 km is an entry.
    #expect(Loop.days(dataset)["Run"] == ["2024-03-05", "2024-03-07"])
    let day = { (text: String) in LocalDate(text)! }
    #expect(dataset.records.filter { $0.trackerId == run.id } == [
      TrackerRecord(trackerId: run.id, date: day("2024-03-05"), amount: 7.5),
      TrackerRecord(trackerId: run.id, date: day("2024-03-07"), amount: 5)])
    #expect(dataset.entries.filter { $0.trackerId == run.id } == [
      TrackerEntry(trackerId: run.id, date: day("2024-03-06"), amount: 2, note: "tired")])
    let gym = try #require(dataset.trackers.first { $0.name == "Gym" })
    #expect(gym.schedule == [.mon, .wed, .fri])
    #expect(gym.frequency == nil)
    #expect(gym.reminders == [TrackerReminder(time: "07:30")])
    #expect(gym.archived)
    #expect(gym.description == "Did you go?")
    #expect(dataset.records.first { $0.trackerId == gym.id }?.note == "leg day, \"heavy\"")
    #expect(dataset.entries.filter { $0.trackerId == gym.id } == [TrackerEntry(trackerId: gym.id, date: day("2024-03-06"), skipped: true)])
    #expect(gym.id == "0123456789ABCDEF0123456789ABCDEF".prefix(8) + "-89AB-CDEF-0123-456789ABCDEF")
    // Everything is in the model's fields: nothing to warn of but the defaults.
    let codes = context.diagnostics.map(\.code)
    #expect(codes == ["loop-assigned-defaults"])
    #expect(!codes.contains("lossy-frequency"))
  }
}

/// Loop stores a skipped (3) or unknown (-1) day of a measurable habit as it does for a
/// yes/no one: not 0.003 units, which an at-most target would count as met.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopMeasurableSkipTests {
  @Test func skipAndUnknownOfAnAtMostHabitAreNotCompletionsAndComeBack() throws {
    // At most 2 cigarettes a day. 2024-03-04 is 1709510400000; one day is 86400000.
    let db = try LoopV25Sample.database("at-most.db", """
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
        VALUES (1, 0, 3, '', 1, 1, 0, 'Cigarettes', 0, NULL, NULL, 127, 1, 1, 2.0, 'pcs', 'How many?', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709510400000, 1000, NULL), (1, 1709596800000, 3, NULL), (1, 1709683200000, -1, 'travel'),
        (1, 1709769600000, 5000, NULL), (1, 1709856000000, 0, NULL);
      """)
    defer { Loop.removeFolder(of: db) }
    let (dataset, context) = try Loop.decode(db)
    // 1 and 0 cigarettes meet "at most 2"; the skip, the unknown day and 5 do not.
    #expect(Loop.days(dataset)["Cigarettes"] == ["2024-03-04", "2024-03-08"])
    let cigarettes = try #require(dataset.trackers.first)
    let day = { (text: String) in LocalDate(text)! }
    #expect(dataset.records.map(\.amount) == [1, 0])
    #expect(dataset.entries == [
      TrackerEntry(trackerId: cigarettes.id, date: day("2024-03-05"), skipped: true),
      TrackerEntry(trackerId: cigarettes.id, date: day("2024-03-06"), note: "travel"),
      TrackerEntry(trackerId: cigarettes.id, date: day("2024-03-07"), amount: 5)])
    // The note alone is stored as UNKNOWN: nothing of that day is left for extras.
    #expect(cigarettes.extras["loop"]?["entries"] == nil && cigarettes.extras["loop"]?["values"] == nil)
    #expect(!context.diagnostics.contains { $0.code == "loop-kept-entries" || $0.code == "loop-numerical-habit" })
    // Written back, the skip and the unknown day are stored as Loop stored them.
    let out = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("again.db").path
    try Loop.encode(dataset, to: out)
    let rows = "SELECT timestamp, value, notes FROM Repetitions ORDER BY timestamp"
    #expect(try Loop.sqlite(out, rows) == (try Loop.sqlite(db, rows)))
  }
}

/// Repetitions no habit owns (Loop's newer schemas forbid them; an old or damaged backup may
/// have them) are skipped and counted, never silently.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopOrphanRepetitionTests {
  @Test func repetitionsOfNoHabitAreReportedWithTheirHabitIds() throws {
    let db = try LoopV25Sample.database("orphans.db", """
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
        VALUES (1, 0, 3, '', 1, 1, 0, 'Read', 0, NULL, NULL, 127, 0, 0, 0, '', '', 'cccccccccccccccccccccccccccccccc');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709510400000, 2, NULL), (7, 1709510400000, 2, NULL), (7, 1709596800000, 2, NULL), (9, 1709510400000, 2, NULL);
      """)
    defer { Loop.removeFolder(of: db) }
    let (dataset, context) = try Loop.decode(db)
    #expect(Loop.days(dataset) == ["Read": ["2024-03-04"]])
    let orphans = context.diagnostics.filter { $0.code == "loop-orphan-repetitions" }
    #expect(orphans.count == 1)
    #expect(orphans.first?.message.hasPrefix("3 repetition(s) belong to no habit of the backup (habit id 7, 9)") == true,
            "\(orphans.first?.message ?? "")")
    #expect(orphans.first?.location.field == "Repetitions")
    // The independent count: sqlite3 agrees on how many rows name no habit.
    #expect(try Loop.sqlite(db, "SELECT count(*) FROM Repetitions WHERE habit NOT IN (SELECT id FROM Habits)") == ["3"])
  }

  @Test func aBackupWithoutOrphansSaysNothingOfThem() throws {
    let db = try LoopV25Sample.make()
    defer { Loop.removeFolder(of: db) }
    let (_, context) = try Loop.decode(db)
    #expect(!context.diagnostics.contains { $0.code == "loop-orphan-repetitions" })
  }
}
