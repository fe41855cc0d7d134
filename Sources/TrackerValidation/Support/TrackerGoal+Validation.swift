import TrackerModel

extension TrackerGoal {
  /// Why the goal is not one a day can meet and miss (rule `goal-invalid`), or `nil` when it is:
  /// a target that is not a finite number, an at-least goal of 0 or less (met by every day) or
  /// an at-most goal below 0 (met by none), a period of fewer than 1 day. At most 0 is a real
  /// goal ("no cigarettes").
  var problem: String? {
    guard target.isFinite else { return "goal target \(target.amountText) is not a finite number" }
    if case .days(let n) = period, n < 1 { return "goal period of \(n) days is not a period: it must be 1 day or more" }
    switch direction {
    case .atLeast where target <= 0:
      return "goal \"at least \(target.amountText)\" is met by every day: an at-least goal must be above 0"
    case .atMost where target < 0:
      return "goal \"at most \(target.amountText)\" is met by no day: an at-most goal must be 0 or more"
    default:
      return nil
    }
  }

  /// "at least 5.5 km", "at most 2", "at least 20 km a week" for messages.
  var phrase: String {
    (direction == .atLeast ? "at least " : "at most ") + target.amountText + (unit.map { " " + $0 } ?? "")
      + period.phrase
  }
}

extension Tracker {
  /// The tracker's goal when it has a valid one (no ``TrackerGoal/problem``): the goal the
  /// amount rules measure against; an invalid goal is left to `goal-invalid`.
  var validGoal: TrackerGoal? {
    guard let goal, goal.problem == nil else { return nil }
    return goal
  }
}
