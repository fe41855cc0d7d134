import TrackerCodec
import TrackerModel

extension LoopCodec {
  /// One `dropped-field` warning per part Loop cannot carry, with its count, in the model's
  /// order: categories, tracker ids that do not come back (Loop stores a UUID: the one kept in
  /// `extras["loop"]`, else the id when it is one, else one derived from it), emoji other than
  /// the palette choice reading back makes, colours that do not come back (no equal in Loop's
  /// palette), event dates, pinning, creation days, frequencies and reminders Loop cannot keep
  /// (`LoopHabitPlan`), events and their records (and records of unknown trackers), tasks,
  /// the task category order, extras of other namespaces than `loop`. Fields the full dataset
  /// carries are reported too when a dataset holds what Loop cannot store of them (an amount
  /// of a habit without a daily goal, a goal with a weekday schedule, a completion no stored
  /// value meets); then (one warning per habit) `extras["loop"]` members Loop cannot store.
  /// Each habit is planned once, as the writer will plan it.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    var planned: [(index: Int, tracker: Tracker, plan: LoopHabitPlan)] = []
    var written = Set<String>()
    var lost: [ModelField: Int] = [:]
    for (index, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      // A repeated id is written once, with every record of that id.
      let first = written.insert(tracker.id).inserted
      let plan = LoopHabitPlan(tracker: tracker, position: 0, records: first ? records[tracker.id] ?? [] : [],
                               entries: first ? entries[tracker.id] ?? [] : [], repetitions: false)
      planned.append((index, tracker, plan))
      lost.merge(plan.lost, uniquingKeysWith: +)
    }
    // Reading back makes the id from the stored uuid, and chooses the emoji from the name.
    lost[.trackerIds] = planned.count { StableID.dashed($0.plan.habit.uuid ?? "") != $0.tracker.id }
    lost[.trackerEmoji] = planned.count { plan in
      plan.tracker.emoji.map { $0 != PaletteEmoji.stableChoice(for: plan.tracker.name).emoji.rawValue } ?? false
    }
    lost[.trackerColor] = planned.count { plan in
      guard let color = plan.tracker.color else { return false }
      return LoopPalette.trackerColor(forHex: LoopPalette.colors[LoopPalette.nearestIndex(toHex: plan.plan.habit.colorHex)])
        != color.uppercased()
    }
    lost[.eventRecords] = dataset.records.count { !written.contains($0.trackerId) }
    lost[.entries, default: 0] += dataset.entries.count { !written.contains($0.trackerId) }
    lost[.extras] = (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
      + planned.count { $0.tracker.extras.ofFormats.keys.contains { $0 != "loop" } } + dataset.records.count { !$0.extras.isEmpty }
      + dataset.entries.count { !$0.extras.isEmpty }
    // Lost whole, whatever their value.
    for field in [ModelField.categories, .eventDate, .trackerPinned, .trackerCreatedOn, .events, .tasks, .taskReminders,
                  .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    var result: [Diagnostic] = []
    for field in ModelField.inModelOrder(lost.keys) {
      guard let count = lost[field], count > 0 else { continue }
      result.append(Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                               message: "\(Self.descriptor.name) cannot carry \(field.rawValue): \(count) \(Self.what[field] ?? "item(s) left out")",
                               location: SourceLocation(file: output.displayName, pointer: "/" + field.rawValue)))
    }
    for plan in planned {
      result += Self.unstorable(plan.plan.ignored, of: plan.tracker, at: plan.index, output: output.displayName)
    }
    return result
  }

  /// What the count of a loss counts, where it is not whole items left out.
  private static let what: [ModelField: String] = [
    .trackerIds: "tracker id(s) that do not come back (Loop stores a UUID: the one kept in extras.loop, the id itself, or one derived from it)",
    .trackerEmoji: "emoji other than the one reading back chooses from the name",
    .trackerColor: "colour(s) not in Loop's palette, written as the nearest",
    .trackerSchedule: "weekday schedule(s) of habits with a goal, which Loop plans every day (its goal is per day)",
    .trackerDescription: "empty description(s), which read back as none",
    .trackerGoal: "goal(s) Loop cannot store as they are (an empty unit, a target that is not a finite number)",
    .trackerFrequency: "frequency(ies) Loop cannot keep beside the schedule (a habit with a goal is planned per day; one the schedule contradicts; k times in 7 days on k weekdays reads back as the weekdays alone)",
    .trackerReminders: "habit(s) whose reminders Loop cannot keep (one reminder per habit, at HH:MM, on the habit's weekdays when it is planned k times per week)",
    .eventRecords: "record(s) of events or unknown trackers left out",
    .records: "completion(s) of measurable habits whose target no value Loop stores can meet (at most less than 0, at least more than 2147483.647)",
    .recordAmounts: "amount(s) that do not read back the same (Loop stores thousandths from 0 to 2147483.647 meeting a daily goal; a habit without one keeps no amount)",
    .recordNotes: "empty note(s), which read back as none",
    .entries: "entry(ies) that do not come back (of events or unknown trackers, on a day that is also a record, or with no skip, amount or note)",
    .entryAmounts: "amount(s) of entries that do not read back the same (Loop stores thousandths from 0 to 2147483.647 below a daily goal; none on a skipped day)",
    .entryNotes: "empty note(s), which read back as none",
    .extras: "item(s) with extras of other formats left out",
  ]

  /// The `dropped-field` warning of a habit whose `extras["loop"]` holds members Loop cannot
  /// store, naming up to five, located at the first; none when `ignored` is empty.
  private static func unstorable(_ ignored: [[String]], of tracker: Tracker, at index: Int, output: String) -> [Diagnostic] {
    guard let first = ignored.first else { return [] }
    let shown = ignored.prefix(5).map { (["extras.loop"] + $0).joined(separator: ".") }
    let more = ignored.count > 5 ? " and \(ignored.count - 5) more" : ""
    let pointer = (["trackers", "\(index)", "extras", "loop"] + first).map { "/" + JSONPointer.escape($0) }.joined()
    return [Diagnostic(
      code: LossReport.droppedField.code, severity: .warning,
      message: "Loop cannot store \(shown.joined(separator: ", "))\(more) of '\(tracker.name)': a key Loop has no place for, or not a whole 32-bit number, a YYYY-MM-DD day or the kind of value Loop keeps there; left out (Loop's default is written instead)",
      location: SourceLocation(file: output, pointer: pointer))]
  }
}
