import Foundation
import TrackerPort

extension LocalDate {
  /// The machine's local calendar date (the `TZ` environment variable applies): the default
  /// "today" of `validate` and `agenda`, and of the server's `/api/validate`.
  public static func localToday() -> LocalDate? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    guard let y = parts.year, let m = parts.month, let d = parts.day else { return nil }
    return LocalDate(year: y, month: m, day: d)
  }
}
