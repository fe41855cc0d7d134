/// Lookups over a dataset built once, so rules, statistics and the agenda never search the
/// record list per tracker or hash a tracker id per record more than once.
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

  /// Builds every lookup in one pass over the records. Build it once and pass it to the
  /// validator, the agenda and the statistics: none of them needs a second.
  public init(_ dataset: TrackerDataset) {
    var trackers: [String: Int] = [:]
    trackers.reserveCapacity(dataset.trackers.count)
    for (i, t) in dataset.trackers.enumerated() where trackers[t.id] == nil { trackers[t.id] = i }
    var categories: [String: Int] = [:]
    for (i, c) in dataset.categories.enumerated() where categories[c.id] == nil { categories[c.id] = i }

    var recordTracker = [Int](repeating: -1, count: dataset.records.count)
    var days = [[Int]](repeating: [], count: dataset.trackers.count)
    // Records of one tracker usually come together: remember the last id to skip most hashing.
    var lastID: String?
    var lastIndex = -1
    for (r, record) in dataset.records.enumerated() {
      let t: Int
      if record.trackerId == lastID { t = lastIndex } else {
        t = trackers[record.trackerId] ?? -1
        lastID = record.trackerId
        lastIndex = t
      }
      recordTracker[r] = t
      if t >= 0 { days[t].append(record.date.dayNumber) }
    }
    trackerPosition = trackers
    categoryPosition = categories
    self.recordTracker = recordTracker
    recordCounts = days.map(\.count)
    completedDays = days.map { DaySet(dayNumbers: $0) }
    firstCompletion = completedDays.map(\.first)
  }
}
