import TrackerModel

/// Facts about trackers that record and entry rules look up once per record or entry, precomputed per tracker so
/// that the per-record work is array indexing and integer arithmetic.
enum RecordDays {
  /// The weekday index (0 = Monday ... 6 = Sunday) of a day number, without building a
  /// `Weekday`; matches ``LocalDate/weekday``.
  @inline(__always)
  static func weekdayIndex(_ dayNumber: Int) -> Int { ((dayNumber + 3) % 7 + 7) % 7 }

  /// One key for a (tracker index, day) pair: the tracker index in the high 32 bits, the day
  /// number's low 32 bits below. Unique for every day `LocalDate` can parse (years 1-9999).
  @inline(__always)
  static func key(tracker: Int, day: LocalDate) -> Int {
    (tracker << 32) | Int(UInt32(truncatingIfNeeded: day.dayNumber))
  }

  /// `/records/N/field`, built directly: record rules may report a million findings, and
  /// ``JSONPointer/make(_:)`` boxes and escapes every component. Field names here need no
  /// escaping.
  static func pointer(_ record: Int, _ field: StaticString) -> String {
    "/records/" + String(record) + "/" + field.description
  }

  /// `/entries/N/field`, built directly, as ``pointer(_:_:)`` for records.
  static func entryPointer(_ entry: Int, _ field: StaticString) -> String {
    "/entries/" + String(entry) + "/" + field.description
  }

  /// The second and later items (records or entries) of one tracker on one day, in item order,
  /// each with the position of the tracker's first item that day: the shape of
  /// `record-duplicate` and `entry-duplicate`.
  ///
  /// A tracker whose item count equals its count of distinct days has no repeat and is passed
  /// over without hashing anything; only trackers with repeats are scanned, keyed by one packed
  /// integer per (tracker, day).
  /// - Parameters:
  ///   - owner: for each item, the index of its tracker, or `-1` (left out).
  ///   - days: for each tracker, its distinct item days; `counts`: its item count.
  ///   - date: the day of item `i`.
  static func repeats(owner: [Int], days: [DaySet], counts: [Int],
                      date: (Int) -> LocalDate) -> [(item: Int, first: Int)] {
    var duplicated = [Bool](repeating: false, count: days.count)
    var extra = 0
    for t in days.indices where counts[t] > days[t].count {
      duplicated[t] = true
      extra += counts[t]
    }
    guard extra > 0 else { return [] }
    var seen = Occurrences<Int>(capacity: extra)
    var found: [(item: Int, first: Int)] = []
    for (i, t) in owner.enumerated() where t >= 0 && duplicated[t] {
      if let first = seen.repeatOf(key(tracker: t, day: date(i)), at: i) { found.append((i, first)) }
    }
    return found
  }

  /// The entries of known trackers whose `skipped` is `skipped`, on a day the tracker is recorded
  /// done, in entry order, each with its day's first record (for the note): the shape of
  /// `skipped-and-done` and `entry-on-done-day`. The records are looked up only when something
  /// is found, in one pass.
  static func entriesOnDoneDays(_ context: RuleContext, skipped: Bool) -> [(entry: Int, record: Int?)] {
    let index = context.index
    let entries = context.dataset.entries
    var found: [(entry: Int, key: Int)] = []
    for (e, t) in index.entryTracker.enumerated() where t >= 0 && entries[e].skipped == skipped {
      guard index.completedDays[t].contains(entries[e].date) else { continue }
      found.append((e, key(tracker: t, day: entries[e].date)))
    }
    guard !found.isEmpty else { return [] }
    let wanted = Set(found.map(\.key))
    var first: [Int: Int] = [:]
    first.reserveCapacity(wanted.count)
    let records = context.dataset.records
    for (r, t) in index.recordTracker.enumerated() where t >= 0 {
      let k = key(tracker: t, day: records[r].date)
      if first[k] == nil, wanted.contains(k) { first[k] = r }
    }
    return found.map { ($0.entry, first[$0.key]) }
  }
}
