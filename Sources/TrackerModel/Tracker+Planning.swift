extension Tracker {
  /// Whether the tracker is planned on `day` (shown on that day's agenda and counted by the
  /// statistics), given its earliest record.
  ///
  /// - A habit: `day`'s weekday is in its schedule and `day` is not before `createdOn`.
  /// - A dated event: `day` is its date.
  /// - An undated event: not before `createdOn`, and it has no record before `day` — planned
  ///   every day until it is completed, then only on the day it was completed.
  public func isPlanned(on day: LocalDate, firstCompletion: LocalDate?) -> Bool {
    if let createdOn, day < createdOn, !(kind == .event && date != nil) { return false }
    switch kind {
    case .habit:
      return schedule?.contains(day.weekday) ?? false
    case .event:
      if let date { return day == date }
      guard let firstCompletion else { return true }
      return day <= firstCompletion
    }
  }
}
