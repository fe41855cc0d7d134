import TrackerModel

/// An irregular event that has a schedule, even an empty one: events have none in the app, and
/// a schedule would make the tracker a habit in formats that tell them apart by it.
public struct ScheduleOnEventRule: ValidationRule {
  /// `schedule-on-event`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "schedule-on-event", severity: .error,
    summary: "An event has a schedule.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/schedule`, once per event whatever the schedule holds.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated()
    where tracker.kind == .event && tracker.schedule != nil {
      diagnostics.append(diagnostic(
        "event has a schedule; only habits have one",
        at: JSONPointer.make("trackers", i, "schedule")))
    }
  }
}
