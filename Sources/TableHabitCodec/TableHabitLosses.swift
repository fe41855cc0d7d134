import TrackerCodec
import TrackerModel

/// What writing a dataset to Table Habit loses, field by field, counted on the data (the
/// writer's own decisions, ``TableHabitWriter``), reported before anything is written.
struct TableHabitLosses {
  let dataset: TrackerDataset
  let fileName: String

  /// What a dataset using every field loses (`CannotCarryTests`), in the model's order:
  /// tracker ids (derived from position and name on reading), emoji (Table Habit has none),
  /// colours off the palette, weekdays (Table Habit plans times per period), event dates,
  /// pinning, a goal's period (Table Habit's goals are daily), a creation day where there is none (Table Habit needs a start day), frequencies
  /// that read back otherwise, reminders beyond one per habit, events and their records,
  /// tasks, the task category order, extras of other formats.
  /// Of those, what Table Habit has no place for (reading makes it up: an emoji from the name,
  /// every day's schedule) is in this list, what it holds for some values only in
  /// ``carriedInPart``.
  static let declared: [ModelField] = [
    .trackerIds, .trackerEmoji, .trackerSchedule, .eventDate, .trackerPinned, .trackerGoalPeriod, .events, .eventRecords, .tasks,
    .taskReminders, .taskAttachments, .taskCategoryOrder,
  ]

  /// What Table Habit holds, but not every value of: colours (its palette and custom colours),
  /// creation days (a start day it needs), frequencies (times per week, month, year), reminders
  /// (one per habit), extras (its own, `extras["tablehabit"]`, only).
  static let carriedInPart: [ModelField] = [.trackerColor, .trackerCreatedOn, .trackerFrequency, .trackerReminders, .extras]

  /// `dropped-field` warnings, then `tablehabit-text-cut` ones for each cut group name and unit.
  func diagnostics() -> [Diagnostic] {
    let habits = TableHabitWriter.habits(of: dataset)
    var lost: [ModelField: Int] = [:]
    for (position, item) in habits.enumerated() {
      let tracker = item.tracker
      if tracker.id != StableID.uuid("tablehabit:\(position):\(tracker.name)") { lost[.trackerIds, default: 0] += 1 }
      if let emoji = tracker.emoji, emoji != PaletteEmoji.stableChoice(for: tracker.name).emoji.rawValue {
        lost[.trackerEmoji, default: 0] += 1
      }
      if let color = tracker.color, readColor(tracker) != color { lost[.trackerColor, default: 0] += 1 }
      // Weekdays written as "k times per week" are said by the habit (the writer's
      // lossy-frequency), not also counted here.
      if tracker.schedule != Weekday.allCases, !TableHabitWriter.losesWeekdays(tracker) { lost[.trackerSchedule, default: 0] += 1 }
      if tracker.createdOn == nil { lost[.trackerCreatedOn, default: 0] += 1 }
      if !frequencyComesBack(tracker) { lost[.trackerFrequency, default: 0] += 1 }
      if !goalComesBack(tracker) { lost[.trackerGoal, default: 0] += 1 }
      if let goal = tracker.goal, !goal.period.isDay { lost[.trackerGoalPeriod, default: 0] += 1 }
      if !remindersComeBack(tracker) { lost[.trackerReminders, default: 0] += 1 }
      countDays(item.days, of: tracker, into: &lost)
    }
    let written = Set(habits.map(\.tracker.id))
    lost[.eventRecords] = dataset.records.count { !written.contains($0.trackerId) }
    // Entries of events or unknown trackers, on a day with a record, or with nothing Table Habit holds.
    let kept = habits.reduce(0) { total, item in
      total + item.days.count { !$0.isRecord }
    }
    lost[.entries] = dataset.entries.count - kept
    var repeatedRecords = 0
    for item in habits { repeatedRecords += item.days.count(where: \.isRecord) }
    lost[.records, default: 0] += dataset.records.count - repeatedRecords - (lost[.eventRecords] ?? 0)
    lost[.extras] = (dataset.extras.keys.contains { $0 != TableHabitReader.namespace } ? 1 : 0)
      + dataset.categories.count { foreign($0) } + dataset.trackers.count { foreign($0) }
      + dataset.records.count { foreign($0) } + dataset.entries.count { foreign($0) }
    for field in [ModelField.eventDate, .trackerPinned, .events, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    var result: [Diagnostic] = []
    for field in ModelField.inModelOrder(lost.keys) {
      guard let count = lost[field], count > 0 else { continue }
      result.append(Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                               message: "Table Habit cannot carry \(field.rawValue): \(count) \(Self.what[field] ?? "item(s) left out")",
                               location: SourceLocation(file: fileName, pointer: "/" + field.rawValue)))
    }
    return result + cuts()
  }

  private func foreign(_ item: some HasExtras) -> Bool {
    item.extras.ofFormats.keys.contains { $0 != TableHabitReader.namespace }
  }

  /// The colour reading the written values back gives.
  private func readColor(_ tracker: Tracker) -> String? {
    let members = Dictionary(TableHabitWriter.colorMembers(of: tracker), uniquingKeysWith: { a, _ in a })
    return TableHabitPalette.modelColor(code: members["color"].flatMap(TableHabitWriter.int),
                                        custom: members["custom_color"].flatMap(TableHabitWriter.int))
      ?? PaletteEmoji.stableChoice(for: tracker.name).color.rawValue
  }

  private func frequencyComesBack(_ tracker: Tracker) -> Bool {
    if TableHabitWriter.keptFrequency(of: tracker) != nil { return true }
    return TableHabitWriter.frequency(of: tracker).model.frequency == tracker.frequency
  }

  private func goalComesBack(_ tracker: Tracker) -> Bool {
    guard let goal = tracker.goal else { return true }
    guard goal.target.isFinite, goal.unit != "" else { return false }
    if goal.direction == .atLeast, goal.unit == nil, goal.target == 1 { return false }
    return true
  }

  private func remindersComeBack(_ tracker: Tracker) -> Bool {
    if tracker.reminders.isEmpty { return true }
    guard tracker.reminders.count == 1, let reminder = TableHabitReminder(tracker.reminders[0]) else { return false }
    return reminder.model == tracker.reminders[0]
  }

  /// Amounts and notes that do not read back the same.
  private func countDays(_ days: [TableHabitWriter.Day], of tracker: Tracker, into lost: inout [ModelField: Int]) {
    for day in days {
      switch day {
      case .record(let record):
        if let goal = tracker.goal?.perDay {
          if let amount = record.amount {
            if !amount.isFinite { lost[.recordAmounts, default: 0] += 1 }
            // A completion below the goal reads back as an entry.
            else if !goal.isMet(by: amount) { lost[.records, default: 0] += 1 }
          } else {
            lost[.recordAmounts, default: 0] += 1
          }
        } else if record.amount != nil {
          lost[.recordAmounts, default: 0] += 1
        }
        if record.note == "" { lost[.recordNotes, default: 0] += 1 }
      case .entry(let entry):
        if let amount = entry.amount {
          if tracker.goal == nil || !amount.isFinite || amount == 0 || (!entry.skipped && tracker.goal?.perDay.isMet(by: amount) == true) {
            lost[.entryAmounts, default: 0] += 1
          }
        }
        if entry.note == "" { lost[.entryNotes, default: 0] += 1 }
      }
    }
  }

  /// Group names and units cut to Table Habit's limits.
  private func cuts() -> [Diagnostic] {
    var result: [Diagnostic] = []
    let invented = dataset.inventedCategoryIds  // one pass over the trackers, not one per category
    for (index, category) in dataset.categories.enumerated()
    where !TableHabitWriter.isUngrouped(category) && !invented.contains(category.id) && category.title.utf16.count > TableHabitWriter.groupNameLimit {
      result.append(cut("group name \"\(category.title.prefix(24))…\"", limit: TableHabitWriter.groupNameLimit,
                        pointer: "/categories/\(index)/title"))
    }
    for (index, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      if let unit = tracker.goal?.unit, unit.utf16.count > TableHabitWriter.unitLimit {
        result.append(cut("unit \"\(unit)\" of habit \"\(tracker.name)\"", limit: TableHabitWriter.unitLimit,
                          pointer: "/trackers/\(index)/goal/unit"))
      }
    }
    return result
  }

  private func cut(_ what: String, limit: Int, pointer: String) -> Diagnostic {
    Diagnostic(code: TableHabitCodec.textCut.code, severity: .warning,
               message: "the \(what) is longer than Table Habit's \(limit) characters; it is cut to \(limit)",
               location: SourceLocation(file: fileName, pointer: pointer))
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .trackerIds: "tracker id(s) that do not come back (Table Habit exports none: reading derives them from position and name)",
    .trackerEmoji: "emoji other than the one reading back chooses from the name (Table Habit has none)",
    .trackerColor: "colour(s) outside the app's palette, which read back as the nearest palette colour",
    .trackerSchedule: "weekday schedule(s) written as \"k times per week\" (Table Habit plans times per period)",
    .trackerCreatedOn: "habit(s) without a creation day: Table Habit needs a start day, so the first day recorded (or today) is written and reads back as createdOn",
    .trackerGoal: "goal(s) that read back otherwise (\"at least 1\" without a unit is a yes/no habit, an empty unit reads back as none, a target that is not a finite number)",
    .trackerGoalPeriod: "goal(s) per week, month or n days written as the same target per day (Table Habit's goals are daily), with every day's amount",
    .trackerFrequency: "frequency(ies) that read back otherwise (every day as 1 in 1, 31 days as a month, weekdays as k times per week)",
    .trackerReminders: "habit(s) whose reminders Table Habit cannot keep (one reminder per habit, at HH:MM)",
    .records: "completion(s) that do not come back as completions (a second one on a day, or an amount below the goal, read back as an entry)",
    .recordAmounts: "amount(s) that do not read back the same (a habit without a goal keeps none; a completion without an amount reads back with the target)",
    .recordNotes: "empty note(s), which read back as none",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .entries: "entry(ies) that do not come back (of events or unknown trackers, on a day that is also a record, or with nothing Table Habit holds)",
    .entryAmounts: "amount(s) of entries that do not read back the same (0, of a habit without a goal, or meeting the goal)",
    .entryNotes: "empty note(s), which read back as none",
    .extras: "item(s) with extras of other formats left out",
  ]
}

/// The model's types that carry extras, for counting those of other formats.
protocol HasExtras { var extras: Extras { get } }
extension TrackerCategory: HasExtras {}
extension Tracker: HasExtras {}
extension TrackerRecord: HasExtras {}
extension TrackerEntry: HasExtras {}
