import CSVCore
import TrackerCodec
import TrackerModel

/// Plans and writes a Habit Builder backup: `habits.csv`, `actions.csv` and `metadata.txt`,
/// byte for byte as the app's own export writes them (`CSVHandler.exportHabitList`,
/// `exportActionList`, `ArchiveHandler.writeBackup`: Commons CSV's `DEFAULT` with `\n` line
/// ends, the header first, a field quoted when it holds a comma, a quote or a line break; the
/// metadata `backup_version=1` with no line end), so the app's importer reads it as its own.
///
/// The habits are the dataset's habits in its order, numbered from 1 with `order` from 0; each
/// completion is an action at noon of its day in ``HabitBuilderClock``'s zone. What Habit
/// Builder cannot hold is counted here, per model field, so that what ``HabitBuilderCodec/losses(writing:to:options:)``
/// reports before writing is what is written.
struct HabitBuilderWriter {
  /// A habit to write: its tracker (position in `trackers`), its number and colour.
  struct Habit {
    var tracker: Int
    var id: Int
    var color: HabitBuilderColor
  }

  let dataset: TrackerDataset
  private(set) var habits: [Habit] = []
  /// One action per habit and day, in the order of the dataset's records.
  private(set) var actions: [(habit: Int, day: LocalDate)] = []
  /// How many items of each model field do not come back as they are.
  private(set) var lost: [ModelField: Int] = [:]

  /// The extras namespace the reader would keep (it keeps nothing): every item's extras are
  /// another format's.
  static let namespace = "habitbuilder"

  init(_ dataset: TrackerDataset) {
    self.dataset = dataset
    var number: [String: Int] = [:]
    for (t, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      let habit = Habit(tracker: t, id: habits.count + 1, color: HabitBuilderColor.written(for: tracker.color))
      habits.append(habit)
      // Records belong to the first tracker with their id (rule duplicate-id).
      if number[tracker.id] == nil { number[tracker.id] = habit.id }
      count(tracker, as: habit)
    }
    var done: Set<DayKey> = []
    var lostExtras = LossReport.itemsWithExtras(in: TrackerDataset(extras: dataset.extras), otherThan: Self.namespace)
    for record in dataset.records {
      guard let habit = number[record.trackerId] else {
        lose(.eventRecords)
        continue
      }
      if record.amount != nil { lose(.recordAmounts) }
      if record.note != nil { lose(.recordNotes) }
      if !record.extras.ofFormats.isEmpty { lostExtras += 1 }
      // One completion per habit and day: a second record of a day is no second completion.
      if done.insert(DayKey(habit: habit, day: record.date.dayNumber)).inserted { actions.append((habit, record.date)) }
    }
    lostExtras += habits.count { !dataset.trackers[$0.tracker].extras.ofFormats.isEmpty }
    lost[.extras] = lostExtras
    // Habit Builder has no categories: those a person made are lost (a reader's made-up one is not).
    lost[.categories] = ModelField.categories.count(in: dataset)
    for field in [ModelField.events, .entries, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    lost[.eventDate] = dataset.trackers.count { $0.date != nil }
  }

  private mutating func lose(_ field: ModelField) { lost[field, default: 0] += 1 }

  /// What of `tracker`, written as `habit`, does not read back.
  private mutating func count(_ tracker: Tracker, as habit: Habit) {
    let invented = tracker.invented
    if tracker.id != HabitBuilderBackupReader.trackerID(habit.id) { lose(.trackerIds) }
    // A made-up emoji or schedule replaced by the reader's made-up one loses nobody's data.
    if let emoji = tracker.emoji, !invented.contains(.emoji), emoji != PaletteEmoji.stableChoice(for: tracker.name).emoji.rawValue {
      lose(.trackerEmoji)
    }
    if let color = tracker.color, !invented.contains(.color), color != habit.color.modelColor { lose(.trackerColor) }
    if let schedule = tracker.schedule, !invented.contains(.schedule), schedule != Weekday.allCases { lose(.trackerSchedule) }
    if tracker.pinned { lose(.trackerPinned) }
    if tracker.createdOn != nil { lose(.trackerCreatedOn) }
    if tracker.goal != nil { lose(.trackerGoal) }
    if tracker.frequency != nil { lose(.trackerFrequency) }
    if !tracker.reminders.isEmpty { lose(.trackerReminders) }
  }

  /// `habits.csv`: `id,name,color,order,archived,notes`, one row per habit.
  func writeHabits(to output: ByteWriter) {
    let csv = CSVWriter(output: output, lineFeedOnly: true)
    csv.writeRow(HabitBuilderBackupReader.habitColumns)
    for (order, habit) in habits.enumerated() {
      let tracker = dataset.trackers[habit.tracker]
      for cell in [String(habit.id), tracker.name, habit.color.rawValue, String(order), tracker.archived ? "true" : "false",
                   tracker.description ?? ""] {
        Self.write(cell, to: csv)
      }
      csv.endRow()
    }
  }

  /// `actions.csv`: `id,habit_id,timestamp`, one row per completion, numbered from 1.
  func writeActions(to output: ByteWriter, clock: HabitBuilderClock) {
    let csv = CSVWriter(output: output, lineFeedOnly: true)
    csv.writeRow(HabitBuilderBackupReader.actionColumns)
    for (n, action) in actions.enumerated() {
      for cell in [String(n + 1), String(action.habit), String(clock.noon(of: action.day))] { Self.write(cell, to: csv) }
      csv.endRow()
    }
  }

  /// `metadata.txt`, as the app writes it: one line, no line end.
  static let metadata = "backup_version=\(HabitBuilderBackupReader.backupVersion)"

  /// An empty cell is written as nothing, as Commons CSV writes one that is not first on its line.
  private static func write(_ cell: String, to csv: CSVWriter) {
    if cell.isEmpty { csv.writeNull() } else { csv.writeField(cell) }
  }

  private struct DayKey: Hashable {
    var habit: Int
    var day: Int
  }
}
