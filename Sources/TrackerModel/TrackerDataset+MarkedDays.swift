extension TrackerDataset {
  /// The first and last day that a record or an entry is on, whatever its tracker; `nil` when
  /// the dataset has neither. `inspect`, `convert --dry-run` and serve's `/api/inspect` show
  /// it; the report's range uses only known trackers' days (`TrackerReport.dataSpan`).
  public var markedDays: ClosedRange<LocalDate>? {
    var first: LocalDate?
    var last: LocalDate?
    for date in records.lazy.map(\.date) + entries.lazy.map(\.date) {
      if first.map({ date < $0 }) ?? true { first = date }
      if last.map({ date > $0 }) ?? true { last = date }
    }
    guard let first, let last else { return nil }
    return first...last
  }
}
