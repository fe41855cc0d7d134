import Foundation

/// A task title as the CSV export writes it: the name, sometimes followed by `", HH:MM"`, a time
/// of day (the third-party CSV reader strips it; what the time is, no description says: it is
/// read as a reminder at that time, and the title is kept as written).
struct StreaksTitle: Hashable, Sendable {
  /// The name without the time.
  var name: String
  /// The time as `HH:MM` (24-hour, two-digit hour), or `nil` when the title has none.
  var time: String?

  /// Splits `title` at its last `", "` when what follows is a time of day `H:MM` or `HH:MM`
  /// (hours 0–23, minutes 0–59) and something precedes it; otherwise the whole title is the name.
  init(_ title: String) {
    name = title
    time = nil
    guard let comma = title.range(of: ", ", options: .backwards) else { return }
    let head = title[..<comma.lowerBound], tail = Array(title[comma.upperBound...].utf8)
    guard !head.isEmpty, let colon = tail.firstIndex(of: UInt8(ascii: ":")),
          (1...2).contains(colon), tail.count == colon + 3,
          tail.allSatisfy({ $0 == UInt8(ascii: ":") || (0x30...0x39).contains($0) }),
          tail.filter({ $0 == UInt8(ascii: ":") }).count == 1 else { return }
    let hour = tail[..<colon].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    let minute = tail[(colon + 1)...].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    guard hour < 24, minute < 60 else { return }
    name = String(head)
    time = (hour < 10 ? "0" : "") + String(hour) + ":" + String(decoding: tail[(colon + 1)...], as: UTF8.self)
  }
}
