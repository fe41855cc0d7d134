/// An RFC 5545 DURATION value (§3.3.6: `PT7H30M`, `-PT15M`, `P1D`, `P2W`) as signed seconds:
/// how alarm triggers are written and read.
enum ICalendarDuration {
  /// The seconds `text` spans, negative for a leading `-`; `nil` when it is not a duration.
  ///
  /// Lenient in what RFC 5545 leaves to writers: lower-case letters, and parts in any order
  /// (`PT30M1H`), each unit at most once.
  static func seconds(_ text: String) -> Int? {
    var bytes = Array(text.utf8)[...]
    var sign = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      if first == UInt8(ascii: "-") { sign = -1 }
      bytes = bytes.dropFirst()
    }
    guard let p = bytes.first, p | 0x20 == UInt8(ascii: "p") else { return nil }
    bytes = bytes.dropFirst()
    var total = 0
    var inTime = false
    var seen: Set<UInt8> = []
    var parts = 0
    var timeParts = 0
    var number: Int?
    for byte in bytes {
      let letter = byte | 0x20
      if byte >= 0x30, byte <= 0x39 {
        let (times, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
        guard !overflow, times <= Int(Int32.max) else { return nil }
        number = times + Int(byte - 0x30)
      } else if letter == UInt8(ascii: "t") {
        guard !inTime, number == nil else { return nil }
        inTime = true
      } else {
        guard let value = number, seen.insert(letter).inserted else { return nil }
        switch (letter, inTime) {
        case (UInt8(ascii: "w"), false): total += value * 604_800
        case (UInt8(ascii: "d"), false): total += value * 86_400
        case (UInt8(ascii: "h"), true): total += value * 3600
        case (UInt8(ascii: "m"), true): total += value * 60
        case (UInt8(ascii: "s"), true): total += value
        default: return nil
        }
        number = nil
        parts += 1
        if inTime { timeParts += 1 }
      }
    }
    guard number == nil, parts > 0, !inTime || timeParts > 0 else { return nil }
    return sign * total
  }

  /// A non-negative span shorter than a day as `PT…` (`PT7H30M`, `PT45M`, and `PT0S` for none).
  static func text(minutes: Int) -> String {
    let hours = minutes / 60, rest = minutes % 60
    if hours == 0, rest == 0 { return "PT0S" }
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 ? "\(rest)M" : "")
  }
}
