import TrackerModel

/// Two records of the same tracker on the same day: a tracker is completed at most once a day.
///
/// The second and later records are reported, each with a note naming the first. Records of
/// unknown trackers are left to `record-unknown-tracker`. The index already holds each
/// tracker's distinct days, so a tracker whose record count equals its day count is skipped
/// without hashing anything; only trackers with duplicates are scanned, keyed by one packed
/// integer per (tracker, day).
public struct RecordDuplicateRule: ValidationRule {
  /// `record-duplicate`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "record-duplicate", severity: .error,
    summary: "A tracker has two records on the same day.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports every repeat at `/records/N/date`, in record order, with a note pointing at
  /// the tracker's first record of that day.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let recordTracker = context.index.recordTracker
    let days = context.index.completedDays
    let counts = context.index.recordCounts
    var duplicated = [Bool](repeating: false, count: days.count)
    var extra = 0
    for t in days.indices where counts[t] > days[t].count {
      duplicated[t] = true
      extra += counts[t]
    }
    guard extra > 0 else { return }

    let records = context.dataset.records
    var seen = Occurrences<Int>(capacity: extra)
    for (r, t) in recordTracker.enumerated() where t >= 0 && duplicated[t] {
      let date = records[r].date
      guard let first = seen.repeatOf(RecordDays.key(tracker: t, day: date), at: r) else { continue }
      diagnostics.append(diagnostic(
        "tracker \"\(records[r].trackerId)\" is already recorded on \(date)",
        at: RecordDays.pointer(r, "date"),
        note: "first recorded at \(JSONPointer.make("records", first))"))
    }
  }
}
