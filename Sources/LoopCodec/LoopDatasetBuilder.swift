import TrackerModel

/// Turns the habits of a Loop file into a dataset, whatever file they came from, and reports
/// what the model could not take as it is.
///
/// Loop has no categories or emoji: every habit goes into one category (`default-category`,
/// "Loop Habit Tracker" by default) with a palette emoji chosen from its name, both marked
/// made up (``Tracker/invented``). What habit apps
/// share goes to the model's own fields: archived, the question and description (one
/// description), a measurable habit's goal (per day, week or month) and its amounts, the frequency beside the
/// weekday schedule, the reminder, notes, skipped days. What only Loop has goes to the
/// tracker's `extras["loop"]` (see ``LoopExtras`` and `docs/loop.md`), from where the writer
/// puts it back.
struct LoopDatasetBuilder {
  /// The category title when the user names none.
  static let defaultCategory = "Loop Habit Tracker"

  let fileName: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(fileName: String, options: [String: String]) {
    self.fileName = fileName
    self.options = options
  }

  /// The dataset of `habits`, in Loop's order.
  mutating func build(_ habits: [LoopHabit]) -> TrackerDataset {
    let title = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    let category = TrackerCategory(id: StableID.uuid("loop-category:" + title), title: title)
    var dataset = TrackerDataset(categories: habits.isEmpty ? [] : [category])
    var counts = KeptCounts()
    for (index, habit) in habits.enumerated() {
      let id = habit.uuid.map(StableID.dashed) ?? StableID.uuid("loop:\(habit.position):\(habit.name)")
      let pointer = "/trackers/\(index)"
      // A measurable habit's frequency is the period of its target (per day 1/1, per week 1/7,
      // per month 1/30): the model's goal and its period. Another frequency stays in extras.
      let goal = habit.goal
      let hasGoal = goal != nil
      let planned = hasGoal ? (schedule: Weekday.allCases, lost: nil) : habit.frequency.schedule(reminderDays: habit.reminderDays)
      if let lost = planned.lost {
        report(LoopCodec.lossyFrequency, habit, pointer,
               "habit \"\(habit.name)\" is planned \(lost) in Loop; the model plans habits on weekdays, so it is planned every day",
               note: habit.numerical
                 ? "the Loop frequency (the period of its target) is kept in extras[\"loop\"] and restored when writing Loop"
                 : "the frequency is kept as the tracker's frequency (\(habit.frequency.numerator) in \(habit.frequency.denominator) days) and restored when writing Loop")
      }
      let choice = PaletteEmoji.stableChoice(for: habit.name)
      let color = habit.colorHex.flatMap(LoopPalette.trackerColor(forHex:)) ?? choice.color.rawValue
      let texts = Self.description(question: habit.question, description: habit.description)
      var tracker = Tracker(
        id: id, kind: .habit, name: habit.name, categoryId: category.id, emoji: choice.emoji.rawValue, color: color,
        schedule: planned.schedule, archived: habit.archived, description: texts.description,
        goal: goal,
        frequency: habit.numerical ? nil : habit.frequency.modelFrequency(reminderDays: habit.reminderDays))
      var kept = LoopExtras.Kept(question: texts.keptQuestion, colorHex: habit.colorHex, uuid: habit.uuid)
      if habit.numerical && !hasGoal {
        kept.frequency = habit.frequency
        kept.measurable = habit
      }
      if let hour = habit.reminderHour {
        let minute = habit.reminderMinute ?? 0
        if let time = LoopReminderTime.text(hour: hour, minute: minute) {
          // Days that are the habit's planned days are "every planned day".
          let days = habit.reminderDays.map(LoopWeekdays.days).flatMap { Set($0) == Set(planned.schedule) ? nil : $0 }
          tracker.reminders = [TrackerReminder(time: time, days: days)]
        } else {
          kept.reminder = (hour, minute)
        }
      }

      let days = Self.days(of: habit, trackerId: id, amounts: hasGoal, kept: &kept, counts: &counts)
      dataset.records += days.records
      dataset.entries += days.entries
      tracker.extras = Self.extras(kept)
      // The mask is kept only when the writer would not store it again from the schedule and
      // the reminder (Loop writes 0 for a habit without a reminder, say).
      if let stored = habit.reminderDays, LoopHabitPlan(tracker: tracker, position: habit.position).habit.reminderDays != stored {
        kept.reminderDays = stored
        tracker.extras = Self.extras(kept)
      }
      // Loop has no categories or emoji: both are made up, and so is a colour where the habit has none.
      tracker.invented = habit.colorHex.flatMap(LoopPalette.trackerColor(forHex:)) == nil ? [.category, .emoji, .color] : [.category, .emoji]
      dataset.trackers.append(tracker)
      if habit.numerical && !hasGoal {
        let target = (habit.targetType == 1 ? "at most " : "at least ") + LoopExtras.decimal(habit.targetValue)
          + (habit.unit.isEmpty ? "" : " " + habit.unit)
        report(LoopCodec.numericalHabit, habit, pointer,
               "habit \"\(habit.name)\" is measurable with a target \(habit.frequency.numerator) times per \(habit.frequency.denominator) days (\(target)); the model's goal is once per period, so the target and \(kept.values.count) value(s) are kept in extras[\"loop\"], and \(days.records.count) day(s) meeting the target became completions")
      }
    }
    if !habits.isEmpty {
      warnings.append(Diagnostic(
        code: LoopCodec.assignedDefaults.code, severity: .warning,
        message: "Loop has no categories or emoji: \(habits.count) habit(s) put in category \"\(title)\" with a palette emoji chosen from the name, Loop colours mapped to the nearest palette colour",
        location: SourceLocation(file: fileName),
        note: "name the category with --default-category; Loop's colours are kept in extras[\"loop\"].color"))
    }
    if let summary = counts.summary {
      warnings.append(Diagnostic(
        code: LoopCodec.keptEntries.code, severity: .warning,
        message: "kept in extras[\"loop\"], not as completions or entries: \(summary)", location: SourceLocation(file: fileName),
        note: "Loop computes YES_AUTO; a NO or UNKNOWN day without a note, and a value of a measurable habit whose target is not per day, have no model field; all are written back to Loop"))
    }
    return dataset
  }

  /// The model's description of Loop's two texts: the question and the description, joined
  /// by a blank line (``LoopHabitPlan/separator``), or the one that is set. What
  /// `extras["loop"].question` keeps so that the writer splits them again: nothing when the
  /// description is the question alone (the writer's default), `""` when Loop has only a
  /// description, the question when it has both.
  static func description(question: String, description: String) -> (description: String?, keptQuestion: String?) {
    switch (question.isEmpty, description.isEmpty) {
    case (true, true): (nil, nil)
    case (false, true): (question, nil)
    case (true, false): (description, "")
    case (false, false): (question + LoopHabitPlan.separator + description, question)
    }
  }

  /// A habit's days, in day order (the first of a day given twice counts): `YES_MANUAL` of a
  /// yes/no habit and a value meeting a measurable one's target are records; `SKIP` is a
  /// skipped entry; a value below the target of a habit with a goal per day is an entry with
  /// that amount (`value / 1000`); any other day is kept (`YES_AUTO`, `NO`, `UNKNOWN`, the
  /// values of a habit whose target is not per day), and becomes an entry too when it has a
  /// note. Notes go to the record or entry of their day.
  private static func days(of habit: LoopHabit, trackerId: String, amounts: Bool, kept: inout LoopExtras.Kept,
                           counts: inout KeptCounts) -> (records: [TrackerRecord], entries: [TrackerEntry]) {
    var records: [TrackerRecord] = []
    var entries: [TrackerEntry] = []
    var seen = Set<LocalDate>()
    for entry in habit.entries.sorted(by: { $0.date < $1.date }) where seen.insert(entry.date).inserted {
      let note = entry.notes.flatMap { $0.isEmpty ? nil : $0 }
      let isValue = LoopEntry.isValue(entry.value, numerical: habit.numerical)
      if entry.value == LoopEntry.skip {
        entries.append(TrackerEntry(trackerId: trackerId, date: entry.date, skipped: true, note: note))
        continue
      }
      if isValue && !amounts {
        kept.values.append(entry)
        counts.values += 1
      }
      if isCompletion(entry, of: habit) {
        records.append(TrackerRecord(trackerId: trackerId, date: entry.date,
                                     amount: amounts ? Double(entry.value) / 1000 : nil, note: note))
      } else if isValue && amounts {
        entries.append(TrackerEntry(trackerId: trackerId, date: entry.date, amount: Double(entry.value) / 1000, note: note))
      } else {
        // A note alone is stored as UNKNOWN: that value needs no keeping beside its entry.
        if !isValue && !(entry.value == LoopEntry.unknown && note != nil) {
          kept.entries.append(entry)
          counts.byWord[LoopEntry.word(for: entry.value) ?? "other", default: 0] += 1
        }
        if let note { entries.append(TrackerEntry(trackerId: trackerId, date: entry.date, note: note)) }
      }
    }
    return (records, entries)
  }

  private static func extras(_ kept: LoopExtras.Kept) -> Extras {
    LoopExtras.encode(kept).map { ["loop": $0] } ?? [:]
  }

  /// A checked day of a yes/no habit; a day meeting the target of a measurable one (Loop's own
  /// rule, `value / 1000 >= target`, or `<=` for an at-most target) — for a target per week or
  /// month, a day's part of it (``TrackerGoal/isMet(by:)``: above 0, or not above an at-most
  /// target). Loop stores a skipped or unknown day of a measurable habit as `SKIP` (3) or
  /// `UNKNOWN` (-1) too: those are never completions (not 0.003 units, which an at-most target
  /// would count as met).
  static func isCompletion(_ entry: LoopEntry, of habit: LoopHabit) -> Bool {
    guard habit.numerical else { return entry.value == LoopEntry.yesManual }
    guard LoopEntry.isValue(entry.value, numerical: true) else { return false }
    let amount = Double(entry.value) / 1000
    if habit.targetType == 1 { return amount <= habit.targetValue }
    guard entry.value > 0 else { return false }
    return habit.goal.map { $0.isMet(by: amount) } ?? (amount >= habit.targetValue)
  }

  private mutating func report(_ descriptor: DiagnosticDescriptor, _ habit: LoopHabit, _ pointer: String,
                               _ message: String, note: String? = nil) {
    var location = habit.location
    if location.file == nil { location.file = fileName }
    location.pointer = pointer
    warnings.append(Diagnostic(code: descriptor.code, severity: descriptor.severity, message: message,
                               location: location, note: note))
  }
}

/// How many days of each kind went to extras rather than to records or entries.
struct KeptCounts {
  var byWord: [String: Int] = [:]
  var values = 0

  /// `3 YES_AUTO, 1 NO, 2 measurable value(s)`, or `nil` when nothing was kept.
  var summary: String? {
    var parts = LoopEntry.words.compactMap { pair in byWord[pair.word].map { "\($0) \(pair.word)" } }
    if let other = byWord["other"] { parts.append("\(other) other value(s)") }
    if values > 0 { parts.append("\(values) measurable value(s)") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
