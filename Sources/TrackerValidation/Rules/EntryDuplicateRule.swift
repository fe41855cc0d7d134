import TrackerModel

/// Two entries of the same tracker on the same day: a day has one mark at most (skipped, or an
/// amount or a note), so the two would have to be merged by hand.
///
/// The second and later entries are reported, each with a note naming the first. Entries of
/// unknown trackers are left to `entry-unknown-tracker`. As `record-duplicate`, a tracker whose
/// entry count equals its count of entry days is passed over without hashing anything.
public struct EntryDuplicateRule: ValidationRule {
  /// `entry-duplicate`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "entry-duplicate", severity: .error,
    summary: "A tracker has two entries on the same day.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports every repeat at `/entries/N/date`, in entry order, with a note pointing at the
  /// tracker's first entry of that day.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let index = context.index
    let entries = context.dataset.entries
    for (e, first) in RecordDays.repeats(owner: index.entryTracker, days: index.entryDays,
                                         counts: index.entryCounts, date: { entries[$0].date }) {
      diagnostics.append(diagnostic(
        "tracker \"\(entries[e].trackerId)\" already has an entry on \(entries[e].date)",
        at: RecordDays.entryPointer(e, "date"),
        note: "first entry at \(JSONPointer.make("entries", first))"))
    }
  }
}
