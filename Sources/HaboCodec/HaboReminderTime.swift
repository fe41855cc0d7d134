/// Habo's reminder time `notTime`: `"H:M"`, not zero-padded (`"9:5"`); Habo reads anything it
/// cannot parse as 12:00 (`lib/helpers.dart:3-12`).
enum HaboReminderTime {
  /// `HH:MM` of a `notTime`, 12:00 when it is missing or not `H:M` with an hour 0-23 and a
  /// minute 0-59.
  static func canonical(_ text: String?) -> String {
    guard let (hour, minute) = parse(text) else { return "12:00" }
    return pad(hour) + ":" + pad(minute)
  }

  /// What Habo writes for `HH:MM`: `"9:5"`; `nil` when `time` is not a valid `HH:MM`.
  static func habo(_ time: String) -> String? {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
          let (hour, minute) = parse(time) else { return nil }
    return "\(hour):\(minute)"
  }

  private static func parse(_ text: String?) -> (Int, Int)? {
    guard let text else { return nil }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
          parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
          let hour = Int(parts[0]), let minute = Int(parts[1]),
          (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    return (hour, minute)
  }

  private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
