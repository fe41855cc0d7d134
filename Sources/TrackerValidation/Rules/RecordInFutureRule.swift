import TrackerModel

/// A record dated after today: a completion that cannot have happened yet.
///
/// "Today" is `RuleContext.today` (the CLI's `--today`, or the machine's local date). When it
/// is `nil` the rule reports nothing, so that validation of a stored dataset is reproducible.
/// Records of unknown trackers are checked too: the date is wrong whatever the tracker.
public struct RecordInFutureRule: ValidationRule {
  /// `record-in-future`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "record-in-future", severity: .warning,
    summary: "A record is dated after today.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/date`; does nothing when `context.today` is `nil`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    guard let today = context.today else { return }
    for (r, record) in context.dataset.records.enumerated() where record.date > today {
      diagnostics.append(diagnostic(
        "record on \(record.date) is after today (\(today))",
        at: RecordDays.pointer(r, "date")))
    }
  }
}
