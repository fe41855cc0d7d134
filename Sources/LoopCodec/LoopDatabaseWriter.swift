import Foundation
// Implementation-only: GRDB overloads `<`, `&&`, `==` for SQL expressions, and a plain import
// makes every client of TrackerPort see them (type checking of ordinary expressions then times
// out). No GRDB type is stored in a property or appears in an API of this module, which is what
// makes hiding it safe without library evolution.
@_implementationOnly import GRDB
import TrackerCodec
import TrackerModel

/// Writes a dataset as a Loop backup at schema version 25, which Loop's "Import data" accepts.
///
/// The schema is ``LoopSchema/sql`` exactly. Habits go in dataset order (`position` 0, 1, ...);
/// events, which Loop cannot plan, are left out (the loss report says so). What a habit kept in
/// `extras["loop"]` comes back: the question, description, archived flag, measurable fields,
/// reminder, uuid, notes and non-completion days; the frequency and colour come back too while
/// the schedule and colour are still the ones they gave on import.
struct LoopDatabaseWriter {
  let fileName: String
  /// Told the rows inserted (habits and repetitions) every few thousand, for a progress display.
  var progress: ProgressMeter? = nil

  /// The database's bytes, built in a private temporary folder (``LoopScratch``, mode 0700)
  /// that is removed afterwards with the database and its journal.
  ///
  /// - Throws: ``CodecError`` `.io` when the temporary database cannot be written.
  func bytes(of dataset: TrackerDataset) throws -> [UInt8] {
    try LoopScratch.withFolder(fileName: fileName) { folder in
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
    var completions: [String: [LocalDate]] = [:]
    for record in dataset.records { completions[record.trackerId, default: []].append(record.date) }
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
      let habit = LoopDatabaseWriter.habit(for: tracker, position: written.count - 1)
      try insertHabit.execute(arguments: [
        id, habit.archived ? 1 : 0, LoopPalette.nearestIndex(toHex: habit.colorHex), habit.description,
        habit.frequency.denominator, habit.frequency.numerator, habit.name, habit.position,
        habit.reminderHour, habit.reminderMinute, habit.reminderDays ?? LoopWeekdays.all, habit.numerical ? 1 : 0,
        habit.targetType, habit.targetValue, habit.unit, habit.question, habit.uuid,
      ])
      for entry in LoopDatabaseWriter.repetitions(habit, completions: completions[tracker.id] ?? []) {
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

  /// The Loop habit of a tracker: its `extras["loop"]` with the name, schedule, colour and uuid
  /// the dataset has now.
  static func habit(for tracker: Tracker, position: Int) -> LoopHabit {
    var ignored: [[String]] = []
    return habit(for: tracker, position: position, ignored: &ignored)
  }

  /// The same, listing in `ignored` what of `extras["loop"]` Loop cannot store
  /// (``LoopExtras/decode(_:ignored:)``).
  static func habit(for tracker: Tracker, position: Int, ignored: inout [[String]]) -> LoopHabit {
    let kept = tracker.extras["loop"]
    var habit = LoopExtras.decode(kept, ignored: &ignored)
    habit.name = tracker.name
    habit.position = position
    let schedule = tracker.schedule ?? Weekday.allCases
    // The kept frequency (2 per 3 days) is restored while it still gives this schedule.
    if kept == nil || Set(habit.frequency.schedule(reminderDays: habit.reminderDays).schedule) != Set(schedule) {
      let planned = LoopFrequency.from(schedule: schedule)
      habit.frequency = planned.frequency
      habit.reminderDays = planned.reminderDays
    }
    // The kept Loop colour is restored while the tracker still has the colour it gave.
    if let hex = habit.colorHex, tracker.color.map({ $0.uppercased() }) == LoopPalette.trackerColor(forHex: hex) {
      habit.colorHex = LoopPalette.colors[LoopPalette.nearestIndex(toHex: hex)]
    } else {
      habit.colorHex = tracker.color
    }
    if habit.uuid == nil {
      let digits = tracker.id.lowercased().filter { $0 != "-" }
      let isUUID = digits.count == 32 && digits.allSatisfy(\.isHexDigit)
      habit.uuid = isUUID ? digits : StableID.uuid("loop:" + tracker.id).lowercased().filter { $0 != "-" }
    }
    return habit
  }

  /// One repetition per completion (a check, or the kept value of a measurable habit, else its
  /// target), plus the kept days that are not completions. `YES_AUTO` is never stored (Loop
  /// computes it): such a day with a note is stored as `UNKNOWN` with the note, as Loop does.
  /// A kept day that counts as a completion (`YES_MANUAL`, a value meeting the target) on a
  /// day the model has no record for was deleted by the user: it is not written back (which
  /// would undo the deletion); its note, if any, stays, as `UNKNOWN` with the note.
  static func repetitions(_ habit: LoopHabit, completions: [LocalDate]) -> [LoopEntry] {
    let done = Set(completions)
    var byDay: [LocalDate: LoopEntry] = [:]
    for entry in habit.entries {
      var entry = entry
      if entry.value == LoopEntry.yesAuto && !habit.numerical {
        guard entry.notes != nil else { continue }
        entry.value = LoopEntry.unknown
      }
      if !done.contains(entry.date) && LoopDatasetBuilder.isCompletion(entry, of: habit) {
        guard entry.notes != nil else { continue }
        entry.value = LoopEntry.unknown
      }
      byDay[entry.date] = entry
    }
    for date in completions {
      let kept = byDay[date]
      if habit.numerical {
        if let kept, LoopDatasetBuilder.isCompletion(kept, of: habit) { continue }
        byDay[date] = LoopEntry(date: date, value: storedTarget(habit.targetValue, atMost: habit.targetType == 1),
                                notes: kept?.notes)
      } else {
        byDay[date] = LoopEntry(date: date, value: LoopEntry.yesManual, notes: kept?.notes)
      }
    }
    return byDay.values.sorted { $0.date < $1.date }
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
