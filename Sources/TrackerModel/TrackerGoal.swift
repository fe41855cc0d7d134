/// A measurable habit's goal for each day: an amount to reach (at least) or not to pass (at
/// most), in a unit. Loop's numerical habits, Table Habit's daily goals, Habo's numeric habits.
///
/// The amount done on a day is a record's (or an entry's) `amount`. A record is a completion
/// only when its amount meets the goal; a day below it is an ``TrackerEntry`` (docs/json-format.md).
public struct TrackerGoal: Hashable, Sendable {
  /// Whether the goal is a floor or a ceiling.
  public enum Direction: String, CaseIterable, Hashable, Sendable {
    /// Done when the day's amount is the target or more (walk 5 km).
    case atLeast
    /// Done when the day's amount is the target or less (at most 2 coffees).
    case atMost
  }

  /// The amount to reach or not to pass, per day; kept as written (rule `goal-invalid` reports
  /// an at-least target of 0 or less, an at-most target below 0, and one that is not finite).
  public var target: Double
  /// A floor or a ceiling.
  public var direction: Direction
  /// What the amount counts (`km`, `pages`); `nil` when the source names none.
  public var unit: String?

  /// Takes the values as given.
  public init(target: Double, direction: Direction = .atLeast, unit: String? = nil) {
    self.target = target
    self.direction = direction
    self.unit = unit
  }

  /// Whether `amount` done on a day meets the goal (Loop's rule): at least the target, or at
  /// most it.
  public func isMet(by amount: Double) -> Bool {
    switch direction {
    case .atLeast: amount >= target
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
