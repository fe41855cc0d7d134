import TrackerModel

/// An instant as HabitKit writes them: ISO 8601 in UTC, `2026-08-26T22:00:00.000Z` for a
/// completion or an interval, `2026-08-27T19:42:49.376491Z` (microseconds) for a creation time.
///
/// Only the minute matters to the model (days come from instants plus an offset in minutes),
/// so seconds and their fraction are checked and dropped; the text itself is kept in extras
/// where a round trip needs it. An offset other than `Z` (`+02:00`) is read too, though no
/// description shows one.
struct HabitKitInstant: Hashable {
  /// Minutes since 1970-01-01T00:00Z.
  var minutes: Int

  init(minutes: Int) { self.minutes = minutes }

  /// `nil` when `text` is not `YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM)`.
  init?(_ text: String) {
    let b = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= b.count else { return nil }
      var n = 0
      for i in range {
        guard (0x30...0x39).contains(b[i]) else { return nil }
        n = n * 10 + Int(b[i] - 0x30)
      }
      return n
    }
    guard b.count >= 17, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
          b[13] == UInt8(ascii: ":"), let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
          let hour = number(11..<13), let minute = number(14..<16), hour < 24, minute < 60,
          let date = LocalDate(year: year, month: month, day: day) else { return nil }
    var i = 16
    if i < b.count, b[i] == UInt8(ascii: ":") {
      guard let second = number((i + 1)..<(i + 3)), second < 61 else { return nil }
      i += 3
      if i < b.count, b[i] == UInt8(ascii: ".") {
        i += 1
        let start = i
        while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
        guard i > start else { return nil }
      }
    }
    var offset = 0
    guard i < b.count else { return nil }
    switch b[i] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"): i += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
      guard let h = number((i + 1)..<(i + 3)), h <= 14 else { return nil }
      var m = 0
      if i + 3 < b.count, b[i + 3] == UInt8(ascii: ":") {
        guard let mm = number((i + 4)..<(i + 6)), mm < 60 else { return nil }
        m = mm
        i += 6
      } else if let mm = number((i + 3)..<(i + 5)) {
        m = mm
        i += 5
      } else {
        i += 3
      }
      offset = sign * (h * 60 + m)
    default: return nil
    }
    guard i == b.count else { return nil }
    minutes = date.dayNumber * 1440 + hour * 60 + minute - offset
  }

  /// The civil day at this instant in a zone `offset` minutes east of UTC.
  func day(offset: Int) -> LocalDate {
    let local = minutes + offset
    return LocalDate(dayNumber: local >= 0 ? local / 1440 : -((-local + 1439) / 1440))
  }

  /// The instant of `minuteOfDay` on `day` in a zone `offset` minutes east of UTC.
  init(day: LocalDate, minuteOfDay: Int = 0, offset: Int) {
    minutes = day.dayNumber * 1440 + minuteOfDay - offset
  }

  /// As HabitKit writes a completion's or an interval's instant: `2026-08-26T22:00:00.000Z`.
  var text: String { formatted(fraction: ".000") }

  /// As HabitKit writes a creation time: `2026-08-27T19:42:00.000000Z`.
  var microsecondText: String { formatted(fraction: ".000000") }

  private func formatted(fraction: String) -> String {
    let day = self.day(offset: 0)
    let minute = minutes - day.dayNumber * 1440
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(day)T\(two(minute / 60)):\(two(minute % 60)):00\(fraction)Z"
  }
}
