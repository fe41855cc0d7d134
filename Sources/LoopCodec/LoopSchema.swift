import Foundation

/// The schema of a Loop Habit Tracker database at version 25, as a fresh Loop install has it.
///
/// The text is exactly `../shared/fixtures/loop_uhabits/loop_v25_schema.sql` (a test keeps the
/// two equal): the result of Loop's migrations 09 to 25. The writer runs every statement but
/// `sqlite_sequence`, which SQLite creates itself with the first `autoincrement` table.
enum LoopSchema {
  /// The schema version Loop 2.x writes (`PRAGMA user_version`).
  static let version = 25

  /// The schema file, byte for byte.
  static let sql = #"""
-- Schema produced by applying iSoron/uhabits uhabits-core/src/jvmMain/resources/migrations/09.sql..25.sql (@5aa8744e) to an empty SQLite DB (what a fresh Loop install has; HabitsDatabaseOpener sets version 8 then migrates). PRAGMA user_version=25.
CREATE TABLE Habits (
    id integer primary key autoincrement,
    archived integer,
    color integer,
    description text,
    freq_den integer,
    freq_num integer,
    highlight integer,
    name text,
    position integer,
    reminder_hour integer,
    reminder_min integer
, reminder_days integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default "", question text, uuid text);
CREATE TABLE sqlite_sequence(name,seq);
CREATE TABLE Events (
    id integer primary key autoincrement,
    timestamp integer,
    message text,
    server_id integer
);
CREATE TABLE Repetitions (
        id integer primary key autoincrement,
        habit integer not null references habits(id),
        timestamp integer not null,
        value integer not null, notes text);
CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(
        habit, timestamp);

"""#

  /// The `CREATE` statements to run, in order (comments and `sqlite_sequence` left out).
  static var statements: [String] {
    let body = sql.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("--") }.joined(separator: "\n")
    return body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && !$0.contains("sqlite_sequence") }
  }
}
