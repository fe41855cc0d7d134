import Foundation
import TrackerPort

/// "1 error", "2 errors": English counts for summaries.
func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

extension LocalDate {
  /// The machine's local calendar date (the `TZ` environment variable applies): the default
  /// "today" of `validate` and `agenda`.
  static func localToday() -> LocalDate? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    guard let y = parts.year, let m = parts.month, let d = parts.day else { return nil }
    return LocalDate(year: y, month: m, day: d)
  }
}
