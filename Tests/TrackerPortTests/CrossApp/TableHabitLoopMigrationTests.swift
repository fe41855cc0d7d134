import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Loop → Table Habit → Loop, the migration the issue is about, checked by `sqlite3` (and, for
/// the CSV export, by reading its CSV files here): never by the codecs under test.
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct TableHabitLoopMigrationTests {
  /// Loop `input` → a Table Habit file → a Loop backup, in `folder`; the warnings of each step.
  static func migrate(_ input: String, in folder: URL) throws -> (tableHabit: String, loop: String, warnings: [Diagnostic]) {
    var warnings: [Diagnostic] = []
    var reading = CodecContext(fileName: input)
    let fromLoop = try LoopCodec().decode(CodecInput(path: input), context: &reading)
    let tableHabit = folder.appendingPathComponent("export-all.json").path
    var writing = CodecContext(fileName: tableHabit)
    warnings += TableHabitCodec().losses(writing: fromLoop, to: CodecOutput(path: tableHabit), options: [:])
    try TableHabitCodec().encode(fromLoop, to: CodecOutput(path: tableHabit), context: &writing)
    var readingBack = CodecContext(fileName: tableHabit)
    let fromTableHabit = try TableHabitCodec().decode(CodecInput(path: tableHabit), context: &readingBack)
    let loop = folder.appendingPathComponent("back.db").path
    var writingLoop = CodecContext(fileName: loop)
    warnings += LoopCodec().losses(writing: fromTableHabit, to: CodecOutput(path: loop), options: [:])
    try LoopCodec().encode(fromTableHabit, to: CodecOutput(path: loop), context: &writingLoop)
    return (tableHabit, loop, warnings + writing.diagnostics + readingBack.diagnostics)
  }

  /// A Loop version-25 backup built with `sqlite3` from the fixture schema: a measurable
  /// "at least 5 km" habit with amounts above and below its goal, notes, a skip and a day with
  /// only a note; an archived "at most 2 pcs" habit; a yes/no habit with a skip and notes.
  static let measurable = """
    INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid) VALUES
      (1, 0, 2, 'Outdoors', 1, 1, 0, 'Run', 0, NULL, NULL, 127, 1, 0, 5.0, 'km', 'How far?', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
      (2, 1, 3, '', 1, 1, 0, 'Cigarettes', 1, NULL, NULL, 127, 1, 1, 2.0, 'pcs', 'How many?', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'),
      (3, 0, 5, 'Every morning', 1, 1, 0, 'Stretch', 2, NULL, NULL, 127, 0, 0, 0, '', '', 'cccccccccccccccccccccccccccccccc');
    INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
      (1, 1709510400000, 7500, NULL), (1, 1709596800000, 2000, 'tired'), (1, 1709683200000, 3, NULL),
      (1, 1709769600000, -1, 'travel'), (1, 1709856000000, 5000, 'new shoes, "fast"'), (1, 1709942400000, 12250, NULL),
      (2, 1709510400000, 1000, NULL), (2, 1709596800000, 3, NULL), (2, 1709683200000, 5000, 'party'), (2, 1709769600000, 0, NULL),
      (3, 1709510400000, 2, NULL), (3, 1709596800000, 3, 'sick'), (3, 1709683200000, 2, 'late');
    """

  static func loopDatabase(_ sql: String, in folder: URL) throws -> String {
    let db = folder.appendingPathComponent("loop.db").path
    let schema = try String(contentsOfFile: SharedFixtures.path("loop_uhabits/loop_v25_schema.sql"), encoding: .utf8)
      .replacingOccurrences(of: "CREATE TABLE sqlite_sequence(name,seq);", with: "")
    _ = try Self.sqlite(db, input: schema + "PRAGMA user_version=25;\n" + sql)
    return db
  }

  /// `sqlite3 -batch db` with `sql` as lines; the oracle.
  static func sqlite(_ db: String, _ sql: String? = nil, input: String? = nil) throws -> [String] {
    if let sql { return try SQLite3.lines(db, sql) }
    return try SQLite3.execute(db, script: input ?? "").split(separator: "\n").map(String.init)
  }

  /// Every repetition (day, value, note) and every habit's name, archived flag, kind, goal,
  /// unit and frequency come back exactly; the Table Habit file in between holds the amounts,
  /// notes and skips, as Foundation's JSON parser reads it. (Loop's question and description
  /// travel as the model's one description; how Loop splits it again is kept in
  /// `extras["loop"]`, which Table Habit cannot hold, and is reported.)
  @Test func aMeasurableHabitKeepsUnitGoalAmountsNotesAndSkips() throws {
    let folder = try temporaryFolder("trackport-tablehabit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try Self.loopDatabase(Self.measurable, in: folder)
    let result = try Self.migrate(source, in: folder)
    let habits = "SELECT name, archived, type, target_type, target_value, unit, freq_num, freq_den FROM Habits ORDER BY position"
    let days = "SELECT h.name, r.timestamp, r.value, coalesce(r.notes, '') FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.position, r.timestamp"
    let expectedDays = try Self.sqlite(source, days)
    #expect(expectedDays.count == 13)
    #expect(try Self.sqlite(result.loop, habits) == (try Self.sqlite(source, habits)))
    #expect(try Self.sqlite(result.loop, days) == expectedDays)

    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: result.tableHabit))) as? NSDictionary)
    let written = try #require(json["habits"] as? [NSDictionary])
    #expect(written.map { $0["name"] as? String } == ["Run", "Cigarettes", "Stretch"])
    #expect(written[0]["daily_goal"] as? Double == 5 && written[0]["daily_goal_unit"] as? String == "km")
    #expect(written[0]["desc"] as? String == "How far?\n\nOutdoors")
    #expect(written[1]["type"] as? Int == 2 && written[1]["daily_goal_extra"] as? Double == 2 && written[1]["status"] as? Int == 3)
    let run = try #require(written[0]["records"] as? [NSDictionary])
    #expect(run.map { $0["record_type"] as? Int } == [1, 1, 2, 0, 1, 1])
    #expect(run.map { $0["record_value"] as? Double } == [7.5, 2, 0, 0, 5, 12.25])
    #expect(run.map { $0["reason"] as? String } == ["", "tired", "", "travel", "new shoes, \"fast\"", ""])
    // 2024-03-04 is epoch day 19786.
    #expect(run.first?["record_date"] as? Int == 19_786 && written[0]["start_date"] as? Int == 19_786)
    let stretch = try #require(written[2]["records"] as? [NSDictionary])
    #expect(stretch.map { $0["record_type"] as? Int } == [1, 2, 1])
    // What did not travel is said: ids, Loop's question and colour (extras), the creation day.
    #expect(result.warnings.contains { $0.code == "dropped-field" && $0.location.pointer == "/extras" })
  }

  /// Targets per week and per month (Loop's 1/7 and 1/30): Table Habit's goals are daily, so
  /// the period is reported lost, and every day's value, note and skip still comes back to Loop
  /// exactly, counted by `sqlite3` in the source and at the end; the target and unit too, now
  /// per day (1/1).
  @Test func targetsPerWeekOrMonthKeepEveryAmountAndNameThePeriodLost() throws {
    let folder = try temporaryFolder("trackport-tablehabit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try Self.loopDatabase("""
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid) VALUES
        (1, 0, 5, '', 7, 1, 0, 'Pages', 0, NULL, NULL, 127, 1, 0, 100.0, 'pages', '', 'cccccccccccccccccccccccccccccccc'),
        (2, 0, 3, '', 30, 1, 0, 'Sweets', 1, NULL, NULL, 127, 1, 1, 12.0, 'pcs', '', 'dddddddddddddddddddddddddddddddd');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709510400000, 30000, NULL), (1, 1709596800000, 120000, 'done'), (1, 1709683200000, 3, NULL),
        (1, 1709769600000, 0, NULL), (1, 1709856000000, 45500, 'train'),
        (2, 1709510400000, 2000, NULL), (2, 1709596800000, 0, 'none'), (2, 1709683200000, 15000, 'party');
      """, in: folder)
    let result = try Self.migrate(source, in: folder)
    let period = try #require(result.warnings.first { $0.location.pointer == "/trackers.goal.period" })
    #expect(period.code == "dropped-field" && period.message.contains(": 2 goal(s) per week, month or n days"), "\(period.message)")
    let days = "SELECT h.name, r.timestamp, r.value, coalesce(r.notes, '') FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.position, r.timestamp"
    let expected = try Self.sqlite(source, days)
    #expect(expected.count == 8)
    #expect(try Self.sqlite(result.loop, days) == expected)
    let habits = "SELECT name, type, target_type, target_value, unit, freq_num, freq_den FROM Habits ORDER BY position"
    #expect(try Self.sqlite(result.loop, habits) == ["Pages|1|0|100.0|pages|1|1", "Sweets|1|1|12.0|pcs|1|1"])
  }

  /// Loop's own backup fixture: every completion of every habit, by position, as `sqlite3`
  /// counts them in the source and in the backup written at the end.
  @Test func theLoopBackupFixtureKeepsEveryCompletion() throws {
    let folder = try temporaryFolder("trackport-tablehabit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = SharedFixtures.path("loop_uhabits/loop.db")
    let result = try Self.migrate(source, in: folder)
    let expected = try Self.sqlite(source, """
      SELECT h.position, h.name, h.archived, count(DISTINCT r.timestamp / 86400000) FROM Habits h
      LEFT JOIN Repetitions r ON r.habit = h.id GROUP BY h.id ORDER BY h.position
      """)
    let got = try Self.sqlite(result.loop, """
      SELECT h.position, h.name, h.archived, count(r.timestamp) FROM Habits h
      LEFT JOIN Repetitions r ON r.habit = h.id AND r.value = 2 GROUP BY h.id ORDER BY h.position
      """)
    #expect(expected.count == 9)
    #expect(got == expected)
  }

  /// Loop's CSV export: the YES_MANUAL and SKIP days of each habit's `Checkmarks.csv`, counted
  /// here from the CSV text, are the completions and skips in the backup written at the end.
  @Test func theLoopCSVExportKeepsEveryCompletionAndSkip() throws {
    let folder = try temporaryFolder("trackport-tablehabit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = SharedFixtures.path("loop_uhabits/csv_export")
    let result = try Self.migrate(source, in: folder)
    var expected: [String] = []
    for (position, name) in ["Meditate", "Wake up early"].enumerated() {
      let text = try String(contentsOfFile: source + "/00\(position + 1) \(name)/Checkmarks.csv", encoding: .utf8)
      let values = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[1] }
      expected.append("\(name)|\(values.count { $0 == "YES_MANUAL" })|\(values.count { $0 == "SKIP" })")
    }
    let got = try Self.sqlite(result.loop, """
      SELECT h.name, count(CASE r.value WHEN 2 THEN 1 END), count(CASE r.value WHEN 3 THEN 1 END) FROM Habits h
      LEFT JOIN Repetitions r ON r.habit = h.id
      GROUP BY h.id ORDER BY h.position
      """)
    #expect(got == expected)
  }
}
