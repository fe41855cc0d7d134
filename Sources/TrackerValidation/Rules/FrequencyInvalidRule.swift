import TrackerModel

/// A frequency that is not "`times` in `days` days" for any habit: a period under one day,
/// fewer than one time, or more times than days.
///
/// One finding per tracker, for the first of these problems: the period at
/// `/trackers/N/frequency/days`, otherwise the times at `/trackers/N/frequency/times`.
public struct FrequencyInvalidRule: ValidationRule {
  /// `frequency-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "frequency-invalid", severity: .error,
    summary: "A frequency has fewer than 1 time, fewer than 1 day, or more times than days.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/frequency/days` or `/trackers/N/frequency/times`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let frequency = tracker.frequency else { continue }
      let (times, days) = (frequency.times, frequency.days)
      if days < 1 {
        diagnostics.append(diagnostic(
          "frequency period of \(days) days is not a period: it must be 1 day or more",
          at: JSONPointer.make("trackers", i, "frequency", "days")))
      } else if times < 1 {
        diagnostics.append(diagnostic(
          "frequency of \(times) times in \(days) days asks for nothing: it must be 1 time or more",
          at: JSONPointer.make("trackers", i, "frequency", "times")))
      } else if times > days {
        diagnostics.append(diagnostic(
          "frequency of \(times) times in \(days) days asks for more times than days: a habit is done at most once a day",
          at: JSONPointer.make("trackers", i, "frequency", "times")))
      }
    }
  }
}
