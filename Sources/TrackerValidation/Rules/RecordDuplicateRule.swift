import TrackerModel

/// Two records of the same tracker on the same day: a tracker is completed at most once a day.
///
/// The second and later records are reported, each with a note naming the first. Records of
/// unknown trackers are left to `record-unknown-tracker`. The index already holds each
/// tracker's distinct days, so a tracker whose record count equals its day count is skipped
/// without hashing anything (`RecordDays.repeats(owner:days:counts:date:)`).
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
    let index = context.index
    let records = context.dataset.records
    for (r, first) in RecordDays.repeats(owner: index.recordTracker, days: index.completedDays,
                                         counts: index.recordCounts, date: { records[$0].date }) {
      diagnostics.append(diagnostic(
        "tracker \"\(records[r].trackerId)\" is already recorded on \(records[r].date)",
        at: RecordDays.pointer(r, "date"),
        note: "first recorded at \(JSONPointer.make("records", first))"))
    }
  }
}
