import TrackerModel

/// The part of an `RRULE` a habit can hold, and what it had to leave out.
///
/// Weekly rules are weekdays; a rule that repeats less often than every week — every n days
/// (`FREQ=DAILY;INTERVAL=3`), every n weeks, monthly (`BYMONTHDAY=5`, `BYDAY=1FR`), yearly —
/// is also a ``TrackerFrequency`` (times in every so many days; a month is 30 days, as Loop and
/// Table Habit count it), so that a format with frequencies says "1 per month".
struct ICalendarRecurrence {
  /// The weekdays the nearest habit is planned on.
  var days: [Weekday]
  /// How often, when that is not every week on ``days``; `nil` for a plain weekly or daily rule.
  var frequency: TrackerFrequency?
  /// One phrase per rule part a habit cannot express (`BYSETPOS=-1`, `COUNT=10`).
  var losses: [String]

  static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  /// The days of a month and of a year as frequencies count them.
  static let monthDays = 30, yearDays = 365

  /// The two-letter RFC 5545 code of a weekday.
  static func code(_ day: Weekday) -> String { codes[day.index] }

  /// Reads `rule`; `start` gives the weekday when the rule names none. A rule of our own
  /// (`ours`) loses nothing by its `UNTIL`, which TrackerPort writes for the `until` option and
  /// for an archived habit whose `X-TRACKPORT-*` properties say the rest.
  ///
  /// - Returns: `nil` with a reason when the rule cannot be read at all (no or unknown FREQ,
  ///   a part that is not NAME=VALUE, a bad BYDAY, BYMONTHDAY or INTERVAL).
  static func parse(_ rule: String, start: LocalDate, ours: Bool = false) -> Result<ICalendarRecurrence, RuleFailure> {
    var parts: [String: String] = [:]
    for piece in rule.split(separator: ";", omittingEmptySubsequences: true).map({ String($0).trimmingSpaces }) where !piece.isEmpty {
      let pair = piece.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, !pair[0].isEmpty else { return .failure(RuleFailure(reason: "rule part \"\(piece)\" is not NAME=VALUE")) }
      parts[pair[0].uppercased()] = String(pair[1]).uppercased()
    }
    guard let freq = parts["FREQ"] else { return .failure(RuleFailure(reason: "RRULE without FREQ")) }
    var losses: [String] = []
    var days: [Weekday] = []
    var numbered: [String] = []
    if let byday = parts["BYDAY"] {
      for item in byday.split(separator: ",") {
        let item = String(item).trimmingSpaces
        let letters = item.suffix(2)
        guard let index = codes.firstIndex(of: String(letters)) else {
          return .failure(RuleFailure(reason: "BYDAY value \"\(item)\" is not a weekday"))
        }
        let prefix = item.dropLast(2)
        if !prefix.isEmpty {
          guard Int(prefix) != nil else { return .failure(RuleFailure(reason: "BYDAY value \"\(item)\" is not a weekday")) }
          numbered.append(item)
        }
        let day = Weekday(index: index)
        if !days.contains(day) { days.append(day) }
      }
    }
    var interval = 1
    if let text = parts["INTERVAL"] {
      guard let n = Int(text), n >= 1 else { return .failure(RuleFailure(reason: "INTERVAL \"\(text)\" is not a positive number")) }
      interval = n
    }
    var dates: [Int] = []
    if let text = parts["BYMONTHDAY"] {
      for item in text.split(separator: ",") {
        guard let n = Int(String(item).trimmingSpaces), n != 0, (-31...31).contains(n) else {
          return .failure(RuleFailure(reason: "BYMONTHDAY value \"\(item)\" is not a day of the month"))
        }
        if !dates.contains(n) { dates.append(n) }
      }
    }
    var consumed: Set<String> = []
    var frequency: TrackerFrequency?
    let weekdays = { (days: [Weekday]) in days.map(code).joined(separator: ",") }
    switch freq {
    case "DAILY":
      if days.isEmpty {
        days = Weekday.allCases
        if interval > 1 { frequency = TrackerFrequency(times: 1, days: interval) }
      } else if interval > 1 {
        losses.append("INTERVAL=\(interval) of the days \(weekdays(days)) (kept as every week on them)")
      }
      if !numbered.isEmpty { losses.append("BYDAY=\(numbered.joined(separator: ",")) (every \(weekdays(days)) kept)") }
    case "WEEKLY":
      if days.isEmpty { days = [start.weekday] }
      if interval > 1 { frequency = TrackerFrequency(times: days.count, days: 7 * interval) }
      if !numbered.isEmpty { losses.append("BYDAY=\(numbered.joined(separator: ",")) (every \(weekdays(days)) kept)") }
    case "MONTHLY":
      consumed.insert("BYMONTHDAY")
      let period = Self.monthDays * interval
      if !dates.isEmpty {
        // The 5th (and the 20th) of the month: so many times a month, planned any day.
        frequency = TrackerFrequency(times: dates.count, days: period)
        if !days.isEmpty { losses.append("BYDAY=\(parts["BYDAY"]!) with BYMONTHDAY (only the days of the month kept)") }
        days = Weekday.allCases
      } else if !numbered.isEmpty {
        // The first Friday: once a month, on Fridays; which Friday is lost.
        frequency = TrackerFrequency(times: numbered.count, days: period)
        losses.append("BYDAY=\(numbered.joined(separator: ",")) (kept as \(numbered.count) time(s) a month on \(weekdays(days)))")
      } else if days.isEmpty {
        // DTSTART's day of the month.
        frequency = TrackerFrequency(times: 1, days: period)
        days = Weekday.allCases
      } else if interval > 1 {
        // Every Monday of every other month.
        losses.append("INTERVAL=\(interval) of a monthly rule on \(weekdays(days)) (kept as every week on them)")
      }
    case "YEARLY":
      consumed.formUnion(["BYMONTH", "BYMONTHDAY"])
      frequency = TrackerFrequency(times: 1, days: yearDays * interval)
      losses.append("FREQ=YEARLY (kept as 1 time in \(yearDays * interval) days, on any day)")
      if days.isEmpty || !dates.isEmpty { days = Weekday.allCases }
    case "HOURLY", "MINUTELY", "SECONDLY":
      losses.append("FREQ=\(freq) (kept as weekly on \(days.isEmpty ? code(start.weekday) : weekdays(days)))")
      if days.isEmpty { days = [start.weekday] }
    default:
      return .failure(RuleFailure(reason: "unknown FREQ \"\(freq)\""))
    }
    for key in ["COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS", "BYHOUR", "BYMINUTE", "BYSECOND"]
      where !consumed.contains(key) {
      if let value = parts[key], !(ours && key == "UNTIL") { losses.append("\(key)=\(value) (dropped)") }
    }
    return .success(ICalendarRecurrence(days: days.sorted(), frequency: frequency, losses: losses))
  }
}

/// Why an `RRULE` could not be read.
struct RuleFailure: Error {
  var reason: String
}
