import Foundation
// Internal: GRDB overloads `<`, `&&`, `==` for SQL expressions, and a public import makes every
// client of TrackerPort see them (type checking of ordinary expressions then times out). No GRDB
// type appears in an API of this module.
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// Reads a Loop backup (`.db`) of any schema version from 8 to 25, read-only.
///
/// Old files lack columns: the reader asks `PRAGMA table_info` what the `Habits` and
/// `Repetitions` tables hold and reads what is there. Before version 14 a colour is an ARGB
/// integer, from 14 to 20 an index into Loop's 13-colour palette, from 21 into the 20-colour
/// one; before 16 every repetition is a check; before 23 the `description` column holds what
/// Loop now calls the question (migration 23 moved it).
struct LoopDatabaseReader {
  /// The path of the database and the name used in diagnostics.
  let path: String
  let fileName: String

  /// The SQLite file header every database starts with.

  /// What a backup holds: its habits, and a warning about repetitions no habit owns.
  struct Contents {
    var habits: [LoopHabit]
    var warnings: [Diagnostic]
  }

  /// The habits in `position` order, each with its repetitions.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` (with the file name) for a file that is not a
  ///   SQLite database, is damaged, or has no `Habits` and `Repetitions` tables;
  ///   `.unsupportedVersion` for a `user_version` above 25.
  func read() throws -> Contents {
    try SQLiteFile.read(path, fileName: fileName, app: "Loop") { db in try read(db) }
  }

  private func read(_ db: Database) throws -> Contents {
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    guard version <= LoopSchema.version else {
      throw CodecError(.unsupportedVersion, "Loop database version \(version) is newer than this build reads",
                       location: SourceLocation(file: fileName), note: "versions 8 to \(LoopSchema.version) are read")
    }
    let tables = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
    guard tables.contains("habits"), tables.contains("repetitions") else {
      throw CodecError(.malformedInput, "not a Loop database: it has no Habits and Repetitions tables",
                       location: SourceLocation(file: fileName),
                       note: "Loop writes its backups as 'Loop Habits Backup YYYY-MM-DD HHMMSS.db'")
    }
    let habitColumns = try columns(db, "Habits")
    let select = ["id", "name", "position", "archived", "color", "description", "question", "freq_num", "freq_den",
                  "type", "target_type", "target_value", "unit", "reminder_hour", "reminder_min", "reminder_days", "uuid"]
      .map { habitColumns.contains($0) ? $0 : "NULL" }
    var habits: [LoopHabit] = []
    var byId: [Int64: Int] = [:]
    let rows = try Row.fetchCursor(db, sql: "SELECT \(select.joined(separator: ", ")) FROM Habits ORDER BY position, id")
    while let row = try rows.next() {
      let id: Int64 = row[0] ?? Int64(habits.count)
      var habit = LoopHabit(position: row[2] ?? habits.count, name: row[1] ?? "")
      habit.location = SourceLocation(file: fileName, row: habits.count + 1, field: "Habits")
      habit.archived = (row[3] as Int?) ?? 0 != 0
      if let color: Int = row[4] { habit.colorHex = LoopPalette.hex(stored: color, schemaVersion: version) }
      let description: String = row[5] ?? ""
      if habitColumns.contains("question") {
        habit.question = row[6] ?? ""
        habit.description = description
      } else {
        habit.question = description
      }
      if let num: Int = row[7], let den: Int = row[8] { habit.frequency = LoopFrequency(numerator: num, denominator: den) }
      habit.numerical = (row[9] as Int?) == 1
      habit.targetType = row[10] ?? 0
      habit.targetValue = row[11] ?? 0
      habit.unit = row[12] ?? ""
      habit.reminderHour = row[13]
      habit.reminderMinute = row[14]
      habit.reminderDays = row[15]
      habit.uuid = row[16]
      byId[id] = habits.count
      habits.append(habit)
    }
    let repetitionColumns = try columns(db, "Repetitions")
    // Before version 16 there is no value: every row is a check.
    let value = repetitionColumns.contains("value") ? "value" : "\(LoopEntry.yesManual)"
    let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
    let repetitions = try Row.fetchCursor(db, sql: "SELECT habit, timestamp, \(value), \(notes) FROM Repetitions ORDER BY habit, timestamp")
    var orphans = 0
    var orphanHabits: Set<Int64> = []
    while let row = try repetitions.next() {
      guard let habitId: Int64 = row[0], let index = byId[habitId], let timestamp: Int64 = row[1],
            let date = LoopEntry.date(timestamp: timestamp) else {
        // Loop reads repetitions habit by habit: one of no habit (or no day, or a day outside
        // the years 1 to 9999) is never shown.
        orphans += 1
        if let habitId: Int64 = row[0], byId[habitId] == nil { orphanHabits.insert(habitId) }
        continue
      }
      habits[index].entries.append(LoopEntry(date: date,
                                             value: row[2] ?? LoopEntry.yesManual, notes: row[3]))
    }
    var warnings: [Diagnostic] = []
    if orphans > 0 {
      let ids = orphanHabits.sorted().prefix(10).map(String.init).joined(separator: ", ")
      warnings.append(Diagnostic(
        code: LoopCodec.orphanRepetitions.code, severity: .warning,
        message: "\(orphans) repetition(s) belong to no habit of the backup" + (ids.isEmpty ? "" : " (habit id \(ids))")
          + " or have no day; skipped, as Loop never shows them",
        location: SourceLocation(file: fileName, field: "Repetitions")))
    }
    return Contents(habits: habits, warnings: warnings)
  }

  /// The lower-cased column names of a table.
  private func columns(_ db: Database, _ table: String) throws -> Set<String> {
    Set(try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").compactMap { ($0["name"] as String?)?.lowercased() })
  }
}
