import TrackerModel

/// A daily's repetition as the model plans it (habitica.md §2.3, Habitica's `shouldDo`).
///
/// Exact: weekly every 1 week → the checked weekdays; daily every 1 day → every day. Anything
/// else is `lost` (in words): every X days from the start date → every day with the frequency
/// "1 in X days"; weekly every X weeks → the checked weekdays (every day when none) with "k in
/// 7·X days"; monthly, yearly and never-due dailies → every day, no frequency. The original
/// always stays in `extras["habitica"].repeat`.
struct HabiticaSchedule {
  var schedule: [Weekday]
  var frequency: TrackerFrequency?
  /// What the schedule does not say, or `nil` when it is exact.
  var lost: String?

  /// Habitica's weekday keys in the model's order, Monday first.
  static let keys: [(key: String, day: Weekday)] = [
    ("m", .mon), ("t", .tue), ("w", .wed), ("th", .thu), ("f", .fri), ("s", .sat), ("su", .sun),
  ]

  /// The checked weekdays; an absent key is checked (Habitica's default `repeat` is every day).
  static func weekdays(_ repeatDays: [String: Bool]) -> [Weekday] {
    keys.filter { repeatDays[$0.key] ?? true }.map(\.day)
  }

  static func of(_ task: HabiticaTask) -> HabiticaSchedule {
    let frequency = task.frequency ?? "weekly"
    let every = task.everyX ?? 1
    let days = weekdays(task.repeatDays)
    let all = Weekday.allCases
    let dayNames = days.map(\.shortEnglishName).joined(separator: ", ")
    if every < 1 {
      return HabiticaSchedule(schedule: all, lost: "never due (repeats every \(every) \(unit(frequency)))")
    }
    switch frequency {
    case "daily":
      if every == 1 { return HabiticaSchedule(schedule: all) }
      return HabiticaSchedule(schedule: all, frequency: TrackerFrequency(times: 1, days: every),
                              lost: "every \(every) days from its start date")
    case "weekly":
      if days.isEmpty { return HabiticaSchedule(schedule: all, lost: "never due (weekly, no weekday checked)") }
      if every == 1 { return HabiticaSchedule(schedule: days) }
      return HabiticaSchedule(schedule: days, frequency: TrackerFrequency(times: days.count, days: 7 * every),
                              lost: "on \(dayNames) every \(every) weeks (7-day blocks from its start date)")
    case "monthly":
      let period = every == 1 ? "every month" : "every \(every) months"
      if !task.weeksOfMonth.isEmpty {
        let weeks = task.weeksOfMonth.map { ordinal($0 + 1) }.joined(separator: ", ")
        return HabiticaSchedule(schedule: days.isEmpty ? all : days,
                                lost: "on the \(weeks) \(days.isEmpty ? "week" : dayNames) of \(period)")
      }
      let dates = task.daysOfMonth.map(String.init).joined(separator: ", ")
      return HabiticaSchedule(schedule: all, lost: dates.isEmpty ? "monthly with no day chosen (never due)" : "on day \(dates) of \(period)")
    case "yearly":
      return HabiticaSchedule(schedule: all, lost: every == 1 ? "once a year" : "every \(every) years")
    default:
      return HabiticaSchedule(schedule: all, lost: "with the unknown frequency \"\(frequency)\"")
    }
  }

  private static func unit(_ frequency: String) -> String {
    switch frequency {
    case "daily": "days"
    case "weekly": "weeks"
    case "monthly": "months"
    case "yearly": "years"
    default: frequency
    }
  }

  private static func ordinal(_ n: Int) -> String {
    switch n {
    case 1: "1st"
    case 2: "2nd"
    case 3: "3rd"
    default: "\(n)th"
    }
  }

  /// `extras["habitica"].repeat`: the daily's repetition as written.
  static func extras(_ task: HabiticaTask) -> JSONValue {
    var members = [JSONMember("frequency", .string(task.frequency ?? "weekly")),
                   JSONMember("everyX", .number(String(task.everyX ?? 1)))]
    members.append(JSONMember("repeat", .object(keys.map { JSONMember($0.key, .bool(task.repeatDays[$0.key] ?? true)) })))
    if !task.daysOfMonth.isEmpty { members.append(JSONMember("daysOfMonth", .array(task.daysOfMonth.map { .number(String($0)) }))) }
    if !task.weeksOfMonth.isEmpty { members.append(JSONMember("weeksOfMonth", .array(task.weeksOfMonth.map { .number(String($0)) }))) }
    if let start = task.startDateText { members.append(JSONMember("startDate", .string(start))) }
    return .object(members)
  }
}
