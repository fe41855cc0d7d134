import TrackerCodec
import TrackerModel

/// How one habit tracker is written to a Loop backup: Loop's habit row and its repetitions,
/// made from the model's fields (archived, description, goal, frequency, reminders, amounts,
/// notes, skipped days) and then from what the tracker keeps in `extras["loop"]` — Loop's own
/// data the model cannot say, and all of it in files written before format version 2 — with
/// what of the tracker Loop cannot keep, counted per model field.
///
/// The writer stores ``habit``; ``LoopCodec/losses(writing:to:options:)`` reports ``lost`` and
/// ``ignored`` before anything is written. Both plan a tracker here, so what is reported is what
/// is written. The reader plans each habit it reads too, to keep in extras only what the plan
/// cannot rebuild from the model (`docs/loop.md`).
struct LoopHabitPlan {
  /// The habit to store; its `entries` are the repetitions, by day.
  private(set) var habit: LoopHabit
  /// Members of `extras["loop"]` Loop cannot store (``LoopExtras/decode(_:ignored:)``).
  private(set) var ignored: [[String]] = []
  /// How many items of each model field do not come back from Loop as they are: trackers for
  /// a tracker's fields, records and entries for theirs.
  private(set) var lost: [ModelField: Int] = [:]

  /// What joins Loop's question and description in the model's description.
  static let separator = "\n\n"

  /// The plan of `tracker` at `position`, with its records and entries (those whose
  /// `trackerId` is the tracker's). With `repetitions` false they are only counted in ``lost``
  /// and the habit's `entries` are left empty: what the loss report needs, without the work.
  init(tracker: Tracker, position: Int, records: [TrackerRecord] = [], entries: [TrackerEntry] = [],
       repetitions: Bool = true) {
    let kept = tracker.extras["loop"]
    var ignored: [[String]] = []
    var habit = LoopExtras.decode(kept, ignored: &ignored)
    var lost: [ModelField: Int] = [:]
    habit.name = tracker.name
    habit.position = position
    // A flag kept by a file of version 1 still counts.
    habit.archived = habit.archived || tracker.archived
    if let text = tracker.description {
      (habit.question, habit.description) = Self.texts(text, keptQuestion: kept?["question"]?.stringValue)
      if text.isEmpty { lost[.trackerDescription] = 1 }
    }

    var planned = Set(tracker.schedule ?? Weekday.allCases)
    if planned.isEmpty { planned = LoopWeekdays.every }
    if let goal = tracker.goal {
      // A measurable habit with a target per day, week, month or n days: Loop's frequency
      // 1/1, 1/7, 1/30 or 1/n, planned every day.
      habit.numerical = true
      habit.measurableInExtras = false
      habit.targetType = goal.direction == .atMost ? 1 : 0
      habit.targetValue = goal.target.isFinite ? goal.target : 0
      habit.unit = goal.unit ?? ""
      let days = goal.period.nominalDays
      if !goal.target.isFinite || goal.unit?.isEmpty == true || days < 1 { lost[.trackerGoal] = 1 }
      habit.frequency = days > 1 ? LoopFrequency(numerator: 1, denominator: days) : .daily
      if tracker.frequency != nil { lost[.trackerFrequency] = 1 }
      if planned != LoopWeekdays.every { lost[.trackerSchedule] = 1 }
      planned = LoopWeekdays.every
    } else if let frequency = tracker.frequency {
      if let loop = LoopFrequency(frequency), planned == LoopWeekdays.every || loop.scheduleMask(for: planned) != nil {
        habit.frequency = loop
        // k times in 7 days on k weekdays reads back as the weekdays alone.
        if planned != LoopWeekdays.every { lost[.trackerFrequency] = 1 }
      } else {
        habit.frequency = LoopFrequency.from(schedule: planned).frequency
        lost[.trackerFrequency] = 1
      }
    } else if !habit.frequency.plans(planned, reminderDays: habit.reminderDays) {
      // A kept frequency (2 per 3 days, or a measurable habit's weekly target) is restored
      // while it still gives this schedule; otherwise the schedule decides.
      habit.frequency = LoopFrequency.from(schedule: planned).frequency
    }

    var remindersLost = false
    var reminder: TrackerReminder?
    if let first = tracker.reminders.first {
      remindersLost = tracker.reminders.count > 1
      if let time = LoopReminderTime.parse(first.time) {
        habit.reminderHour = time.hour
        habit.reminderMinute = time.minute
        reminder = first
      } else {
        habit.reminderHour = nil
        habit.reminderMinute = nil
        remindersLost = true
      }
    }
    let mask = Self.reminderMask(frequency: habit.frequency, schedule: planned, reminder: reminder, kept: habit.reminderDays)
    habit.reminderDays = mask.mask
    if remindersLost || mask.daysLost { lost[.trackerReminders] = 1 }

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
    habit.entries = Self.repetitions(habit, records: records, entries: entries, lost: &lost, store: repetitions)
    self.habit = habit
    self.ignored = ignored
    self.lost = lost
  }

  /// Loop's question and description from the model's description: split where the reader
  /// joined them (`question`, a blank line, `description`) when `extras["loop"].question` is
  /// the start of the text; all of it Loop's description when the kept question is empty;
  /// else (nothing kept, or the text was edited so that it no longer starts with the kept
  /// question) all of it the question, the text Loop shows under the habit's name.
  static func texts(_ text: String, keptQuestion: String?) -> (question: String, description: String) {
    guard let question = keptQuestion else { return (text, "") }
    if question.isEmpty { return ("", text) }
    // Bytes, not Characters: Swift's `==` and `hasPrefix` equate canonically equivalent text.
    let head = Array((question + separator).utf8)
    if text.utf8.count > head.count, text.utf8.starts(with: head) {
      return (question, String(decoding: text.utf8.dropFirst(head.count), as: UTF8.self))
    }
    return (text, "")
  }

  /// The reminder-days mask to store, and whether the reminder's own days could not be kept.
  ///
  /// For "k times per week" on k weekdays the mask is those weekdays (it is what plans them;
  /// a reminder on other days loses them). Otherwise Loop plans by the frequency alone and the
  /// mask is the reminder's days (every day for a reminder on every planned day), unless
  /// those days would make reading back plan them instead (k of them for k times per week):
  /// then every day, and the reminder's days are lost. Without a reminder, the kept mask
  /// (`extras["loop"].reminderDays`), else every day. A kept mask of the same weekdays is
  /// preferred, so that a stored mask comes back bit for bit.
  static func reminderMask(frequency: LoopFrequency, schedule: Set<Weekday>, reminder: TrackerReminder?,
                           kept: Int?) -> (mask: Int, daysLost: Bool) {
    func preferKept(_ mask: Int) -> Int {
      guard let kept, LoopWeekdays.days(kept) == LoopWeekdays.days(mask) else { return mask }
      return kept
    }
    if let mask = frequency.scheduleMask(for: schedule) {
      return (preferKept(mask), reminder?.days.map { Set($0) != schedule } ?? false)
    }
    if let reminder {
      guard let days = reminder.days else { return (preferKept(LoopWeekdays.all), false) }
      let mask = LoopWeekdays.mask(days)
      if frequency.plans(LoopWeekdays.every, reminderDays: mask) { return (preferKept(mask), false) }
      return (preferKept(LoopWeekdays.all), true)
    }
    if let kept, frequency.plans(LoopWeekdays.every, reminderDays: kept) { return (kept, false) }
    return (LoopWeekdays.all, false)
  }

  /// The value (×1000) Loop stores for `amount` so that it reads back as the same amount:
  /// thousandths from 0 to 2147483.647, never 0.003 (3 is Loop's `SKIP`); `nil` for any other.
  static func storedAmount(_ amount: Double) -> Int? {
    guard amount.isFinite else { return nil }
    let scaled = (amount * 1000).rounded()
    guard scaled >= 0, scaled <= Double(Int32.max) else { return nil }
    let value = Int(scaled)
    // The reader divides by 1000: the same expression gives back the same Double.
    guard value != LoopEntry.skip, Double(value) / 1000 == amount else { return nil }
    return value
  }

  /// The repetitions of a habit, by day: the kept days that are not completions (and kept
  /// completions the model still has), then the model's entries, then its records, each later
  /// one replacing an earlier one of its day; counting what does not come back.
  ///
  /// `YES_AUTO` is never stored (Loop computes it): such a kept day with a note is stored as
  /// `UNKNOWN` with the note, as Loop stores a note alone. A kept day that counts as a
  /// completion (`YES_MANUAL`, a value meeting the target) on a day the model has no record
  /// for was deleted by the user: it is not written back (which would undo the deletion).
  /// An entry is `SKIP` when skipped, its amount (×1000) when it has one Loop can store below
  /// the goal, else the kept value of its day (`NO`, a measurable value below a weekly
  /// target), else `UNKNOWN` with its note (`NO` for an entry with no note of a yes/no habit,
  /// which reads back as a kept `NO`, not an entry). A record is a check (`YES_MANUAL`) of a
  /// yes/no habit; of a measurable one its amount when Loop can store it and it meets the
  /// goal, else the kept value when that meets it, else the target (``LoopDatabaseWriter/storedTarget(_:atMost:)``).
  ///
  /// With `store` false, records are only counted, not stored (nor the days sorted).
  static func repetitions(_ habit: LoopHabit, records: [TrackerRecord], entries: [TrackerEntry],
                          lost: inout [ModelField: Int], store: Bool = true) -> [LoopEntry] {
    // The days done matter to kept days and entries only.
    var done = Set<LocalDate>()
    if !habit.entries.isEmpty || !entries.isEmpty {
      done.reserveCapacity(records.count)
      for record in records { done.insert(record.date) }
    }
    // What reading back makes of a measurable value: an amount when the habit has a model goal.
    let amounts = habit.goal != nil
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
    for entry in entries {
      guard !done.contains(entry.date) else {
        // A day both done and marked (a validator error): the record is written.
        lost[.entries, default: 0] += 1
        continue
      }
      let kept = byDay[entry.date]
      let value: Int
      if entry.skipped {
        value = LoopEntry.skip
        if entry.amount != nil { lost[.entryAmounts, default: 0] += 1 }
      } else if let amount = entry.amount, amounts, let stored = storedAmount(amount),
                !LoopDatasetBuilder.isCompletion(LoopEntry(date: entry.date, value: stored), of: habit) {
        value = stored
      } else {
        if entry.amount != nil { lost[.entryAmounts, default: 0] += 1 }
        if let kept, kept.value != LoopEntry.skip {
          value = kept.value
        } else {
          value = habit.numerical || entry.note != nil ? LoopEntry.unknown : LoopEntry.no
        }
      }
      let notes = entry.note ?? kept?.notes
      if entry.note?.isEmpty == true { lost[.entryNotes, default: 0] += 1 }
      let readsBack = value == LoopEntry.skip || notes?.isEmpty == false
        || (amounts && LoopEntry.isValue(value, numerical: true))
      if !readsBack { lost[.entries, default: 0] += 1 }
      byDay[entry.date] = LoopEntry(date: entry.date, value: value, notes: notes)
    }
    var written = Set<LocalDate>()
    for record in records where written.insert(record.date).inserted {
      let kept = byDay[record.date]
      var value = LoopEntry.yesManual
      if habit.numerical {
        if let amount = record.amount, amounts, let stored = storedAmount(amount),
           LoopDatasetBuilder.isCompletion(LoopEntry(date: record.date, value: stored), of: habit) {
          value = stored
        } else {
          if record.amount != nil { lost[.recordAmounts, default: 0] += 1 }
          if let kept, LoopDatasetBuilder.isCompletion(kept, of: habit) {
            value = kept.value
          } else {
            value = LoopDatabaseWriter.storedTarget(habit.targetValue, atMost: habit.targetType == 1)
            // No value Loop stores meets the target: the day reads back as not done.
            if !LoopDatasetBuilder.isCompletion(LoopEntry(date: record.date, value: value), of: habit) {
              lost[.records, default: 0] += 1
            }
          }
        }
      } else if record.amount != nil {
        lost[.recordAmounts, default: 0] += 1
      }
      if record.note?.isEmpty == true { lost[.recordNotes, default: 0] += 1 }
      if store { byDay[record.date] = LoopEntry(date: record.date, value: value, notes: record.note ?? kept?.notes) }
    }
    return store ? byDay.values.sorted { $0.date < $1.date } : []
  }
}
