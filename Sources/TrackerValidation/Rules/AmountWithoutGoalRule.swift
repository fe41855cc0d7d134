import TrackerModel

/// A record or an entry with an amount, on a tracker that has no goal: nothing says what the
/// amount counts or whether it makes the day done.
///
/// A warning: the amount is kept and carried, but an app that needs a goal to show amounts
/// shows nothing. Unknown trackers are left to `record-unknown-tracker` and
/// `entry-unknown-tracker`.
public struct AmountWithoutGoalRule: ValidationRule {
  /// `amount-without-goal`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "amount-without-goal", severity: .warning,
    summary: "A record or entry has an amount, but its tracker has no goal.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/amount`, then `/entries/N/amount`; only records with an amount are
  /// looked at (``DatasetIndex/measuredRecords``).
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let trackers = context.dataset.trackers
    for r in context.index.measuredRecords {
      let t = context.index.recordTracker[r]
      guard t >= 0, trackers[t].goal == nil, let amount = context.dataset.records[r].amount else { continue }
      diagnostics.append(diagnostic(
        "record has an amount of \(amount.amountText), but tracker \"\(trackers[t].name)\" has no goal",
        at: RecordDays.pointer(r, "amount")))
    }
    for (e, entry) in context.dataset.entries.enumerated() {
      let t = context.index.entryTracker[e]
      guard t >= 0, trackers[t].goal == nil, let amount = entry.amount else { continue }
      diagnostics.append(diagnostic(
        "entry has an amount of \(amount.amountText), but tracker \"\(trackers[t].name)\" has no goal",
        at: RecordDays.entryPointer(e, "amount")))
    }
  }
}
