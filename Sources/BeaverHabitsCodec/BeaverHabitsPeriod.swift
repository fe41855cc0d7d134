import TrackerModel

/// A beaverhabits `period`: `target_count` times in every `period_count` days, weeks, months or
/// years (`storage/storage.py:45-68` at daya0576/beaverhabits 61a6dc4), and its link to the
/// model's weekday schedule and frequency.
///
/// The app plans a habit with no period (or `1/1D`) every day (`storage.py:99`). Any other
/// period is "N per period": the model plans such a habit every day and keeps the period as
/// its frequency, in days (a month is 30, a year 365; the exact period is kept in extras).
struct BeaverHabitsPeriod: Hashable, Sendable {
  /// `period_type`, as the app's enum spells it.
  enum Unit: String, CaseIterable, Sendable {
    case day = "D", week = "W", month = "M", year = "Y"

    /// The days the model's frequency counts a unit as.
    var days: Int {
      switch self {
      case .day: 1
      case .week: 7
      case .month: 30
      case .year: 365
      }
    }
  }

  var unit: Unit
  /// `period_count`: how many units one period spans.
  var count: Int
  /// `target_count`: how many completions the period asks for.
  var target: Int

  /// Every day: as many completions as the period has days (a month counted as 30, a year as
  /// 365, as the model's frequency counts them, which then never asks more times than days).
  var isEveryDay: Bool {
    count >= 1 && target >= 1 && target >= count * unit.days
  }

  /// The model's frequency of this period: `nil` when it is every day (the schedule says it
  /// all), else `target` times in `count` units counted in days.
  var frequency: TrackerFrequency? {
    isEveryDay ? nil : TrackerFrequency(times: target, days: count * unit.days)
  }

  /// How the app's habit page says it, for messages.
  var text: String {
    let name: String
    switch unit {
    case .day: name = "day"
    case .week: name = "week"
    case .month: name = "month"
    case .year: name = "year"
    }
    return "\(target) time(s) per \(count == 1 ? name : "\(count) \(name)s")"
  }

  /// The period written for a model frequency: whole weeks as weeks, else days; `nil` for a
  /// frequency the app cannot hold as "N per period" (not at least once in a day or more) or
  /// that would read back as every day.
  init?(_ frequency: TrackerFrequency) {
    guard frequency.times >= 1, frequency.days >= 1, frequency.times < frequency.days else { return nil }
    if frequency.days % 7 == 0 {
      self.init(unit: .week, count: frequency.days / 7, target: frequency.times)
    } else {
      self.init(unit: .day, count: frequency.days, target: frequency.times)
    }
  }

  init(unit: Unit, count: Int, target: Int) {
    self.unit = unit
    self.count = count
    self.target = target
  }

  /// The period as the app stores it: `{"period_type", "period_count", "target_count"}`.
  var json: JSONValue {
    .object([
      JSONMember("period_type", .string(unit.rawValue)),
      JSONMember("period_count", .number(String(count))),
      JSONMember("target_count", .number(String(target))),
    ])
  }
}
