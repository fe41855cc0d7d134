extension TrackerFrequency {
  /// Whether the frequency lets days without a record count as done: `times` at least 1 and
  /// fewer than `days` ("3 times in 7 days"). Once a day (`1` in `1`), `k` in `k` days and an
  /// invalid frequency (rule `frequency-invalid`) need a record on every planned day.
  public var coversDays: Bool { times >= 1 && times < days }

  /// The days without a record that the frequency counts as done, given the days that have one:
  /// Loop's rule for a yes/no habit (its `YES_AUTO` days), so "3 times a week" done 3 times in a
  /// week is done on all 7 days.
  ///
  /// Every run of `times` consecutive done days (by date) that fits in `days` days opens a
  /// window of `days` days starting on its first done day; an older window that overlaps the
  /// next one moves back by the overlap, but never so far that its run's last done day leaves
  /// it. A period of 30 or 31 days is a month: the length of the month of the window's first
  /// day (of the next month when that day is a month's last). The days of every window that
  /// have no record are returned, up to ``TrackerGoal/coverageMargin`` days around the done
  /// days. Empty when ``coversDays`` is false.
  ///
  /// Loop 2.x, `uhabits-core/.../models/EntryList.kt`: `buildIntervals`, `snapIntervalsTogether`
  /// and `buildEntriesFromInterval` (docs/statistics.md cites the lines).
  public func coveredDays(done: DaySet) -> DaySet {
    guard coversDays, done.count >= times else { return DaySet(dayNumbers: []) }
    // Newest first, as Loop walks them.
    let newest = done.map(\.dayNumber).reversed() as [Int]
    var windows: [(begin: Int, center: Int, end: Int)] = []
    for i in (times - 1)..<newest.count {
      let begin = newest[i]
      let center = newest[i - times + 1]
      var size = days
      if days == 30 || days == 31 {
        let first = LocalDate(dayNumber: begin)
        let (year, month, day) = first.components
        let length = LocalDate.daysIn(month: month, year: year)
        if day == length {
          size = month == 12 ? 31 : LocalDate.daysIn(month: month + 1, year: year)
        } else {
          size = length
        }
      }
      if center - begin < size { windows.append((begin, center, begin + size - 1)) }
    }
    // An older window overlapping the newer one before it moves back, keeping its run's end.
    for i in windows.indices.dropFirst() {
      let current = windows[i]
      let overlap = current.end - windows[i - 1].begin
      if overlap >= 0 {
        let shift = min(current.end - current.center, overlap + 1)
        windows[i] = (current.begin - shift, current.center, current.end - shift)
      }
    }
    // One sweep over the windows by their first day and the done days in order: each covered
    // day is visited once, however much the windows overlap.
    windows.sort { $0.begin < $1.begin }
    let ascending = Array(newest.reversed())
    // Nothing counts days far from the data: a window of "1 in 999999999 days" must not make
    // a billion of them (``TrackerGoal/coverageMargin``, as for goals).
    let lowest = ascending[0] - TrackerGoal.coverageMargin, highest = ascending[ascending.count - 1] + TrackerGoal.coverageMargin
    var next = 0
    var reached = Int.min
    var covered: [Int] = []
    for window in windows where window.end > reached {
      let from = max(window.begin, reached == Int.min ? window.begin : reached + 1, lowest), to = min(window.end, highest)
      reached = window.end
      guard from <= to else { continue }
      for n in from...to {
        while next < ascending.count && ascending[next] < n { next += 1 }
        if next == ascending.count || ascending[next] != n { covered.append(n) }
      }
    }
    return DaySet(dayNumbers: covered)
  }
}

extension Tracker {
  /// The days one completion period spans: a habit's goal period when it is longer than a day
  /// (a week 7, a month 30, `n` days), a yes/no habit's frequency period when it
  /// ``TrackerFrequency/coversDays`` ("3 times in 7 days": 7), else 1 (a day). Days in the
  /// period still in progress are not missed yet (``pendingStart(horizon:anchor:)``,
  /// docs/statistics.md).
  public var completionPeriod: Int {
    guard kind == .habit else { return 1 }
    if let goal { return goal.period.isDay ? 1 : goal.period.nominalDays }
    guard let frequency, frequency.coversDays else { return 1 }
    return frequency.days
  }

  /// The first day of the completion period still in progress at `horizon` (a day number):
  /// its days not done yet are pending, not missed. The start of the horizon's week, month or
  /// block of `n` days (counted from `anchor`, ``DatasetIndex/goalAnchors``) for a goal over a
  /// longer period; the last ``completionPeriod`` days up to the horizon otherwise (the
  /// horizon alone for a period of one day).
  public func pendingStart(horizon: LocalDate, anchor: Int) -> Int {
    if kind == .habit, let goal, !goal.period.isDay {
      return goal.period.bounds(of: horizon.dayNumber, anchor: anchor).lowerBound
    }
    return horizon.dayNumber - completionPeriod + 1
  }
}
