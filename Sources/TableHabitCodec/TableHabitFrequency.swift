import TrackerModel

/// A Table Habit frequency (`freq_type` and the JSON array in the string `freq_custom`,
/// `lib/models/habit_freq.dart:25-29, 66-100`): `n` times per week (1, `[n]`), per month (2,
/// `[n]`), or `n` times in every `d` days (3, `[n, d]`); every day is `3` with `[1,1]`.
struct TableHabitFrequency: Hashable {
  /// HabitFrequencyType: 0 unknown, 1 weekly, 2 monthly, 3 custom (`lib/models/habit_form.dart:100-105`).
  var type: Int
  /// The arguments: `[n]` or `[n, d]`.
  var args: [Int]

  /// Every day, as Table Habit's editor writes it.
  static let daily = TableHabitFrequency(type: 3, args: [1, 1])

  /// `freq_custom` as the app writes it (`jsonEncode` of the list: `[3]`, `[1,1]`).
  var customText: String { "[" + args.map(String.init).joined(separator: ",") + "]" }

  /// The model's plan: every day, and "times in days" unless it is every day as `[1,1]`;
  /// `lost` says the frequency in words when it is not every day (a `lossy-frequency`).
  var model: (frequency: TrackerFrequency?, lost: String?) {
    let times: Int, days: Int
    switch type {
    case 1 where args.count == 1: (times, days) = (args[0], 7)
    case 2 where args.count == 1: (times, days) = (args[0], 30)
    case 3 where args.count == 2: (times, days) = (args[0], args[1])
    default: return (nil, nil)
    }
    if type == 3, times == 1, days == 1 { return (nil, nil) }
    let frequency = TrackerFrequency(times: times, days: days)
    if times >= days, times > 0 { return (frequency, nil) }
    switch type {
    case 1: return (frequency, "\(times) time(s) per week")
    case 2: return (frequency, "\(times) time(s) per month")
    default: return (frequency, "\(times) time(s) in every \(days) days")
    }
  }

  /// The frequency that plans the model's `schedule` and `frequency`: the frequency itself
  /// (7 days a week, 30 or 31 a month, else every `d` days), else every day for a schedule of
  /// every day, else `k` times per week for `k` weekdays, which loses the weekdays.
  init(schedule: [Weekday]?, frequency: TrackerFrequency?) {
    if let frequency {
      switch frequency.days {
      case 7: self.init(type: 1, args: [frequency.times])
      case 30, 31: self.init(type: 2, args: [frequency.times])
      default: self.init(type: 3, args: [frequency.times, frequency.days])
      }
      return
    }
    let days = Set(schedule ?? [])
    if days.isEmpty || days.count == 7 {
      self = .daily
    } else {
      self.init(type: 1, args: [days.count])
    }
  }

  init(type: Int, args: [Int]) {
    self.type = type
    self.args = args
  }

  /// Whether reading this frequency back gives `tracker`'s plan: every day in the weekday
  /// order, and its frequency.
  func plans(_ tracker: Tracker) -> Bool {
    tracker.schedule == Weekday.allCases && model.frequency == tracker.frequency
  }
}
