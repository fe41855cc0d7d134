import TrackerModel

/// A tracker's day that an entry marks skipped and a record marks done: a skipped day is
/// neither done nor missed, so it cannot be both.
///
/// The statistics and the agenda count such a day as done (records are the completions);
/// the finding asks which of the two is true. Reported at the entry's `skipped`, with a note
/// naming the first record of that day; the records are looked up only when something is found.
public struct SkippedAndDoneRule: ValidationRule {
  /// `skipped-and-done`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "skipped-and-done", severity: .error,
    summary: "A tracker's day is both skipped (an entry) and done (a record).")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/entries/N/skipped`, in entry order.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let entries = context.dataset.entries
    for (e, record) in RecordDays.entriesOnDoneDays(context, skipped: true) {
      diagnostics.append(diagnostic(
        "tracker \"\(entries[e].trackerId)\" is skipped on \(entries[e].date), but also recorded done that day",
        at: RecordDays.entryPointer(e, "skipped"),
        note: record.map { "recorded at \(JSONPointer.make("records", $0))" }))
    }
  }
}
