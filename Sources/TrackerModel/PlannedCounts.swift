/// How many trackers are planned on each day of a range: ``Tracker/isPlanned(on:firstCompletion:)``
/// restated as intervals so the counts take O(trackers + days) rather than O(trackers × days).
///
/// The restatement is checked against `isPlanned` day by day on random datasets by the tests;
/// a change to one must change the other.
struct PlannedCounts {
  /// `counts[d]` is the number of trackers planned on `first + d`.
  let counts: [Int32]

  /// - Parameter include: whether tracker `i` takes part (shadowed duplicate ids do not).
  init(trackers: [Tracker], firstCompletion: [LocalDate?], from first: LocalDate, dayCount: Int,
       include: (Int) -> Bool) {
    var counts = [Int32](repeating: 0, count: dayCount)
    guard dayCount > 0 else { self.counts = counts; return }
    // +1 on a habit's first planned weekday on or after its start (createdOn, or the range's
    // first day); read only on days of that weekday, so one array serves all seven.
    var weeklyStarts = [Int32](repeating: 0, count: dayCount)
    // +1 where an undated event starts being planned, -1 the day after it stops.
    var spans = [Int32](repeating: 0, count: dayCount + 1)
    let start = first.dayNumber
    let firstWeekday = first.weekday.index
    for (i, tracker) in trackers.enumerated() where include(i) {
      // Offset of createdOn in the range, clamped to 0 (nil: planned from the start).
      let from = max(0, (tracker.createdOn?.dayNumber ?? start) - start)
      switch tracker.kind {
      case .habit:
        guard from < dayCount, let schedule = tracker.schedule else { continue }
        var seen: UInt8 = 0  // a weekday written twice is still one planned day
        for weekday in schedule where seen & (1 << weekday.index) == 0 {
          seen |= 1 << weekday.index
          let firstOfWeekday = from + (weekday.index - (firstWeekday + from) % 7 + 7) % 7
          if firstOfWeekday < dayCount { weeklyStarts[firstOfWeekday] += 1 }
        }
      case .event:
        if let date = tracker.date {
          // createdOn does not apply to a dated event.
          let d = date.dayNumber - start
          if d >= 0 && d < dayCount { counts[d] += 1 }
        } else {
          let through = firstCompletion[i].map { min(dayCount - 1, $0.dayNumber - start) } ?? dayCount - 1
          if from <= through {
            spans[from] += 1
            spans[through + 1] -= 1
          }
        }
      }
    }
    var active = [Int32](repeating: 0, count: 7)  // habits planned on each weekday so far
    var open: Int32 = 0
    var weekday = firstWeekday
    for d in 0..<dayCount {
      active[weekday] += weeklyStarts[d]
      open += spans[d]
      counts[d] += active[weekday] + open
      weekday = weekday == 6 ? 0 : weekday + 1
    }
    self.counts = counts
  }
}
