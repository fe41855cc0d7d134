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
    String(unsafeUninitializedCapacity: 32) { buffer in
      let written = date.writeUTF8(into: UnsafeMutableRawBufferPointer(buffer))
      for (i, byte) in noon.enumerated() { buffer[written + i] = byte }
      return written + noon.count
    }
  }

  /// What follows the day in a key the current app writes.
  private static let noon = Array(" 12:00:00.000Z".utf8)

  /// The day of a key: its date part, up to the first space or `T`; `nil` when that is no
  /// `YYYY-MM-DD` calendar day. Reads the bytes in place.
  static func date(_ key: String) -> LocalDate? {
    var key = key
    return key.withUTF8 { utf8 in
      guard utf8.count >= 10, utf8.count == 10 || utf8[10] == 0x20 || utf8[10] == 0x54 else { return nil }
      return LocalDate(utf8: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[0..<10])))
    }
  }

  /// Whether `key` is in the form ``text(_:)`` writes (the day, then ` 12:00:00.000Z`).
  static func isCurrent(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { utf8 in
      guard utf8.count == 10 + noon.count else { return false }
      var i = 0
      while i < noon.count {
        guard utf8[10 + i] == noon[i] else { return false }
        i += 1
      }
      return true
    }
  }
}
