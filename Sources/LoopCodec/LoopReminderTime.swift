/// A reminder's time of day, between Loop's `reminder_hour`/`reminder_min` columns and the
/// model's `HH:MM`.
enum LoopReminderTime {
  /// `HH:MM` (two digits each) for an hour 0–23 and a minute 0–59; `nil` for any other pair,
  /// which no model time says (the reader keeps it in `extras["loop"].reminder`).
  static func text(hour: Int, minute: Int) -> String? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    return twoDigits(hour) + ":" + twoDigits(minute)
  }

  /// The hour and minute of exactly `HH:MM` (24-hour); `nil` for anything else (`7:30`,
  /// `24:00`, `07:30:00`), which Loop cannot store so that it reads back the same.
  static func parse(_ text: String) -> (hour: Int, minute: Int)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return nil }
    func digit(_ i: Int) -> Int? {
      let b = bytes[i]
      return b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
    }
    guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else { return nil }
    let hour = h1 * 10 + h2, minute = m1 * 10 + m2
    guard hour <= 23, minute <= 59 else { return nil }
    return (hour, minute)
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
