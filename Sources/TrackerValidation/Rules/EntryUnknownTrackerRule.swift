import TrackerModel

/// An entry whose `trackerId` matches no tracker: a skipped day, an amount or a note of nothing.
///
/// Other entry rules skip such entries, since they need the tracker to say anything.
public struct EntryUnknownTrackerRule: ValidationRule {
  /// `entry-unknown-tracker`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "entry-unknown-tracker", severity: .error,
    summary: "An entry's trackerId matches no tracker.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/entries/N/trackerId`, in entry order.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let entries = context.dataset.entries
    for (e, t) in context.index.entryTracker.enumerated() where t < 0 {
      diagnostics.append(diagnostic(
        "tracker \"\(entries[e].trackerId)\" does not exist",
        at: RecordDays.entryPointer(e, "trackerId")))
    }
  }
}
