import TrackerModel

/// A weekday listed twice in one reminder's days; each repeat is reported at its own index, as
/// `schedule-duplicate-day` does for schedules.
///
/// A reminder without days rings on every planned day and is not checked.
public struct ReminderDuplicateDayRule: ValidationRule {
  /// `reminder-duplicate-day`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "reminder-duplicate-day", severity: .error,
    summary: "A weekday is listed twice in a reminder's days.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each repeat at `/trackers/N/reminders/M/days/K`, with a note pointing at the
  /// first listing of that weekday.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      for (m, reminder) in tracker.reminders.enumerated() {
        guard let days = reminder.days else { continue }
        var seen = Occurrences<Weekday>()
        for (k, day) in days.enumerated() {
          guard let first = seen.repeatOf(day, at: k) else { continue }
          diagnostics.append(diagnostic(
            "weekday \"\(day.rawValue)\" is already in the reminder's days",
            at: JSONPointer.make("trackers", i, "reminders", m, "days", k),
            note: "first listed at \(JSONPointer.make("trackers", i, "reminders", m, "days", first))"))
        }
      }
    }
  }
}
