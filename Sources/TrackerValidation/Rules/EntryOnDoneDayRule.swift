import TrackerModel

/// An entry that is not a skip (an amount or a note) on a day its tracker is also recorded
/// done: an entry marks a day not done, a record marks it done.
///
/// The day counts as done (records are the completions), and the entry's amount or note belongs
/// on the record. Skipped days are `skipped-and-done`. Reported at the entry's `date`, with a
/// note naming the first record of that day; the records are looked up only when something is
/// found.
public struct EntryOnDoneDayRule: ValidationRule {
  /// `entry-on-done-day`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "entry-on-done-day", severity: .error,
    summary: "A tracker has an entry (an amount or a note) on a day it is recorded done.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/entries/N/date`, in entry order.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let entries = context.dataset.entries
    for (e, record) in RecordDays.entriesOnDoneDays(context, skipped: false) {
      diagnostics.append(diagnostic(
        "tracker \"\(entries[e].trackerId)\" has an entry on \(entries[e].date), a day it is recorded done",
        at: RecordDays.entryPointer(e, "date"),
        note: record.map { "recorded at \(JSONPointer.make("records", $0)); put the amount or note there" }))
    }
  }
}
