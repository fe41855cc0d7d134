import TrackerModel

/// A weekday listed twice in one schedule; each repeat is reported at its own index.
///
/// Checked for every tracker with a schedule, events included (which `schedule-on-event`
/// reports as well).
public struct ScheduleDuplicateDayRule: ValidationRule {
  /// `schedule-duplicate-day`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "schedule-duplicate-day", severity: .error,
    summary: "A weekday is listed twice in a schedule.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports each repeat at `/trackers/N/schedule/M`, with a note pointing at the first
  /// listing of that weekday.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let schedule = tracker.schedule else { continue }
      var seen = Occurrences<Weekday>()
      for (j, day) in schedule.enumerated() {
        guard let first = seen.repeatOf(day, at: j) else { continue }
        diagnostics.append(diagnostic(
          "weekday \"\(day.rawValue)\" is already in the schedule",
          at: JSONPointer.make("trackers", i, "schedule", j),
          note: "first listed at \(JSONPointer.make("trackers", i, "schedule", first))"))
      }
    }
  }
}
