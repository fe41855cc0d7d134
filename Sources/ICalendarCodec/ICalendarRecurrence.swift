import TrackerModel

/// The part of an `RRULE` a habit can hold, and what it had to leave out.
struct ICalendarRecurrence {
  /// The weekdays the nearest habit is planned on.
  var days: [Weekday]
  /// One phrase per rule part a habit cannot express (`INTERVAL=2`, `COUNT=10`).
  var losses: [String]

  static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  /// The two-letter RFC 5545 code of a weekday.
  static func code(_ day: Weekday) -> String { codes[day.index] }

  /// Reads `rule`; `start` gives the weekday when the rule names none. A rule of our own
  /// (`ours`) loses nothing by its `UNTIL`, which TrackerPort writes for the `until` option and
  /// for an archived habit whose `X-TRACKPORT-*` properties say the rest.
  ///
  /// - Returns: `nil` with a reason when the rule cannot be read at all (no or unknown FREQ,
  ///   a part that is not NAME=VALUE, a bad BYDAY or INTERVAL).
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
          losses.append("BYDAY=\(item) (every \(letters) kept)")
        }
        let day = Weekday(index: index)
        if !days.contains(day) { days.append(day) }
      }
    }
    switch freq {
    case "DAILY":
      if days.isEmpty { days = Weekday.allCases }
    case "WEEKLY":
      if days.isEmpty { days = [start.weekday] }
    case "MONTHLY", "YEARLY", "HOURLY", "MINUTELY", "SECONDLY":
      losses.append("FREQ=\(freq) (kept as weekly on \(days.isEmpty ? code(start.weekday) : days.map(code).joined(separator: ",")))")
      if days.isEmpty { days = [start.weekday] }
    default:
      return .failure(RuleFailure(reason: "unknown FREQ \"\(freq)\""))
    }
    if let interval = parts["INTERVAL"] {
      guard let n = Int(interval), n >= 1 else { return .failure(RuleFailure(reason: "INTERVAL \"\(interval)\" is not a positive number")) }
      if n > 1 { losses.append("INTERVAL=\(n) (kept as every week)") }
    }
    for key in ["COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYSETPOS", "BYHOUR", "BYMINUTE", "BYSECOND"] {
      if let value = parts[key], !(ours && key == "UNTIL") { losses.append("\(key)=\(value) (dropped)") }
    }
    return .success(ICalendarRecurrence(days: days.sorted(), losses: losses))
  }
}

/// Why an `RRULE` could not be read.
struct RuleFailure: Error {
  var reason: String
}
