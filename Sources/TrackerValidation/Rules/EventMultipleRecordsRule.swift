import TrackerModel

/// An undated event recorded on more than one day.
///
/// An undated event is planned every day until it is completed, then only on that day, so it
/// has at most one record day. Its earliest record day is taken as the completion; records on
/// any later day are reported (records repeating the earliest day are `record-duplicate`).
/// Dated events are left to `event-record-off-date`, which already reports every record not on
/// the event's date.
public struct EventMultipleRecordsRule: ValidationRule {
  /// `event-multiple-records`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "event-multiple-records", severity: .warning,
    summary: "An undated event is recorded on more than one day.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/date`, in record order; returns at once when no undated
  /// event has more than one record day.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let index = context.index
    // Per tracker: its completion day when it is an undated event with several record days.
    let completion = context.dataset.trackers.indices.map { t -> LocalDate? in
      let tracker = context.dataset.trackers[t]
      guard tracker.kind == .event, tracker.date == nil, index.completedDays[t].count > 1 else { return nil }
      return index.firstCompletion[t]
    }
    guard completion.contains(where: { $0 != nil }) else { return }
    let records = context.dataset.records
    for (r, t) in index.recordTracker.enumerated() where t >= 0 {
      guard let first = completion[t], records[r].date != first else { continue }
      diagnostics.append(diagnostic(
        "event completed on \(first) is recorded again on \(records[r].date)",
        at: RecordDays.pointer(r, "date")))
    }
  }
}
