import TrackerModel

/// A habit with no schedule, or an empty one: it would never be planned.
///
/// The pointer is `/trackers/N/schedule` even when the key is absent; a locator resolves it to
/// the tracker object.
public struct ScheduleEmptyRule: ValidationRule {
  /// `schedule-empty`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "schedule-empty", severity: .error,
    summary: "A habit has no schedule or an empty one.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/schedule`; the message tells a missing schedule from an
  /// empty one.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.kind == .habit {
      guard tracker.schedule?.isEmpty ?? true else { continue }
      diagnostics.append(diagnostic(
        tracker.schedule == nil ? "habit has no schedule" : "habit schedule is empty",
        at: JSONPointer.make("trackers", i, "schedule")))
    }
  }
}
