import TrackerModel

/// The keys of a Habo habit's `events` map: Dart's `DateTime.toString()` of the day.
///
/// The current app keys every day as `DateTime.utc(y, m, d, 12)` (`lib/helpers.dart:14-16`), so
/// a key reads `2024-01-15 12:00:00.000Z`; the day is the key's date part (its first ten
/// characters), whatever time follows (keys of older versions were not verified).
enum HaboDayKey {
  /// The key the current app writes for `date`: `YYYY-MM-DD 12:00:00.000Z` (Dart pads the year
  /// to four digits).
  static func text(_ date: LocalDate) -> String {
    date.description + " 12:00:00.000Z"
  }

  /// The day of a key: its date part, up to the first space or `T`; `nil` when that is no
  /// `YYYY-MM-DD` calendar day.
  static func date(_ key: String) -> LocalDate? {
    let utf8 = key.utf8
    let end = utf8.firstIndex { $0 == 0x20 || $0 == 0x54 } ?? utf8.endIndex
    guard utf8.distance(from: utf8.startIndex, to: end) == 10 else { return nil }
    return LocalDate(key[..<end])
  }
}
