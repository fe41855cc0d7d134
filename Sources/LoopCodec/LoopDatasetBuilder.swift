import TrackerModel

/// Turns the habits of a Loop file into a dataset, whatever file they came from, and reports
/// what did not become a completion.
///
/// Loop has no categories or emoji: every habit goes into one category (`default-category`,
/// "Loop Habit Tracker" by default) with a palette emoji chosen from its name. Everything the
/// model cannot say goes to the tracker's `extras["loop"]` (see `docs/loop.md`), from where the
/// writer puts it back.
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
    var kept = KeptCounts()
    for (index, habit) in habits.enumerated() {
      let id = habit.uuid.map(StableID.dashed) ?? StableID.uuid("loop:\(habit.position):\(habit.name)")
      let pointer = "/trackers/\(index)"
      let planned = habit.frequency.schedule(reminderDays: habit.reminderDays)
      if let lost = planned.lost {
        report(LoopCodec.lossyFrequency, habit, pointer,
               "habit \"\(habit.name)\" is planned \(lost) in Loop; the model plans habits on weekdays, so it is planned every day",
               note: "the Loop frequency is kept in extras[\"loop\"] and restored when writing Loop")
      }
      let choice = PaletteEmoji.stableChoice(for: habit.name)
      let color = habit.colorHex.flatMap(LoopPalette.trackerColor(forHex:)) ?? choice.color.rawValue
      var completions: [LoopEntry] = []
      for entry in habit.entries where Self.isCompletion(entry, of: habit) { completions.append(entry) }
      let tracker = Tracker(id: id, kind: .habit, name: habit.name, categoryId: category.id,
                            emoji: choice.emoji.rawValue, color: color, schedule: planned.schedule,
                            extras: ["loop": LoopExtras.encode(habit, counts: &kept)])
      dataset.trackers.append(tracker)
      var seen = Set<LocalDate>()
      for entry in completions.sorted(by: { $0.date < $1.date }) where seen.insert(entry.date).inserted {
        dataset.records.append(TrackerRecord(trackerId: id, date: entry.date))
      }
      if habit.archived {
        report(LoopCodec.archivedHabit, habit, pointer,
               "habit \"\(habit.name)\" is archived in Loop; kept, and marked extras[\"loop\"].archived")
      }
      if habit.numerical {
        let values = habit.entries.count { LoopEntry.isValue($0.value, numerical: true) }
        let target = (habit.targetType == 1 ? "at most " : "at least ") + LoopExtras.decimal(habit.targetValue)
          + (habit.unit.isEmpty ? "" : " " + habit.unit)
        report(LoopCodec.numericalHabit, habit, pointer,
               "habit \"\(habit.name)\" is measurable (\(target) per \(habit.frequency.denominator == 1 ? "day" : "\(habit.frequency.denominator) days")): \(values) value(s) kept in extras[\"loop\"].values, \(completions.count) day(s) meeting the target became completions")
      }
    }
    if !habits.isEmpty {
      warnings.append(Diagnostic(
        code: LoopCodec.assignedDefaults.code, severity: .warning,
        message: "Loop has no categories or emoji: \(habits.count) habit(s) put in category \"\(title)\" with a palette emoji chosen from the name, Loop colours mapped to the nearest palette colour",
        location: SourceLocation(file: fileName),
        note: "name the category with --default-category; Loop's colours are kept in extras[\"loop\"].color"))
    }
    if let summary = kept.summary {
      warnings.append(Diagnostic(
        code: LoopCodec.keptEntries.code, severity: .warning,
        message: "kept in extras[\"loop\"], not as completions: \(summary)", location: SourceLocation(file: fileName),
        note: "only YES_MANUAL (2) days of a yes/no habit, and days meeting the target of a measurable one, are completions"))
    }
    return dataset
  }

  /// A checked day of a yes/no habit; a day meeting the target of a measurable one (Loop's own
  /// rule, `value / 1000 >= target`, or `<=` for an at-most target). Loop stores a skipped or
  /// unknown day of a measurable habit as `SKIP` (3) or `UNKNOWN` (-1) too: those are never
  /// completions (not 0.003 units, which an at-most target would count as met).
  static func isCompletion(_ entry: LoopEntry, of habit: LoopHabit) -> Bool {
    guard habit.numerical else { return entry.value == LoopEntry.yesManual }
    guard LoopEntry.isValue(entry.value, numerical: true) else { return false }
    let amount = Double(entry.value) / 1000
    return habit.targetType == 1 ? amount <= habit.targetValue : (amount >= habit.targetValue && entry.value > 0)
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

/// How many entries of each kind went to extras rather than completions.
struct KeptCounts {
  var byWord: [String: Int] = [:]
  var values = 0
  var notes = 0

  /// `3 YES_AUTO, 1 NO, 2 notes`, or `nil` when nothing was kept.
  var summary: String? {
    var parts = LoopEntry.words.compactMap { pair in byWord[pair.word].map { "\($0) \(pair.word)" } }
    if let other = byWord["other"] { parts.append("\(other) other value(s)") }
    if values > 0 { parts.append("\(values) measurable value(s)") }
    if notes > 0 { parts.append("\(notes) note(s)") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}
