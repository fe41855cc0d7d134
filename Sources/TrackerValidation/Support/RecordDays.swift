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

  /// The position of the first record of each wanted (tracker, day) ``key(tracker:day:)``, in one
  /// pass over the records; for notes that name the record a finding conflicts with.
  static func firstRecords(of keys: Set<Int>, in context: RuleContext) -> [Int: Int] {
    var first: [Int: Int] = [:]
    first.reserveCapacity(keys.count)
    let records = context.dataset.records
    for (r, t) in context.index.recordTracker.enumerated() where t >= 0 {
      let k = key(tracker: t, day: records[r].date)
      if first[k] == nil, keys.contains(k) { first[k] = r }
    }
    return first
  }
}
