import TrackerModel

/// A record whose amount does not meet its tracker's goal (``TrackerGoal/isMet(by:)``; for a goal
/// per week, month or n days, an amount of 0 or, at most, one above the target): a
/// record is a completion, and a day below the goal is not one.
///
/// Such a day belongs in `entries` (an amount below the goal), so that no statistic, agenda or
/// writer counts it as done. A record without an amount is a plain completion and is not
/// checked; trackers whose goal is itself invalid are left to `goal-invalid`.
public struct AmountBelowGoalRule: ValidationRule {
  /// `amount-below-goal`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "amount-below-goal", severity: .error,
    summary: "A record's amount does not meet its tracker's goal, so it is not a completion.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/amount`, in record order; only records with an amount are looked
  /// at (``DatasetIndex/measuredRecords``).
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let trackers = context.dataset.trackers
    // Per tracker: its goal when it is a valid one.
    let goals = trackers.map(\.validGoal)
    guard goals.contains(where: { $0 != nil }) else { return }
    for r in context.index.measuredRecords {
      let t = context.index.recordTracker[r]
      guard t >= 0, let goal = goals[t], let amount = context.dataset.records[r].amount,
            !goal.isMet(by: amount) else { continue }
      diagnostics.append(diagnostic(
        "amount \(amount.amountText) does not meet the goal of \(goal.phrase), so the day is not done",
        at: RecordDays.pointer(r, "amount"),
        note: "move it to entries, where a day below the goal belongs"))
    }
  }
}
