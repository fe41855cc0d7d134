/// How many trackers are planned on each day of a range: ``DatasetIndex/isPlanned(_:at:on:)``
/// restated as intervals so the counts take O(trackers + skipped days + days) rather than
/// O(trackers × days).
///
/// The restatement is checked against `isPlanned` day by day on random datasets by the tests;
/// a change to one must change the other.
struct PlannedCounts {
  /// `counts[d]` is the number of trackers planned on `first + d`.
  let counts: [Int32]

  /// - Parameter include: whether tracker `i` takes part (shadowed duplicate ids do not).
  init(trackers: [Tracker], index: DatasetIndex, from first: LocalDate, dayCount: Int,
       include: (Int) -> Bool) {
    var counts = [Int32](repeating: 0, count: dayCount)
    guard dayCount > 0 else { self.counts = counts; return }
    // +1 on a habit's first planned weekday on or after its start (createdOn, or the range's
    // first day), -1 on the first of that weekday after an archived habit's last marked day;
    // read only on days of that weekday, so one array serves all seven.
    var weekly = [Int32](repeating: 0, count: dayCount + 7)
    // +1 where an undated event starts being planned, -1 the day after it stops.
    var spans = [Int32](repeating: 0, count: dayCount + 1)
    let start = first.dayNumber
    let firstWeekday = first.weekday.index
    for (i, tracker) in trackers.enumerated() where include(i) {
      // Offset of createdOn in the range, clamped to 0 (nil: planned from the start).
      let from = max(0, (tracker.createdOn?.dayNumber ?? start) - start)
      // The last offset an archived tracker is planned on (Int.max when not archived).
      var through = Int.max
      if tracker.archived {
        guard let last = index.lastMarked[i] else { continue }
        through = last.dayNumber - start
        guard through >= 0 else { continue }
      }
      // A tracker whose data ends (a newer source no longer has it) is planned up to that day.
      if let end = index.dataEnds[i] {
        through = min(through, end.dayNumber - start)
        guard through >= 0 else { continue }
      }
      switch tracker.kind {
      case .habit:
        guard from < dayCount, from <= through, let schedule = tracker.schedule else { continue }
        var seen: UInt8 = 0  // a weekday written twice is still one planned day
        for weekday in schedule where seen & (1 << weekday.index) == 0 {
          seen |= 1 << weekday.index
          let firstOfWeekday = from + (weekday.index - (firstWeekday + from) % 7 + 7) % 7
          guard firstOfWeekday < dayCount, firstOfWeekday <= through else { continue }
          weekly[firstOfWeekday] += 1
          if through < dayCount {
            // The first day of this weekday after `through`: within a week of it.
            let after = through + 1 + (weekday.index - (firstWeekday + through + 1) % 7 + 7) % 7
            weekly[after] -= 1
          }
        }
      case .event:
        if let date = tracker.date {
          // createdOn does not apply to a dated event.
          let d = date.dayNumber - start
          if d >= 0 && d < dayCount && d <= through { counts[d] += 1 }
        } else {
          var last = min(dayCount - 1, through)
          if let done = index.firstCompletion[i] { last = min(last, done.dayNumber - start) }
          if from <= last {
            spans[from] += 1
            spans[last + 1] -= 1
          }
        }
      }
    }
    var active = [Int32](repeating: 0, count: 7)  // habits planned on each weekday so far
    var open: Int32 = 0
    var weekday = firstWeekday
    for d in 0..<dayCount {
      active[weekday] += weekly[d]
      open += spans[d]
      counts[d] += active[weekday] + open
      weekday = weekday == 6 ? 0 : weekday + 1
    }
    // A skipped day is not planned: take it off where the schedule planned it.
    for (i, tracker) in trackers.enumerated() where !index.skippedDays[i].isEmpty && include(i) {
      for day in index.skippedDays[i] {
        let d = day.dayNumber - start
        guard d >= 0 && d < dayCount, !index.completedDays[i].contains(day),
              tracker.isPlanned(on: day, firstCompletion: index.firstCompletion[i],
                                lastMarked: index.lastMarked[i], dataEnd: index.dataEnds[i]) else { continue }
        counts[d] -= 1
      }
    }
    self.counts = counts
  }
}
