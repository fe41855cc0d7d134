import TrackerModel

/// Facts about trackers that record rules look up once per record, precomputed per tracker so
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
}
