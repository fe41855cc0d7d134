import Foundation
import Testing

/// A version-25 backup built with `sqlite3` from the fixture schema: a measurable habit, an
/// archived 3-per-week habit with reminder days, notes and a skip. The test removes its folder
/// (the folder holding the returned path).
public enum LoopV25Sample {
  public static func make() throws -> String {
    // Reminder days: Monday 4 + Wednesday 16 + Friday 64 = 84. 2024-03-04 is a Monday: 1709510400000.
    try database("v25.db", """
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
        VALUES (1, 0, 2, 'Outdoors', 1, 1, 0, 'Run', 0, NULL, NULL, 127, 1, 0, 5.0, 'km', 'How far did you run?', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
               (2, 1, 15, '', 7, 3, 0, 'Gym', 1, 7, 30, 84, 0, 0, 0, '', 'Did you go?', '0123456789abcdef0123456789abcdef');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, 1709596800000, 7500, NULL), (1, 1709683200000, 2000, 'tired'), (1, 1709769600000, 5000, NULL),
        (2, 1709510400000, 2, 'leg day, "heavy"'), (2, 1709683200000, 3, NULL), (2, 1709856000000, 2, NULL);
      """)
  }

  /// A version-25 backup `name` in a new temporary folder, built with `sqlite3`: the fixture
  /// schema, `user_version` 25, then `sql`.
  public static func database(_ name: String, _ sql: String) throws -> String {
    let db = try temporaryFolder("trackport-loop").appendingPathComponent(name).path
    let schema = try String(contentsOfFile: SharedFixtures.path("loop_uhabits/loop_v25_schema.sql"), encoding: .utf8)
      .replacingOccurrences(of: "CREATE TABLE sqlite_sequence(name,seq);", with: "")
    try SQLite3.execute(db, script: schema + "PRAGMA user_version=25;\n" + sql)
    return db
  }
}

/// A version-25 backup built with `sqlite3` holding every kind of habit and day: measurable
/// habits per day (at least, at most) and per week, yes/no habits of several frequencies, an
/// archived one, reminders (one at an hour Loop never writes), texts in every combination,
/// and values, notes, skips, `NO`, `UNKNOWN` and numbers Loop does not define. The test removes
/// its folder (the folder holding the returned path).
public enum LoopRichSample {
  public static func make() throws -> String {
    // 2024-03-04 (a Monday) is 1709510400000; one day is 86400000. Masks: Sat 1, Sun 2, Mon 4,
    // Wed 16, Fri 64.
    let d = (0...8).map { 1_709_510_400_000 + Int64($0) * 86_400_000 }
    return try LoopV25Sample.database("rich.db", """
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid) VALUES
        (1, 0, 2, 'Outdoors', 1, 1, 0, 'Run', 0, 7, 30, 127, 1, 0, 5.0, 'km', 'How far?', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
        (2, 1, 3, '', 1, 1, 0, 'Cigarettes', 1, NULL, NULL, 0, 1, 1, 2.0, 'pcs', 'How many?', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'),
        (3, 0, 5, 'Novels', 7, 1, 0, 'Pages', 2, NULL, NULL, 127, 1, 0, 100.0, 'pages', '', 'cccccccccccccccccccccccccccccccc'),
        (4, 1, 15, '', 7, 3, 0, 'Gym', 3, 18, 5, 84, 0, 0, 0, '', 'Did you go?', 'dddddddddddddddddddddddddddddddd'),
        (5, 0, 9, '', 3, 2, 0, 'Floss', 4, 21, 0, 65, 0, 0, 0, '', '', 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
        (6, 0, 11, '', 7, 3, 0, 'Stretch', 5, NULL, NULL, 127, 0, 0, 0, '', '', 'ffffffffffffffffffffffffffffffff'),
        (7, 0, 19, '', 1, 1, 0, 'Odd', 6, 25, 0, 3, 0, 0, 0, '', '', '11111111111111111111111111111111');
      INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
        (1, \(d[0]), 7500, NULL), (1, \(d[1]), 2000, 'tired'), (1, \(d[2]), 5000, NULL), (1, \(d[3]), 3, 'rain'),
        (1, \(d[4]), -1, 'travel'), (1, \(d[5]), 0, NULL), (1, \(d[6]), -1, NULL), (1, \(d[7]), 1, NULL), (1, \(d[8]), 2147483647, NULL),
        (2, \(d[0]), 1000, NULL), (2, \(d[1]), 3, NULL), (2, \(d[2]), -1, 'x'), (2, \(d[3]), 5000, 'party'), (2, \(d[4]), 0, NULL),
        (3, \(d[0]), 30000, NULL), (3, \(d[1]), 120000, 'done'), (3, \(d[2]), 3, NULL), (3, \(d[3]), 0, NULL), (3, \(d[4]), -1, 'away'),
        (4, \(d[0]), 2, 'leg day, "heavy"'), (4, \(d[1]), 3, NULL), (4, \(d[2]), 2, NULL), (4, \(d[3]), 0, 'sick'), (4, \(d[4]), 0, NULL),
        (4, \(d[5]), -1, 'note only'), (4, \(d[6]), -1, NULL),
        (5, \(d[0]), 2, NULL), (5, \(d[1]), 3, 'dentist'), (5, \(d[2]), 0, NULL),
        (6, \(d[0]), 2, NULL),
        (7, \(d[0]), 2, NULL), (7, \(d[1]), 7, NULL), (7, \(d[2]), 7, 'weird'), (7, \(d[3]), 3, NULL), (7, \(d[4]), -5, 'neg');
      """)
  }
}
