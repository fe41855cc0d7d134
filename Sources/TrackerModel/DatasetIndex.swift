/// Lookups over a dataset built once, so rules, statistics and the agenda never search the
/// record or entry lists per tracker or hash a tracker id per record more than once.
public struct DatasetIndex: Sendable {
  /// Tracker id → index in `trackers` (the first, when ids repeat).
  public let trackerPosition: [String: Int]
  /// Category id → index in `categories` (the first, when ids repeat).
  public let categoryPosition: [String: Int]
  /// For each record, the index of its tracker, or `-1` when the tracker is unknown.
  public let recordTracker: [Int]
  /// For each tracker, the days it has a record on (duplicates collapse).
  public let completedDays: [DaySet]
  /// For each tracker, its earliest record day.
  public let firstCompletion: [LocalDate?]
  /// For each tracker, how many records it has (duplicates counted).
  public let recordCounts: [Int]
  /// The positions in `records` of the records that have an `amount`, in record order: the
  /// amount rules and the agenda read these, not every record. Empty for a dataset without
  /// amounts.
  public let measuredRecords: [Int]
  /// For each entry, the index of its tracker, or `-1` when the tracker is unknown.
  public let entryTracker: [Int]
  /// For each tracker, the days it has an entry on (duplicates collapse).
  public let entryDays: [DaySet]
  /// For each tracker, how many entries it has (duplicates counted).
  public let entryCounts: [Int]
  /// For each tracker, the days an entry marks as skipped, including any a record also marks
  /// done (rule `skipped-and-done`; ``isSkipped(_:on:)`` lets the record win).
  public let skippedDays: [DaySet]
  /// For each tracker, its latest day with a record or an entry: where an archived tracker's
  /// plan ends (``Tracker/isPlanned(on:firstCompletion:lastMarked:)``).
  public let lastMarked: [LocalDate?]
  /// For each tracker, where its data ends when a newer source no longer has it
  /// (``Tracker/dataEndsOn``), read once; `nil` for almost every tracker.
  public let dataEnds: [LocalDate?]
  /// For each tracker, the days without a record that its frequency or its goal's period
  /// counts as done: a yes/no habit whose frequency ``TrackerFrequency/coversDays``
  /// (``TrackerFrequency/coveredDays(done:)``, Loop's rule), a habit whose goal is per week,
  /// month or `n` days (``TrackerGoal/coveredDays(amounts:done:anchor:)``); empty for every
  /// other tracker.
  public let frequencyDays: [DaySet]
  /// For each tracker, the first day of its goal's blocks of `n` days (``TrackerGoal/Period/days(_:)``):
  /// its `createdOn`, else its first day with a record or an entry (a day number; 0 when it has
  /// neither).
  public let goalAnchors: [Int]

  /// Builds every lookup in one pass over the records and one over the entries. Build it once
  /// and pass it to the validator, the agenda and the statistics: none of them needs a second.
  public init(_ dataset: TrackerDataset) {
    var trackers: [String: Int] = [:]
    trackers.reserveCapacity(dataset.trackers.count)
    for (i, t) in dataset.trackers.enumerated() where trackers[t.id] == nil { trackers[t.id] = i }
    var categories: [String: Int] = [:]
    for (i, c) in dataset.categories.enumerated() where categories[c.id] == nil { categories[c.id] = i }
    let trackerCount = dataset.trackers.count

    var recordTracker = [Int](repeating: -1, count: dataset.records.count)
    var days = [[Int]](repeating: [], count: trackerCount)
    var measured: [Int] = []
    var lookup = TrackerLookup(dataset.trackers)
    for (r, record) in dataset.records.enumerated() {
      let t = lookup.position(of: record.trackerId)
      recordTracker[r] = t
      if t >= 0 { days[t].append(record.date.dayNumber) }
      if record.amount != nil { measured.append(r) }
    }
    trackerPosition = trackers
    categoryPosition = categories
    self.recordTracker = recordTracker
    recordCounts = days.map(\.count)
    completedDays = days.map { DaySet(dayNumbers: $0) }
    firstCompletion = completedDays.map(\.first)
    measuredRecords = measured
    let none = DaySet(dayNumbers: [])
    var entryTracker: [Int] = []
    var entryDays = [DaySet](repeating: none, count: trackerCount)
    if dataset.entries.isEmpty {
      // No entries: the common case costs one shared empty set per tracker.
      entryCounts = [Int](repeating: 0, count: trackerCount)
      skippedDays = entryDays
      lastMarked = completedDays.map(\.last)
    } else {
      entryTracker = [Int](repeating: -1, count: dataset.entries.count)
      var marked = [[Int]](repeating: [], count: trackerCount)
      var skipped = [[Int]](repeating: [], count: trackerCount)
      for (e, entry) in dataset.entries.enumerated() {
        let t = lookup.position(of: entry.trackerId)
        entryTracker[e] = t
        guard t >= 0 else { continue }
        marked[t].append(entry.date.dayNumber)
        if entry.skipped { skipped[t].append(entry.date.dayNumber) }
      }
      entryCounts = marked.map(\.count)
      entryDays = marked.map { DaySet(dayNumbers: $0) }
      skippedDays = skipped.map { DaySet(dayNumbers: $0) }
      lastMarked = zip(completedDays, entryDays).map { done, entered in
        switch (done.last, entered.last) {
        case let (a?, b?): max(a, b)
        case let (a, b): a ?? b
        }
      }
    }
    self.entryTracker = entryTracker
    self.entryDays = entryDays

    var covered = zip(dataset.trackers, completedDays).map { tracker, done in
      guard tracker.goal == nil, tracker.completionPeriod > 1, let frequency = tracker.frequency else { return none }
      return frequency.coveredDays(done: done)
    }
    var anchors = [Int](repeating: 0, count: trackerCount)
    let periodGoals = dataset.trackers.indices.filter { i in
      dataset.trackers[i].kind == .habit && dataset.trackers[i].goal.map { !$0.period.isDay } == true
    }
    if !periodGoals.isEmpty {
      // Only habits with a goal per week, month or n days: each day's amount, a record's before
      // an entry's of the same day, from the records with amounts and the entries indexed above.
      var amounts = Dictionary(uniqueKeysWithValues: periodGoals.map { ($0, [Int: Double]()) })
      for r in measured {
        let t = recordTracker[r], record = dataset.records[r]
        guard amounts[t] != nil, let amount = record.amount, amounts[t]?[record.date.dayNumber] == nil else { continue }
        amounts[t]?[record.date.dayNumber] = amount
      }
      for (e, entry) in dataset.entries.enumerated() {
        let t = entryTracker[e]
        guard amounts[t] != nil, let amount = entry.amount, !entry.skipped, !completedDays[t].contains(entry.date),
              amounts[t]?[entry.date.dayNumber] == nil else { continue }
        amounts[t]?[entry.date.dayNumber] = amount
      }
      for t in periodGoals {
        guard let goal = dataset.trackers[t].goal else { continue }
        let firstMarked = [firstCompletion[t], entryDays[t].first].compactMap { $0 }.min()
        anchors[t] = dataset.trackers[t].createdOn?.dayNumber ?? firstMarked?.dayNumber ?? 0
        let days = (amounts[t] ?? [:]).map { (day: $0.key, amount: $0.value) }
        covered[t] = goal.coveredDays(amounts: days, done: completedDays[t], anchor: anchors[t])
      }
    }
    frequencyDays = covered
    goalAnchors = anchors
    dataEnds = dataset.trackers.map(\.dataEndsOn)
  }

  /// Whether tracker `tracker` (an index into `trackers`) is skipped on `day`: an entry marks
  /// the day skipped and no record marks it done. A day both skipped and done (rule
  /// `skipped-and-done`) counts as done: records are the completions.
  public func isSkipped(_ tracker: Int, on day: LocalDate) -> Bool {
    skippedDays[tracker].contains(day) && !completedDays[tracker].contains(day)
  }

  /// Whether tracker `tracker` (an index into `trackers`) counts as done on `day`: a record
  /// marks it, or its frequency covers it (``frequencyDays``). The one definition of "done"
  /// that the statistics, the report's streaks and rates, and the grid share.
  public func isDone(_ tracker: Int, on day: LocalDate) -> Bool {
    completedDays[tracker].contains(day) || frequencyDays[tracker].contains(day)
  }

  /// Whether tracker `i` of `dataset.trackers` (passed as `tracker`) is planned on `day` for the
  /// statistics: its schedule, dates and archive plan it
  /// (``Tracker/isPlanned(on:firstCompletion:lastMarked:)``) and the day is not skipped
  /// (``isSkipped(_:on:)``). The agenda shows a skipped tracker (marked skipped) all the same.
  public func isPlanned(_ tracker: Tracker, at i: Int, on day: LocalDate) -> Bool {
    tracker.isPlanned(on: day, firstCompletion: firstCompletion[i], lastMarked: lastMarked[i], dataEnd: dataEnds[i])
      && !isSkipped(i, on: day)
  }
}

/// Tracker id → index in `trackers`, by ``TrackerSlots``: records in date order name the
/// trackers in the same order every day, so a look-up is mostly the slot's guess (a word and an
/// id compared) and hashes nothing. A `[String: Int]` look-up per record (the id SipHashed) was
/// most of building the index.
private struct TrackerLookup {
  private var slots = TrackerSlots()
  /// Per slot, the tracker's index, or `-1` for an id no tracker has.
  private var positions: [Int] = []

  /// Slots for `trackers`' ids in order, the first of a repeated id keeping its slot.
  init(_ trackers: [Tracker]) {
    positions.reserveCapacity(trackers.count)
    for (i, tracker) in trackers.enumerated() where slots.slot(tracker.id) == positions.count {
      positions.append(i)
    }
  }

  /// The index of the tracker with `id` (the first, when ids repeat), or `-1`.
  mutating func position(of id: String) -> Int {
    let slot = slots.slot(id)
    if slot == positions.count { positions.append(-1) }
    return positions[slot]
  }
}
