import TrackerModel

/// A Loop frequency, "numerator times every denominator days", and its link to a schedule.
struct LoopFrequency: Hashable, Sendable {
  /// Times per period.
  var numerator: Int
  /// The period in days (7 a week, 30 or 31 a month).
  var denominator: Int

  /// Every day: 1/1.
  static let daily = LoopFrequency(numerator: 1, denominator: 1)

  /// Whether Loop would plan the habit every day (7 per week, 3 per 3 days).
  var isEveryDay: Bool { numerator > 0 && denominator > 0 && numerator >= denominator }

  /// How Loop's edit screen says it.
  var text: String {
    if isEveryDay { return "every day" }
    if numerator == 1 { return "every \(denominator) days" }
    switch denominator {
    case 7: return "\(numerator) times per week"
    case 30, 31: return "\(numerator) times per month"
    default: return "\(numerator) times in \(denominator) days"
    }
  }

  /// The weekdays this frequency plans, given the reminder days (a ``LoopWeekdays`` mask):
  /// every day for a daily frequency, the reminder days for "k per week" with exactly k of
  /// them, else every day with the part the schedule cannot say as `lost`.
  func schedule(reminderDays: Int?) -> (schedule: [Weekday], lost: String?) {
    if isEveryDay { return (Weekday.allCases, nil) }
    if denominator == 7, numerator > 0, let mask = reminderDays {
      let days = LoopWeekdays.days(mask)
      if days.count == numerator { return (days, nil) }
    }
    return (Weekday.allCases, text)
  }

  /// The frequency and reminder days that give back `schedule`: every day as 1/1 (all days),
  /// k weekdays as k/7 with those days.
  static func from(schedule: some Collection<Weekday>) -> (frequency: LoopFrequency, reminderDays: Int) {
    let days = Set(schedule)
    if days.count == 7 || days.isEmpty { return (.daily, LoopWeekdays.all) }
    return (LoopFrequency(numerator: days.count, denominator: 7), LoopWeekdays.mask(days))
  }
}

extension LoopFrequency {
  /// The model's frequency of a yes/no habit: `nil` when the weekday schedule says it all
  /// (1/1 is every day; k/7 with exactly k reminder days is those weekdays), else
  /// "numerator times in denominator days", kept beside the schedule.
  func modelFrequency(reminderDays: Int?) -> TrackerFrequency? {
    if numerator == 1 && denominator == 1 { return nil }
    if denominator == 7, numerator > 0, let mask = reminderDays, LoopWeekdays.days(mask).count == numerator { return nil }
    return TrackerFrequency(times: numerator, days: denominator)
  }

  /// The model's frequency as Loop stores it; `nil` when a number does not fit Loop's 32-bit
  /// columns.
  init?(_ frequency: TrackerFrequency) {
    guard Int32(exactly: frequency.times) != nil, Int32(exactly: frequency.days) != nil else { return nil }
    self.init(numerator: frequency.times, denominator: frequency.days)
  }

  /// The reminder-days mask that plans `schedule` with this frequency: for "k times per week"
  /// and a schedule of k weekdays (not every day), those days; `nil` otherwise.
  func scheduleMask(for schedule: Set<Weekday>) -> Int? {
    guard denominator == 7, numerator > 0, numerator < 7, schedule.count == numerator else { return nil }
    return LoopWeekdays.mask(schedule)
  }

  /// Whether reading this frequency with `reminderDays` back plans exactly `schedule`.
  func plans(_ schedule: Set<Weekday>, reminderDays: Int?) -> Bool {
    Set(self.schedule(reminderDays: reminderDays).schedule) == schedule
  }
}

/// Loop's weekday bit mask (`WeekdayList.kt`): Saturday is bit 0, Sunday bit 1, Monday bit 2,
/// ... Friday bit 6; 127 is every day.
enum LoopWeekdays {
  /// Every day.
  static let all = 127

  /// The bit of a weekday.
  static func bit(_ day: Weekday) -> Int { 1 << ((day.index + 2) % 7) }

  /// The days of a mask, Monday first (bits above Friday's are not days).
  static func days(_ mask: Int) -> [Weekday] { Weekday.allCases.filter { mask & bit($0) != 0 } }

  /// Every day, as a set.
  static let every = Set(Weekday.allCases)

  /// The mask of some days.
  static func mask(_ days: some Sequence<Weekday>) -> Int { days.reduce(0) { $0 | bit($1) } }
}
