extension TrackerGoal.Period {
  /// The first and last day of the period that holds `day`: the Monday-to-Sunday week, the
  /// calendar month, or the block of `n` days counted from `anchor` (a day number); the day
  /// itself for ``day``.
  public func bounds(of day: Int, anchor: Int) -> ClosedRange<Int> {
    switch self {
    case .day: return day...day
    case .week:
      // 1970-01-01, day 0, was a Thursday: (day + 3) mod 7 is 0 on Mondays.
      let monday = day - ((day + 3) % 7 + 7) % 7
      return monday...(monday + 6)
    case .month:
      let (year, month, date) = LocalDate(dayNumber: day).components
      let first = day - (date - 1)
      return first...(first + LocalDate.daysIn(month: month, year: year) - 1)
    case .days(let n):
      guard n > 1 else { return day...day }
      let offset = day - anchor
      let start = anchor + (offset >= 0 ? offset / n : -((-offset + n - 1) / n)) * n
      return start...(start + n - 1)
    }
  }
}

extension TrackerGoal {
  /// The days without a record that a goal over a longer period counts as done: every day of
  /// a period whose goal the sum of its days' amounts meets — at least the target, or (at
  /// most) not above it with at least one day's amount given, as Loop never counts a day
  /// nobody entered. `amounts` are the habit's days with an amount (day number, amount; one
  /// per day, in any order), `done` its record days, `anchor` the first day of its blocks of
  /// `n` days. Empty for a goal per day, whose records alone are its completions, and for a
  /// target that is not finite.
  ///
  /// So "20 km a week" run 5 + 8 + 7 km in one week is done on all seven days of that week,
  /// and a week of 12 km on the three days run only (docs/statistics.md, "Goals per week or
  /// month").
  ///
  /// A block of more than a year's days is covered only up to ``coverageMargin`` days before the
  /// first and after the last day with an amount: nothing counts days further from the data, and
  /// a file saying `"999999999d"` must not make a billion of them.
  public func coveredDays(amounts: [(day: Int, amount: Double)], done: DaySet, anchor: Int) -> DaySet {
    guard !period.isDay, target.isFinite, !amounts.isEmpty else { return DaySet(dayNumbers: []) }
    var sums: [Int: Double] = [:]
    var ends: [Int: Int] = [:]
    var first = Int.max, last = Int.min
    for (day, amount) in amounts where amount.isFinite {
      let range = period.bounds(of: day, anchor: anchor)
      sums[range.lowerBound, default: 0] += amount
      ends[range.lowerBound] = range.upperBound
      first = min(first, day)
      last = max(last, day)
    }
    guard first <= last else { return DaySet(dayNumbers: []) }
    var covered: [Int] = []
    for (start, sum) in sums where direction == .atLeast ? sum >= target : sum <= target {
      let from = max(start, first - Self.coverageMargin), to = min(ends[start] ?? start, last + Self.coverageMargin)
      guard from <= to else { continue }
      for day in from...to where !done.contains(LocalDate(dayNumber: day)) { covered.append(day) }
    }
    return DaySet(dayNumbers: covered)
  }

  /// How far before its first and after its last amount a habit's met periods cover days: a
  /// year and a day, more than any week or month.
  public static let coverageMargin = 366
}
