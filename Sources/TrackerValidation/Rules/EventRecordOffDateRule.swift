import TrackerModel

/// A record of a dated event on a day other than its `date`: the event is planned only then.
///
/// Undated events may be completed on any day (see `event-multiple-records`).
public struct EventRecordOffDateRule: ValidationRule {
  /// `event-record-off-date`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "event-record-off-date", severity: .warning,
    summary: "A dated event is recorded on another day.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each off-date record at `/records/N/date`, in record order; records of
  /// unknown trackers are skipped.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let dates = context.dataset.trackers.map { $0.kind == .event ? $0.date : nil }
    let records = context.dataset.records
    for (r, t) in context.index.recordTracker.enumerated() where t >= 0 {
      guard let planned = dates[t], records[r].date != planned else { continue }
      diagnostics.append(diagnostic(
        "event planned on \(planned) is recorded on \(records[r].date)",
        at: RecordDays.pointer(r, "date")))
    }
  }
}
