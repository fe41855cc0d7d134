import TrackerModel

/// A DATE (`YYYYMMDD`) or DATE-TIME (`YYYYMMDDTHHMMSS`, optional `Z`) value.
struct ICalendarDate {
  var date: LocalDate
  var hour = 0
  var minute = 0
  var second = 0
  var hasTime = false
  var raw: String

  init?(_ text: String) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var n = 0
      for b in bytes[range] { guard b >= 0x30, b <= 0x39 else { return nil }; n = n * 10 + Int(b - 0x30) }
      return n
    }
    guard bytes.count == 8 || bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")),
          let y = number(0..<4), let m = number(4..<6), let d = number(6..<8),
          let date = LocalDate(year: y, month: m, day: d) else { return nil }
    self.date = date
    raw = text
    if bytes.count > 8 {
      guard bytes[8] == UInt8(ascii: "T"), let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
            h < 24, mi < 60, s < 61 else { return nil }
      hour = h
      minute = mi
      second = s
      hasTime = true
    }
  }
}
