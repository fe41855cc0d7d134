import TrackerModel

/// A reminder time that is not `HH:MM` on a 24-hour clock, from `00:00` to `23:59`: two digits,
/// a colon, two digits, nothing else (`7:30`, `07:30:00`, `24:00` and `7pm` are all invalid).
public struct ReminderTimeInvalidRule: ValidationRule {
  /// `reminder-time-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "reminder-time-invalid", severity: .error,
    summary: "A reminder time is not HH:MM from 00:00 to 23:59.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/reminders/M/time`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      for (m, reminder) in tracker.reminders.enumerated() where !Self.isClockTime(reminder.time) {
        diagnostics.append(diagnostic(
          "reminder time \"\(reminder.time)\" is not HH:MM from 00:00 to 23:59",
          at: JSONPointer.make("trackers", i, "reminders", m, "time")))
      }
    }
  }

  /// Whether `text` is exactly `HH:MM` with `HH` in 00...23 and `MM` in 00...59.
  static func isClockTime(_ text: String) -> Bool {
    let b = Array(text.utf8)
    guard b.count == 5, b[2] == UInt8(ascii: ":") else { return false }
    func digit(_ i: Int) -> Int? {
      (0x30...0x39).contains(b[i]) ? Int(b[i] - 0x30) : nil
    }
    guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), digit(4) != nil else { return false }
    return h1 * 10 + h2 < 24 && m1 < 6
  }
}
