import TrackerModel

/// One of a habit's `intervals`: the goal in force from `startDate` until `endDate` (open when
/// `null`). A habit's goal can change over time, so each completion is judged by the interval in
/// force on its day; the model's goal and frequency are those of the last one.
///
/// `type` `none` or `day` is a goal per day (`requiredNumberOfCompletionsPerDay`, 1 for a
/// yes/no habit); `week` and `month` a number of completions in the calendar period
/// (`requiredNumberOfCompletions`), each day counting up to its per-day number.
struct HabitKitInterval: Hashable {
  /// The period types the descriptions name.
  static let types: Set<String> = ["none", "day", "week", "month"]

  var type: String
  var required: Int?
  var perDay: Int
  /// The first day it is in force, in the habit's zone.
  var start: LocalDate?
  /// The day it ends (exclusive), `nil` when open.
  var end: LocalDate?

  /// Whether it is in force on `day`.
  func covers(_ day: LocalDate) -> Bool {
    (start.map { $0 <= day } ?? true) && (end.map { day < $0 } ?? true)
  }

  /// The model's plan: a per-day goal above 1, or N a week or a month (a frequency for a
  /// yes/no habit, whose day counts once; a goal over the period when a day can count more).
  var model: (goal: TrackerGoal?, frequency: TrackerFrequency?) {
    switch type {
    case "week", "month":
      let n = max(required ?? 1, 1)
      if perDay <= 1 { return (nil, TrackerFrequency(times: n, days: type == "week" ? 7 : 30)) }
      return (TrackerGoal(target: Double(n), period: type == "week" ? .week : .month), nil)
    default:
      let target = type == "day" && perDay <= 1 ? max(required ?? 1, 1) : perDay
      return (target > 1 ? TrackerGoal(target: Double(target)) : nil, nil)
    }
  }

  /// Whether `amount` completions on a day in force make it a completed day (HabitKit: the
  /// day's number reached; over a week or month, any completion counts toward it).
  func completes(_ amount: Int) -> Bool {
    switch type {
    case "week", "month": amount > 0
    default: amount >= max(type == "day" && perDay <= 1 ? (required ?? 1) : perDay, 1)
    }
  }

  /// The interval that writes the model's `goal` and `frequency`, and what it cannot say
  /// (an at-most goal is written as an inverse habit by the writer, not here).
  init(goal: TrackerGoal?, frequency: TrackerFrequency?, start: LocalDate?) {
    self.start = start
    self.end = nil
    if let goal, goal.direction == .atLeast {
      let target = max(Int(goal.target.rounded(.up).clamped(to: 1...1_000_000)), 1)
      switch goal.period {
      // A day may count up to the whole target (Loop's "20 km a week" run in one go); at
      // least 2, which is what tells a goal over the period from a yes/no frequency.
      case .week: (type, required, perDay) = ("week", target, max(target, 2))
      case .month: (type, required, perDay) = ("month", target, max(target, 2))
      default: (type, required, perDay) = ("none", nil, target)
      }
      return
    }
    if let frequency, frequency.times > 0, frequency.times < frequency.days {
      switch frequency.days {
      case 7: (type, required, perDay) = ("week", frequency.times, 1)
      case 30, 31: (type, required, perDay) = ("month", frequency.times, 1)
      default: (type, required, perDay) = ("none", nil, 1)
      }
      return
    }
    (type, required, perDay) = ("none", nil, 1)
  }

  init(type: String, required: Int?, perDay: Int, start: LocalDate?, end: LocalDate?) {
    self.type = type
    self.required = required
    self.perDay = perDay
    self.start = start
    self.end = end
  }
}

extension Double {
  func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
