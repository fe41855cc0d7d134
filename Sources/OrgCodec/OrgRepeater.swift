import TrackerModel

/// A `SCHEDULED` timestamp's repeater, `.+2d/4d`: its type (`+`, `.+`, `++`), its interval and
/// the optional `/max` (org-habit's deadline), as `org-repeat-re` finds them (org 9.5,
/// `lisp/org/org.el:438-440` in Emacs 28.2).
///
/// org-habit turns both lengths into days as `org-habit-duration-to-days` does
/// (`lisp/org/org-habit.el:159-166`): `d` 1, `w` 7, `m` 30.4, `y` 365.25, rounded down; an
/// hour (`h`) is no habit repeat there.
struct OrgRepeater: Equatable, Sendable {
  /// `+`, `.+` or `++`.
  var type: String
  var count: Int
  /// `h`, `d`, `w`, `m` or `y`.
  var unit: Character
  var maxCount: Int?
  var maxUnit: Character?

  /// The repeater as written (`.+2d/4d`).
  var text: String {
    type + "\(count)\(unit)" + (maxCount.map { "/\($0)\(maxUnit ?? "d")" } ?? "")
  }

  /// org-habit's `sr-days`: the interval in whole days (0 for hours, which it refuses).
  var days: Int { Self.days(count, unit) }

  /// org-habit's `dr-days`, when there is a `/max`.
  var maxDays: Int? { maxCount.map { Self.days($0, maxUnit ?? "d") } }

  static func days(_ count: Int, _ unit: Character) -> Int {
    switch unit {
    case "d": return count
    case "w": return count * 7
    // floor(count * 30.4) and floor(count * 365.25) without floating point.
    case "m": return count * 304 / 10
    case "y": return count * 36525 / 100
    default: return 0
    }
  }

  /// The first repeater in a timestamp's text (after its date): `[.+]?\+[0-9]+[hdwmy](/[0-9]+[hdwmy])?`.
  static func find(in text: Substring) -> OrgRepeater? {
    let chars = Array(text)
    var i = 0
    while i < chars.count {
      if chars[i] == "+" {
        var type = "+"
        if i > 0, chars[i - 1] == "." || chars[i - 1] == "+" { type = String(chars[i - 1]) + "+" }
        var j = i + 1
        var digits = 0
        var count = 0
        while j < chars.count, let d = chars[j].wholeNumberValue, chars[j].isASCII {
          if count < 1_000_000 { count = count * 10 + d }
          digits += 1
          j += 1
        }
        if digits > 0, j < chars.count, "hdwmy".contains(chars[j]) {
          var repeater = OrgRepeater(type: type, count: count, unit: chars[j])
          var k = j + 1
          if k < chars.count, chars[k] == "/" {
            k += 1
            var maxDigits = 0, maxCount = 0
            while k < chars.count, let d = chars[k].wholeNumberValue, chars[k].isASCII {
              if maxCount < 1_000_000 { maxCount = maxCount * 10 + d }
              maxDigits += 1
              k += 1
            }
            if maxDigits > 0, k < chars.count, "hdwmy".contains(chars[k]) {
              repeater.maxCount = maxCount
              repeater.maxUnit = chars[k]
            }
          }
          return repeater
        }
        i = j
        continue
      }
      i += 1
    }
    return nil
  }

  /// What the model can plan from this repeater on a habit scheduled on `scheduled`: every
  /// day, or the scheduled day's weekday for whole weeks; a frequency "1 in `days`" when the
  /// interval is more than a day (or a week for a weekday); whether anything (a longer
  /// interval, a `/max`) is beyond a weekday schedule (`lossy-frequency`).
  func plan(scheduled: LocalDate) -> (schedule: [Weekday], frequency: TrackerFrequency?, lossy: Bool) {
    let weekly = unit == "w"
    let schedule = weekly ? [scheduled.weekday] : Weekday.allCases
    let base = weekly ? 7 : 1
    let frequency = days > base ? TrackerFrequency(times: 1, days: days) : nil
    return (schedule, frequency, frequency != nil || maxCount != nil)
  }
}
