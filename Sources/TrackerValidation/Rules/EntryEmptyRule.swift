import TrackerModel

/// An entry that marks nothing: not skipped, with no amount and no note.
///
/// An entry exists to say something about a day not done; an empty one says nothing, and a
/// writer may leave it out. A warning: nothing is wrong with the day.
public struct EntryEmptyRule: ValidationRule {
  /// `entry-empty`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "entry-empty", severity: .warning,
    summary: "An entry is not skipped and has no amount and no note.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/entries/N`, in entry order, entries of unknown trackers included.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (e, entry) in context.dataset.entries.enumerated()
    where !entry.skipped && entry.amount == nil && entry.note == nil {
      diagnostics.append(diagnostic(
        "entry of \(entry.date) is not skipped and has no amount and no note",
        at: "/entries/" + String(e)))
    }
  }
}
