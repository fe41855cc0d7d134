import Foundation
// Internal: GRDB overloads `<`, `&&`, `==` for SQL expressions, and a public import makes every
// client of TrackerPort see them (type checking of ordinary expressions then times out). No GRDB
// type appears in an API of this module.
internal import GRDB
import TrackerCodec
import TrackerModel

/// Writes a dataset as a Loop backup at schema version 25, which Loop's "Import data" accepts.
///
/// The schema is ``LoopSchema/sql`` exactly. Habits go in dataset order (`position` 0, 1, ...);
/// events, which Loop cannot plan, are left out (the loss report says so). Each habit is
/// planned by ``LoopHabitPlan``: the model's fields (archived, description, goal and amounts,
/// frequency, reminder, notes, skipped days) first, then what it kept in `extras["loop"]`.
struct LoopDatabaseWriter {
  let fileName: String
  /// Told the rows inserted (habits and repetitions) every few thousand, for a progress display.
  var progress: ProgressMeter? = nil

  /// The database's bytes, built in a private temporary folder (``ScratchFolder``, mode 0700)
  /// that is removed afterwards with the database and its journal.
  ///
  /// - Throws: ``CodecError`` `.io` when the temporary database cannot be written.
  func bytes(of dataset: TrackerDataset) throws -> [UInt8] {
    try ScratchFolder.with(prefix: "loop", fileName: fileName) { folder in
      let path = folder + "/backup.db"
      do {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
          for statement in LoopSchema.statements { try db.execute(sql: statement) }
          try db.execute(sql: "PRAGMA user_version = \(LoopSchema.version)")
          try db.inTransaction {
            try write(dataset, into: db)
            return .commit
          }
        }
        try queue.close()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      } catch let error as CodecError {
        throw error
      } catch let error as DatabaseError {
        throw CodecError(.io, "cannot build the Loop database: \(error.message ?? "SQLite error \(error.resultCode.rawValue)")",
                         location: SourceLocation(file: fileName))
      } catch {
        throw CodecError(.io, "cannot build the Loop database: \(ForeignError.words(error))", location: SourceLocation(file: fileName))
      }
    }
  }

  private func write(_ dataset: TrackerDataset, into db: Database) throws {
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    let insertHabit = try db.makeStatement(sql: """
      INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
        reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
      VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    let insertRepetition = try db.makeStatement(sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)")
    var written = Set<String>()
    var unreported = 0
    defer { progress?.add(items: unreported) }
    for tracker in dataset.trackers where tracker.kind == .habit && written.insert(tracker.id).inserted {
      let id = Int64(written.count)
      let habit = LoopHabitPlan(tracker: tracker, position: written.count - 1,
                                records: records[tracker.id] ?? [], entries: entries[tracker.id] ?? []).habit
      try insertHabit.execute(arguments: [
        id, habit.archived ? 1 : 0, LoopPalette.nearestIndex(toHex: habit.colorHex), habit.description,
        habit.frequency.denominator, habit.frequency.numerator, habit.name, habit.position,
        habit.reminderHour, habit.reminderMinute, habit.reminderDays ?? LoopWeekdays.all, habit.numerical ? 1 : 0,
        habit.targetType, habit.targetValue, habit.unit, habit.question, habit.uuid,
      ])
      for entry in habit.entries {
        try insertRepetition.execute(arguments: [id, LoopEntry.timestamp(entry.date), entry.value, entry.notes])
        unreported += 1
        if unreported >= 4096 {
          progress?.add(items: unreported)
          unreported = 0
        }
      }
      unreported += 1
    }
  }

  /// A value (×1000, as Loop stores values) for a day meeting the target, within Loop's 32-bit
  /// `Int`: the target itself, moved by 1 when rounding took it past the target, and never 3,
  /// which Loop reads as a skip. "At least": 1000 (one unit) for a target of 0 or less, which
  /// Loop also wants above 0. "At most": 0 for a target below 0. Two targets no stored value
  /// meets — at most less than 0, at least more than 2147483.647 — lose their completions;
  /// ``LoopCodec/losses(writing:to:options:)`` counts them.
  static func storedTarget(_ target: Double, atMost: Bool = false) -> Int {
    guard !target.isNaN else { return atMost ? 0 : 1000 }
    let scaled = (target * 1000).rounded()
    if scaled >= Double(Int32.max) { return Int(Int32.max) }
    if scaled < 1 { return atMost ? 0 : 1000 }
    var value = Int(scaled)
    let amount = Double(value) / 1000  // as LoopDatasetBuilder.isCompletion compares
    if atMost, amount > target { value -= 1 }
    if !atMost, amount < target { value += 1 }
    if value == LoopEntry.skip { value = atMost ? 2 : 4 }
    return value
  }
}
