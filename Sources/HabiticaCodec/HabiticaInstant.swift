import TrackerModel

/// Instants in a Habitica export, as milliseconds since 1970 (UTC): history dates are numbers
/// already; `createdAt`, `startDate`, `dateCompleted`, `date` and cron times are ISO-8601 text,
/// parsed here from bytes (no formatter objects).
enum HabiticaInstant {
  /// `YYYY-MM-DDTHH:MM[:SS[.fff…]](Z|±HH:MM|±HHMM)`, or a bare `YYYY-MM-DD` (midnight UTC);
  /// `nil` for anything else (`"today"`, `"3/13"`, a JavaScript `Date.toString()`).
  static func milliseconds(iso text: String) -> Int64? {
    var text = text
    return text.withUTF8 { milliseconds(iso: UnsafeRawBufferPointer($0)) }
  }

  static func milliseconds(iso b: UnsafeRawBufferPointer) -> Int64? {
    guard b.count >= 10, let date = LocalDate(utf8: UnsafeRawBufferPointer(rebasing: b[0..<10])) else { return nil }
    var ms = Int64(date.dayNumber) * 86_400_000
    if b.count == 10 { return ms }
    guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
          let hour = number(b, 11, 2), b[13] == UInt8(ascii: ":"), let minute = number(b, 14, 2),
          hour < 24, minute < 60 else { return nil }
    var i = 16
    var second = 0
    if i < b.count, b[i] == UInt8(ascii: ":") {
      guard let s = number(b, i + 1, 2), s < 61 else { return nil }
      second = s
      i += 3
    }
    var fraction = 0
    if i < b.count, b[i] == UInt8(ascii: ".") {
      i += 1
      var digits = 0
      while i < b.count, (0x30...0x39).contains(b[i]) {
        if digits < 3 { fraction = fraction * 10 + Int(b[i] - 0x30) }
        digits += 1
        i += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<max(digits, 3) { fraction *= 10 }
    }
    var offsetMinutes = 0
    if i < b.count, b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
      i += 1
    } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
      guard let oh = number(b, i + 1, 2) else { return nil }
      var j = i + 3
      if j < b.count, b[j] == UInt8(ascii: ":") { j += 1 }
      guard let om = number(b, j, 2) else { return nil }
      offsetMinutes = sign * (oh * 60 + om)
      i = j + 2
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    ms += Int64(hour * 3_600 + minute * 60 + second - offsetMinutes * 60) * 1_000 + Int64(fraction)
    return ms
  }

  private static func number(_ b: UnsafeRawBufferPointer, _ at: Int, _ count: Int) -> Int? {
    guard at + count <= b.count else { return nil }
    var value = 0
    for k in at..<(at + count) {
      guard (0x30...0x39).contains(b[k]) else { return nil }
      value = value * 10 + Int(b[k] - 0x30)
    }
    return value
  }
}
