/// A measurable habit's goal: an amount to reach (at least) or not to pass (at most), in a
/// unit, per day or over a longer ``Period`` (Loop's "20 km a week", "at most 12 a month").
/// Loop's numerical habits, Table Habit's daily goals, Habo's numeric habits.
///
/// The amount done on a day is a record's (or an entry's) `amount`, whatever the period. A day's
/// amount is a record (a completion) when ``isMet(by:)`` says so, else an entry: for a goal per
/// day when it meets the goal; for a longer period, when it is a part of it (above 0 for an
/// at-least goal) — whether the period's goal is met is decided from the sum of its days
/// (``coveredDays(amounts:done:anchor:)``, docs/statistics.md).
public struct TrackerGoal: Hashable, Sendable {
  /// Whether the goal is a floor or a ceiling.
  public enum Direction: String, CaseIterable, Hashable, Sendable {
    /// Done when the amount is the target or more (walk 5 km).
    case atLeast
    /// Done when the amount is the target or less (at most 2 coffees).
    case atMost
  }

  /// What the target is for: one day, or the sum of a calendar week (Monday to Sunday), a
  /// calendar month, or a block of `n` days counted from the habit's first day (its
  /// `createdOn`, else its first marked day).
  public enum Period: Hashable, Sendable {
    /// Each day on its own: the default, and all that format version 2 says.
    case day
    /// A calendar week, Monday to Sunday (the Tracker app's week).
    case week
    /// A calendar month.
    case month
    /// `n` days; `.days(1)` is read and written as ``day``. Kept as written (rule
    /// `goal-invalid` reports `n` below 1).
    case days(Int)

    /// The form the canonical formats write: `day`, `week`, `month`, or `<n>d` (`10d`).
    public var text: String {
      switch self {
      case .day: "day"
      case .week: "week"
      case .month: "month"
      case .days(let n): n == 1 ? "day" : "\(n)d"
      }
    }

    /// A period from its ``text`` (`day`, `week`, `month`, `<n>d` with `n` a whole number of
    /// at most nine digits, no leading zero; `0d` and `-3d` too, which ``text`` writes for a
    /// period rule `goal-invalid` reports); `nil` for anything else. `1d` is ``day``.
    public init?(text: String) {
      switch text {
      case "day": self = .day
      case "week": self = .week
      case "month": self = .month
      default:
        var digits = text.utf8.dropLast()
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard text.utf8.last == UInt8(ascii: "d"), !digits.isEmpty, digits.count <= 9,
              digits.first != UInt8(ascii: "0") || digits.count == 1,
              digits.allSatisfy({ (0x30...0x39).contains($0) }), let magnitude = Int(String(decoding: digits, as: UTF8.self))
        else { return nil }
        let n = negative ? -magnitude : magnitude
        self = n == 1 ? .day : .days(n)
      }
    }

    /// How messages say it after a target: ` a week`, ` a month`, ` in 10 days`; empty for a day.
    public var phrase: String {
      switch self {
      case .day: ""
      case .week: " a week"
      case .month: " a month"
      case .days(let n): n == 1 ? "" : " in \(n) days"
      }
    }

    /// Whether the target is for one day (``day`` or `.days(1)`).
    public var isDay: Bool {
      switch self {
      case .day: true
      case .days(let n): n == 1
      default: false
      }
    }

    /// The period's length in days as Loop stores it (its `freqDen`): 1, 7, 30 for a month, `n`.
    public var nominalDays: Int {
      switch self {
      case .day: 1
      case .week: 7
      case .month: 30
      case .days(let n): n
      }
    }

    /// The period as Loop's `freqDen` says it: 1 a day, 7 a week, 30 a month (what its edit screen writes), any
    /// other `n` that many days.
    public init(nominalDays n: Int) {
      switch n {
      case 1: self = .day
      case 7: self = .week
      case 30: self = .month
      default: self = .days(n)
      }
    }
  }

  /// The amount to reach or not to pass in one ``period``; kept as written (rule
  /// `goal-invalid` reports an at-least target of 0 or less, an at-most target below 0, and one
  /// that is not finite).
  public var target: Double
  /// A floor or a ceiling.
  public var direction: Direction
  /// What the amount counts (`km`, `pages`); `nil` when the source names none.
  public var unit: String?
  /// What the target is for; ``Period/day`` unless the source says otherwise. A period other
  /// than a day needs format version 3 (docs/json-format.md).
  public var period: Period

  /// Takes the values as given.
  public init(target: Double, direction: Direction = .atLeast, unit: String? = nil, period: Period = .day) {
    self.target = target
    self.direction = direction
    self.unit = unit
    self.period = period
  }

  /// The same goal for one day: what an app whose goals are per day (Table Habit, Habo) reads
  /// back when a goal per week or month is written to it (its `dropped-field` names the period).
  public var perDay: TrackerGoal {
    var goal = self
    goal.period = .day
    return goal
  }

  /// Whether `amount` done on a day makes the day a completion (a record rather than an
  /// entry). Per day, Loop's rule: at least the target, or at most it. Over a longer period a
  /// day is a part of the sum: any amount above 0 for an at-least goal, any amount not above
  /// the target for an at-most one (a day above it breaks the period on its own).
  public func isMet(by amount: Double) -> Bool {
    switch direction {
    case .atLeast: period.isDay ? amount >= target : amount > 0
    case .atMost: amount <= target
    }
  }
}

/// How often a habit is meant to be done when that is not a set of weekdays: `times` in every
/// `days` days (Loop's 3 times in 7 days, Habitica's every 2 days, beaverhabits' period).
///
/// Kept beside the weekday ``Tracker/schedule``, which stays what the app plans with (the
/// validator and the statistics use the schedule); a format that has frequencies writes this
/// one back.
public struct TrackerFrequency: Hashable, Sendable {
  /// How many times in the period; kept as written (rule `frequency-invalid`).
  public var times: Int
  /// The period, in days; kept as written.
  public var days: Int

  /// `times` in every `days` days.
  public init(times: Int, days: Int) {
    self.times = times
    self.days = days
  }
}

/// A reminder: a time of day, on some weekdays or on every day the habit is planned.
public struct TrackerReminder: Hashable, Sendable {
  /// `HH:MM`, 24-hour, local wall-clock time; kept as written (rule `reminder-time-invalid`).
  public var time: String
  /// The weekdays it rings on; `nil` for every day the habit is planned.
  public var days: [Weekday]?

  /// A reminder at `time` (`HH:MM`) on `days` (`nil`: every planned day).
  public init(time: String, days: [Weekday]? = nil) {
    self.time = time
    self.days = days
  }
}
