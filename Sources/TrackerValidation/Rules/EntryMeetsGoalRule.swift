import TrackerModel

/// An entry whose amount meets its tracker's goal (``TrackerGoal/isMet(by:)``): the amount says
/// the day is done, but an entry is never a completion, so every statistic counts it as not
/// done.
///
/// The reverse of `amount-below-goal`. A warning, since the user may have meant the day not to
/// count; skipped entries, entries without an amount and trackers whose goal is invalid
/// (`goal-invalid`) are not checked.
public struct EntryMeetsGoalRule: ValidationRule {
  /// `entry-meets-goal`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "entry-meets-goal", severity: .warning,
    summary: "An entry's amount meets its tracker's goal, yet the day does not count as done.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/entries/N/amount`, in entry order.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let entries = context.dataset.entries
    guard !entries.isEmpty else { return }
    let goals = context.dataset.trackers.map(\.validGoal)
    for (e, t) in context.index.entryTracker.enumerated() where t >= 0 && !entries[e].skipped {
      guard let goal = goals[t], let amount = entries[e].amount, goal.isMet(by: amount) else { continue }
      diagnostics.append(diagnostic(
        "amount \(amount.amountText) meets the goal of \(goal.phrase), but an entry is not a completion",
        at: RecordDays.entryPointer(e, "amount"),
        note: "make it a record if the day was done"))
    }
  }
}
