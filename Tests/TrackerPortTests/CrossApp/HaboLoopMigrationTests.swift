import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Loop → Habo → back: what Habo can hold comes back, checked against `sqlite3`'s reading of
/// the Loop database (the oracle: neither the codecs nor TrackerPort's model).
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
struct HaboLoopMigrationTests {
  /// Loop's backup read by the Loop codec, written as Habo, read by the Habo codec.
  static func throughHabo(_ db: String) throws -> (loop: TrackerDataset, back: TrackerDataset, losses: [Diagnostic], writing: CodecContext) {
    var reading = CodecContext(fileName: db)
    let loop = try LoopCodec().decode(CodecInput(path: db), context: &reading)
    let losses = HaboCodec().losses(writing: loop, to: CodecOutput(path: "/tmp/habo.json"), options: [:])
    let (bytes, writing) = try encode(HaboCodec(), loop, name: "out.json")
    let (back, _) = try decode(HaboCodec(), bytes: bytes, name: "backup.json")
    return (loop, back, losses, writing)
  }

  /// `sqlite3 -batch -readonly db sql`, one line per row.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] { try SQLite3.lines(db, sql, readOnly: true) }

  /// Every completion of Loop's own example backup (schema 12) comes back from Habo, habit by
  /// habit in Loop's order; the frequencies Habo cannot plan are reported.
  @Test func theLoopFixtureKeepsEveryCompletion() throws {
    let db = SharedFixtures.path("loop_uhabits/loop.db")
    let (loop, back, losses, writing) = try Self.throughHabo(db)
    let oracle = try Self.sqlite(db, """
      SELECT h.name, count(DISTINCT r.timestamp / 86400000) FROM Habits h LEFT JOIN Repetitions r ON r.habit = h.Id
      GROUP BY h.Id ORDER BY h.position
      """)
    #expect(back.trackers.count == oracle.count)
    for (tracker, line) in zip(back.trackers, oracle) {
      let parts = line.split(separator: "|").map(String.init)
      #expect(tracker.name == parts[0])
      #expect(back.records.count { $0.trackerId == tracker.id } == Int(parts[1]), "\(tracker.name)")
    }
    #expect(back.records.count == loop.records.count)
    // Wake up early (3/7), brush teeth (3/7), Sleep early (1/5): planned every day in Habo,
    // each said once before writing, by the habit (no count of trackers.frequency besides).
    #expect(losses.count { $0.code == "lossy-frequency" } == 3)
    #expect(!losses.contains { $0.location.pointer == "/trackers.frequency" })
    #expect(!writing.diagnostics.contains { $0.code == "lossy-frequency" })
  }

  /// A version-25 backup with a measurable habit (amounts, a day below the target with a
  /// note), a yes/no habit (a note, a skip) that is archived: amounts, notes, skips and the
  /// archived flag come back as `sqlite3` reads them from the database.
  @Test func amountsNotesAndSkipsComeBack() throws {
    let folder = try temporaryFolder("trackport-habo-loop")
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("v25.db").path
    let schema = try String(contentsOfFile: SharedFixtures.path("loop_uhabits/loop_v25_schema.sql"), encoding: .utf8)
      .replacingOccurrences(of: "CREATE TABLE sqlite_sequence(name,seq);", with: "")
    // 2024-03-04 is 1709510400000 ms; a day is 86400000.
    let sql = schema + """
      PRAGMA user_version=25;
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
        VALUES (1, 0, 2, '', 1, 1, 0, 'Run', 0, NULL, NULL, 127, 1, 0, 5.0, 'km', '', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
               (2, 1, 15, '', 1, 1, 0, 'Gym', 1, NULL, NULL, 127, 0, 0, 0, '', '', '0123456789abcdef0123456789abcdef'),
               (3, 0, 5, '', 7, 1, 0, 'Pages', 2, NULL, NULL, 127, 1, 0, 100.0, 'pages', '', 'cccccccccccccccccccccccccccccccc');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709596800000, 7500, NULL), (1, 1709683200000, 2000, 'tired'), (1, 1709769600000, 5000, 'done, "finally"'),
        (3, 1709510400000, 30000, NULL), (3, 1709596800000, 120000, 'done'), (3, 1709683200000, 45500, 'train'),
        (2, 1709510400000, 2, 'leg day'), (2, 1709683200000, 3, 'sore'), (2, 1709856000000, 2, NULL), (2, 1709942400000, 3, NULL);
      """
    try SQLite3.execute(db, script: sql)

    // Pages is 100 a week: Habo's goals are daily, so the period is named lost and every
    // day's amount still comes back (below the goal per day, as the queries below count it).
    let (_, back, losses, _) = try Self.throughHabo(db)
    #expect(losses.contains { $0.location.pointer == "/trackers.goal.period" && $0.message.contains(": 1 goal(s) per week") })
    #expect(back.trackers.first { $0.name == "Pages" }?.goal == TrackerGoal(target: 100, direction: .atLeast, unit: "pages"))
    let names = Dictionary(uniqueKeysWithValues: back.trackers.map { ($0.id, $0.name) })
    // What came back, as lines in sqlite3's form: name|day|amount|note, and skips.
    func amount(_ a: Double?) -> String { a.map { String(format: "%.3f", $0) } ?? "" }
    let completions = back.records.map { "\(names[$0.trackerId]!)|\($0.date)|\(amount($0.amount))|\($0.note ?? "")" }.sorted()
    let below = back.entries.filter { !$0.skipped }.map { "\(names[$0.trackerId]!)|\($0.date)|\(amount($0.amount))|\($0.note ?? "")" }.sorted()
    let skips = back.entries.filter(\.skipped).map { "\(names[$0.trackerId]!)|\($0.date)|\($0.note ?? "")" }.sorted()
    let day = "date(r.timestamp / 1000, 'unixepoch')"
    let value = "CASE h.type WHEN 1 THEN printf('%.3f', r.value / 1000.0) ELSE '' END"
    #expect(completions == (try Self.sqlite(db, """
      SELECT h.name, \(day), \(value), coalesce(r.notes, '') FROM Repetitions r JOIN Habits h ON h.id = r.habit
      WHERE (h.type = 0 AND r.value = 2) OR (h.type = 1 AND r.value >= h.target_value * 1000)
      """).sorted()))
    #expect(below == (try Self.sqlite(db, """
      SELECT h.name, \(day), \(value), coalesce(r.notes, '') FROM Repetitions r JOIN Habits h ON h.id = r.habit
      WHERE h.type = 1 AND r.value < h.target_value * 1000
      """).sorted()))
    #expect(skips == (try Self.sqlite(db, """
      SELECT h.name, \(day), coalesce(r.notes, '') FROM Repetitions r JOIN Habits h ON h.id = r.habit WHERE h.type = 0 AND r.value = 3
      """).sorted()))
    #expect(!completions.isEmpty && !below.isEmpty && skips.count == 2)
    // The goal and the archived flag.
    #expect(back.trackers.first { $0.name == "Run" }?.goal == TrackerGoal(target: 5, direction: .atLeast, unit: "km"))
    #expect(back.trackers.map(\.archived) == (try Self.sqlite(db, "SELECT archived FROM Habits ORDER BY position")).map { $0 == "1" })
  }
}
