import TrackerModel

/// What writing a dataset loses, counted by reading the written bytes back with the same
/// codec and comparing field by field: every loss it names is one a test can see, and none is
/// left out. For codecs whose files are small enough to write twice (a person's export, not a
/// dataset of millions of records); others predict their losses from the writer's rules.
///
/// Trackers are paired in order: the `i`-th tracker written with the `i`-th read back. Days
/// are paired by tracker and date. A field a reader makes up (``Tracker/invented``) is not
/// counted, as a format that has no such field loses nothing a person chose there.
public struct ReadBackLosses {
  /// The count of lost values per field.
  public private(set) var lost: [ModelField: Int] = [:]

  /// Compares `original` with `back`, the dataset reading the output gave; `written` says which
  /// trackers the writer writes (the others are lost whole, with their days).
  public init(original: TrackerDataset, back: TrackerDataset, written: (Tracker) -> Bool) {
    var seen = Set<String>()
    let writtenTrackers = original.trackers.filter { written($0) && seen.insert($0.id).inserted }
    let writtenIDs = Set(writtenTrackers.map(\.id))
    for tracker in original.trackers where !writtenIDs.contains(tracker.id) {
      add(tracker.kind == .event ? .events : .trackerIds)
      if tracker.date != nil { add(.eventDate) }
    }
    let titles = Dictionary(original.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    let backTitles = Dictionary(back.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    var index: [String: Int] = [:], backIndex: [String: Int] = [:]
    for (i, tracker) in writtenTrackers.enumerated() { index[tracker.id] = i }
    for (i, tracker) in back.trackers.enumerated() where backIndex[tracker.id] == nil { backIndex[tracker.id] = i }
    if back.trackers.count < writtenTrackers.count { add(.trackerIds, writtenTrackers.count - back.trackers.count) }
    for (a, b) in zip(writtenTrackers, back.trackers) {
      compare(a, b, title: titles[a.categoryId], backTitle: backTitles[b.categoryId])
    }

    // Categories: titles that do not come back (made-up ones need not).
    let invented = original.inventedCategoryIds
    var backCategoryTitles = Set(back.categories.map(\.title))
    for category in original.categories where !invented.contains(category.id) {
      if backCategoryTitles.remove(category.title) == nil { add(.categories) }
      else if let match = back.categories.first(where: { $0.title == category.title }) {
        if match.id != category.id { add(.categoryIds) }
        if !category.extras.ofFormats.isEmpty, category.extras.ofFormats != match.extras.ofFormats { add(.extras) }
      }
    }

    // Days.
    struct Key: Hashable { var tracker: Int; var day: LocalDate }
    var backRecords: [Key: TrackerRecord] = [:], backEntries: [Key: TrackerEntry] = [:]
    for record in back.records { if let i = backIndex[record.trackerId] { backRecords[Key(tracker: i, day: record.date)] = record } }
    for entry in back.entries { if let i = backIndex[entry.trackerId] { backEntries[Key(tracker: i, day: entry.date)] = entry } }
    let kinds = Dictionary(original.trackers.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
    var used = Set<Key>()
    for record in original.records {
      guard let i = index[record.trackerId] else { add(kinds[record.trackerId] == .event ? .eventRecords : .records); continue }
      let key = Key(tracker: i, day: record.date)
      guard used.insert(key).inserted, let match = backRecords[key] else { add(.records); continue }
      if record.amount != match.amount { add(.recordAmounts) }
      if record.note != match.note { add(.recordNotes) }
      if !record.extras.ofFormats.isEmpty, record.extras.ofFormats != match.extras.ofFormats { add(.extras) }
    }
    for entry in original.entries {
      guard let i = index[entry.trackerId] else { add(.entries); continue }
      let key = Key(tracker: i, day: entry.date)
      guard used.insert(key).inserted, let match = backEntries[key] else {
        add(entry.skipped ? .skippedEntries : .entries)
        continue
      }
      if entry.skipped != match.skipped { add(.skippedEntries) }
      if entry.amount != match.amount { add(.entryAmounts) }
      if entry.note != match.note { add(.entryNotes) }
      if !entry.extras.ofFormats.isEmpty, entry.extras.ofFormats != match.extras.ofFormats { add(.extras) }
    }

    // The rest of the dataset.
    if !original.extras.ofFormats.isEmpty, original.extras.ofFormats != back.extras.ofFormats { add(.extras) }
    if original.tasks != back.tasks {
      for field in [ModelField.tasks, .taskReminders, .taskAttachments] { add(field, field.count(in: original)) }
    }
    if original.taskCategoryOrder != back.taskCategoryOrder { add(.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: original)) }
  }

  private mutating func compare(_ a: Tracker, _ b: Tracker, title: String?, backTitle: String?) {
    let made = a.invented
    if a.id != b.id { add(.trackerIds) }
    // A value where there was none (a reader's choice) is a change too.
    if !made.contains(.emoji), a.emoji != b.emoji { add(.trackerEmoji) }
    if !made.contains(.color), a.color != b.color { add(.trackerColor) }
    if !made.contains(.schedule), a.schedule != b.schedule { add(.trackerSchedule) }
    if a.createdOn != b.createdOn { add(.trackerCreatedOn) }
    if a.archived != b.archived { add(.trackerArchived) }
    if a.description != b.description { add(.trackerDescription) }
    if a.goal != b.goal {
      if let goal = a.goal, var other = b.goal, goal.period != other.period {
        add(.trackerGoalPeriod)
        other.period = goal.period
        if goal != other { add(.trackerGoal) }
      } else {
        add(.trackerGoal)
      }
    }
    if a.frequency != b.frequency { add(.trackerFrequency) }
    if a.reminders != b.reminders { add(.trackerReminders) }
    if a.pinned, !b.pinned { add(.trackerPinned) }
    if a.kind != b.kind { add(.trackerKind) }
    if a.date != nil, a.date != b.date { add(.eventDate) }
    if !made.contains(.category), title != backTitle { add(.categories) }
    if !a.extras.ofFormats.isEmpty, a.extras.ofFormats != b.extras.ofFormats { add(.extras) }
  }

  /// Counts the losses of `field` as losses of `other`, for a format whose report names them so.
  public mutating func merge(_ field: ModelField, into other: ModelField) {
    guard let count = lost.removeValue(forKey: field) else { return }
    add(other, count)
  }

  private mutating func add(_ field: ModelField, _ count: Int = 1) {
    guard count > 0 else { return }
    lost[field, default: 0] += count
  }

  /// One `dropped-field` warning per field lost, in the model's order: "`format` cannot carry
  /// FIELD: COUNT WHAT", at the field's pointer in `fileName`; `what` says what a count counts
  /// where "value(s) that do not read back the same" is not enough.
  public func diagnostics(format: String, fileName: String, what: [ModelField: String] = [:]) -> [Diagnostic] {
    ModelField.inModelOrder(lost.keys).compactMap { field in
      guard let count = lost[field], count > 0 else { return nil }
      return Diagnostic(code: LossReport.droppedField.code, severity: .warning,
                        message: "\(format) cannot carry \(field.rawValue): \(count) \(what[field] ?? "value(s) that do not read back the same")",
                        location: SourceLocation(file: fileName, pointer: "/" + field.rawValue))
    }
  }
}
