import TrackerModel

/// A record of a habit on a weekday its schedule does not list.
///
/// The app only lets a user complete a habit on a planned day, so such a record came from
/// another app or from a schedule edited later. Habits without a schedule are left to
/// `schedule-empty` (every record would be off-schedule).
public struct RecordOffScheduleRule: ValidationRule {
  /// `record-off-schedule`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "record-off-schedule", severity: .warning,
    summary: "A habit is recorded on a weekday not in its schedule.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/date`, naming the weekday; events, unknown trackers and
  /// habits without days are skipped.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    // Per tracker: a bit per scheduled weekday (Monday = bit 0), or -1 to skip.
    let masks = context.dataset.trackers.map { tracker -> Int in
      guard tracker.kind == .habit, let schedule = tracker.schedule, !schedule.isEmpty else { return -1 }
      return schedule.reduce(0) { $0 | 1 << $1.index }
    }
    let records = context.dataset.records
    for (r, t) in context.index.recordTracker.enumerated() where t >= 0 {
      let mask = masks[t]
      let date = records[r].date
      let weekday = RecordDays.weekdayIndex(date.dayNumber)
      guard mask >= 0, mask & (1 << weekday) == 0 else { continue }
      diagnostics.append(diagnostic(
        "habit is recorded on \(date), a \(Weekday(index: weekday).englishName), which is not in its schedule",
        at: RecordDays.pointer(r, "date")))
    }
  }
}
