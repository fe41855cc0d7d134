import TrackerModel

/// A record whose `trackerId` matches no tracker: a completion of nothing.
///
/// Other record rules skip such records, since they need the tracker to say anything.
public struct RecordUnknownTrackerRule: ValidationRule {
  /// `record-unknown-tracker`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "record-unknown-tracker", severity: .error,
    summary: "A record's trackerId matches no tracker.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/trackerId`, in record order.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let records = context.dataset.records
    for (r, t) in context.index.recordTracker.enumerated() where t < 0 {
      diagnostics.append(diagnostic(
        "tracker \"\(records[r].trackerId)\" does not exist",
        at: RecordDays.pointer(r, "trackerId")))
    }
  }
}
