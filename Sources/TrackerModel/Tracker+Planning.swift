extension Tracker {
  /// Whether the tracker's schedule plans it on `day`, given its earliest record; the archive
  /// is not looked at (see ``isPlanned(on:firstCompletion:lastMarked:)``).
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

  /// Whether the tracker is planned on `day` (shown on that day's agenda and counted by the
  /// statistics), given its earliest record and its latest record or entry day.
  ///
  /// As ``isPlanned(on:firstCompletion:)``, and an archived tracker is planned only up to
  /// `lastMarked`, the last day its history says anything about: the model has no archive date,
  /// and the source app stopped planning it some time after that. An archived tracker with no
  /// record and no entry is never planned. A skipped day is left out by
  /// ``DatasetIndex/isPlanned(_:at:on:)``, which knows the entries.
  ///
  /// A tracker whose data ends (``dataEndsOn``: a newer source no longer has it) is planned only
  /// up to that day.
  public func isPlanned(on day: LocalDate, firstCompletion: LocalDate?, lastMarked: LocalDate?) -> Bool {
    isPlanned(on: day, firstCompletion: firstCompletion, lastMarked: lastMarked, dataEnd: dataEndsOn)
  }

  /// As ``isPlanned(on:firstCompletion:lastMarked:)``, with ``dataEndsOn`` read once by the
  /// caller (``DatasetIndex/dataEnds``), for loops over many days.
  public func isPlanned(on day: LocalDate, firstCompletion: LocalDate?, lastMarked: LocalDate?, dataEnd: LocalDate?) -> Bool {
    if archived {
      guard let lastMarked, day <= lastMarked else { return false }
    }
    if let dataEnd, day > dataEnd { return false }
    return isPlanned(on: day, firstCompletion: firstCompletion)
  }
}
