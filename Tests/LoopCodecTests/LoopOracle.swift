import Foundation
import Testing
import JSONCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// A Loop backup as `sqlite3 -json` reads it (never the code under test), and what each habit
/// must become in the model's own fields, by the rules of `docs/loop.md`: archived, question
/// and description, goal and amounts (×1000 exactly), frequency, reminder, notes, skips.
struct LoopOracle {
  struct Habit {
    var name: String
    var archived: Bool
    /// The question and description, after migration 23 (before it the description column
    /// holds the question).
    var question: String
    var description: String
    var num: Int?
    var den: Int?
    var numerical: Bool
    var atMost: Bool
    var target: Double
    var unit: String
    var hour: Int?
    var minute: Int?
    var mask: Int?
    /// Day (`YYYY-MM-DD`), stored value, notes.
    var repetitions: [(day: String, value: Int, notes: String?)] = []
  }

  var habits: [Habit] = []

  /// `sqlite3 -json db sql` as rows.
  static func rows(_ db: String, _ sql: String) throws -> [[String: Any]] {
    try SQLite3.rows(db, sql)
  }

  /// Reads `db` with `sqlite3`, asking `pragma_table_info` which columns its version has.
  init(_ db: String) throws {
    func columns(_ table: String) throws -> Set<String> {
      Set(try Loop.sqlite(db, "SELECT lower(name) FROM pragma_table_info('\(table)')"))
    }
    let habitColumns = try columns("Habits"), repetitionColumns = try columns("Repetitions")
    func column(_ name: String, or fallback: String) -> String {
      (habitColumns.contains(name) ? name : fallback) + " AS " + name
    }
    let select = ["id AS id", "name AS name", column("archived", or: "0"), column("description", or: "''"),
                  column("question", or: "NULL"), "freq_num AS freq_num", "freq_den AS freq_den", column("type", or: "0"),
                  column("target_type", or: "0"), column("target_value", or: "0"), column("unit", or: "''"),
                  column("reminder_hour", or: "NULL"), column("reminder_min", or: "NULL"), column("reminder_days", or: "NULL")]
    var byId: [Int: Int] = [:]
    for row in try Self.rows(db, "SELECT \(select.joined(separator: ", ")) FROM Habits ORDER BY position, id") {
      let question = row["question"] as? String
      let habit = Habit(
        name: row["name"] as? String ?? "", archived: (row["archived"] as? Int ?? 0) != 0,
        question: question ?? (row["description"] as? String ?? ""), description: question == nil ? "" : row["description"] as? String ?? "",
        num: row["freq_num"] as? Int, den: row["freq_den"] as? Int, numerical: row["type"] as? Int == 1,
        atMost: row["target_type"] as? Int == 1, target: (row["target_value"] as? NSNumber)?.doubleValue ?? 0,
        unit: row["unit"] as? String ?? "", hour: row["reminder_hour"] as? Int, minute: row["reminder_min"] as? Int,
        mask: row["reminder_days"] as? Int)
      byId[row["id"] as? Int ?? -1] = habits.count
      habits.append(habit)
    }
    let value = repetitionColumns.contains("value") ? "value" : "2"
    let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
    for row in try Self.rows(db, "SELECT habit, date(timestamp / 1000, 'unixepoch') AS day, \(value) AS value, \(notes) AS notes FROM Repetitions ORDER BY habit, timestamp") {
      guard let habit = (row["habit"] as? Int).flatMap({ byId[$0] }), let day = row["day"] as? String else { continue }
      habits[habit].repetitions.append((day, row["value"] as? Int ?? 2, row["notes"] as? String))
    }
  }

  /// Checks every habit of `dataset` (read from the same file, in the same order) against the file.
  func check(_ dataset: TrackerDataset, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(dataset.trackers.count == habits.count, sourceLocation: sourceLocation)
    for (habit, tracker) in zip(habits, dataset.trackers) {
      let records = dataset.records.filter { $0.trackerId == tracker.id }
      let entries = dataset.entries.filter { $0.trackerId == tracker.id }
      let what = "\(habit.name)"
      #expect(tracker.archived == habit.archived, "\(what): archived", sourceLocation: sourceLocation)
      let texts = [habit.question, habit.description].filter { !$0.isEmpty }
      #expect(tracker.description == (texts.isEmpty ? nil : texts.joined(separator: "\n\n")), "\(what): description",
              sourceLocation: sourceLocation)
      // Skips are skipped entries; notes are on records and entries, one each.
      let skips = habit.repetitions.filter { $0.value == 3 }.map(\.day)
      #expect(entries.filter(\.skipped).map(\.date.description) == skips, "\(what): skips", sourceLocation: sourceLocation)
      let notes = habit.repetitions.compactMap { $0.notes.flatMap { $0.isEmpty ? nil : $0 } }.sorted()
      #expect((records.compactMap(\.note) + entries.compactMap(\.note)).sorted() == notes, "\(what): notes",
              sourceLocation: sourceLocation)
      // A target once per period (1/1 a day, 1/7 a week, 1/30 a month, 1/n n days) is the goal.
      let perPeriod = habit.num == 1 && (habit.den ?? 0) >= 1
      if habit.numerical && perPeriod, let den = habit.den {
        let period: TrackerGoal.Period = switch den { case 1: .day; case 7: .week; case 30: .month; default: .days(den) }
        #expect(tracker.goal == TrackerGoal(target: habit.target, direction: habit.atMost ? .atMost : .atLeast,
                                            unit: habit.unit.isEmpty ? nil : habit.unit, period: period),
                "\(what): goal", sourceLocation: sourceLocation)
        // Every stored amount (all but SKIP 3 and UNKNOWN -1 and below), ×1000 exactly.
        let stored = habit.repetitions.filter { $0.value >= 0 && $0.value != 3 }.map { "\($0.day) \(Double($0.value) / 1000)" }
        let amounts = (records.compactMap { r in r.amount.map { "\(r.date) \($0)" } } + entries.compactMap { e in e.amount.map { "\(e.date) \($0)" } }).sorted()
        #expect(amounts == stored, "\(what): amounts", sourceLocation: sourceLocation)
      } else {
        #expect(tracker.goal == nil && records.allSatisfy { $0.amount == nil } && entries.allSatisfy { $0.amount == nil },
                "\(what): no goal", sourceLocation: sourceLocation)
      }
      // The frequency beside the schedule: absent when the weekdays say it.
      if let num = habit.num, let den = habit.den, !habit.numerical {
        let reminderDays = habit.mask.map { ($0 & 127).nonzeroBitCount }
        let said = (num == 1 && den == 1) || (den == 7 && reminderDays == num)
        #expect(tracker.frequency == (said ? nil : TrackerFrequency(times: num, days: den)), "\(what): frequency",
                sourceLocation: sourceLocation)
      }
      // The reminder: HH:MM, on the mask's days unless they are the planned ones.
      if let hour = habit.hour, (0...23).contains(hour), (0...59).contains(habit.minute ?? 0) {
        let time = String(format: "%02d:%02d", hour, habit.minute ?? 0)
        let bits: [(Weekday, Int)] = [(.mon, 4), (.tue, 8), (.wed, 16), (.thu, 32), (.fri, 64), (.sat, 1), (.sun, 2)]
        let days = habit.mask.map { mask in bits.filter { mask & $0.1 != 0 }.map(\.0) }
        let planned = Set(tracker.schedule ?? [])
        #expect(tracker.reminders == [TrackerReminder(time: time, days: days.flatMap { Set($0) == planned ? nil : $0 })],
                "\(what): reminder", sourceLocation: sourceLocation)
      } else {
        #expect(tracker.reminders.isEmpty, "\(what): no reminder", sourceLocation: sourceLocation)
      }
    }
  }
}
