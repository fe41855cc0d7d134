import Testing
@testable import TrackerModel

/// Goals per week, month or n days (docs/statistics.md, "Goals per week or month"), worked out
/// by hand: which periods a day belongs to, which are met, and the worked example's numbers.
@Suite struct GoalPeriodTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
  static func n(_ text: String) -> Int { day(text).dayNumber }

  /// The worked example of docs/statistics.md: «Бег», at least 20 km a week, 5 + 8 + 7 km in
  /// the week of 5 January 2026 and 6 + 6 km in the next, the data ending on Thursday 15.
  static func weekExample(period: TrackerGoal.Period = .week) -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "C", title: "Спорт")],
      trackers: [Tracker(id: "R", kind: .habit, name: "Бег", categoryId: "C", emoji: "🏃", color: "#FF881E",
                         schedule: Weekday.allCases,
                         goal: TrackerGoal(target: 20, direction: .atLeast, unit: "km", period: period))],
      records: [("2026-01-05", 5.0), ("2026-01-07", 8), ("2026-01-10", 7), ("2026-01-13", 6), ("2026-01-15", 6)]
        .map { TrackerRecord(trackerId: "R", date: day($0.0), amount: $0.1) })
  }

  @Test func periodsReadAndWriteTheirText() {
    for (text, period) in [("day", TrackerGoal.Period.day), ("week", .week), ("month", .month), ("10d", .days(10))] {
      #expect(TrackerGoal.Period(text: text) == period)
      #expect(period.text == text)
    }
    #expect(TrackerGoal.Period(text: "1d") == .day)
    // What rule goal-invalid reports still reads back as written.
    #expect(TrackerGoal.Period(text: "0d") == .days(0) && TrackerGoal.Period(text: "-3d") == .days(-3))
    #expect(TrackerGoal.Period.days(-3).text == "-3d")
    for bad in ["", "d", "-d", "00d", "07d", "-07d", "3 d", "Week", "3", "1234567890d", "3days", "+3d"] {
      #expect(TrackerGoal.Period(text: bad) == nil, "\(bad)")
    }
    #expect(TrackerGoal.Period(nominalDays: 7) == .week && TrackerGoal.Period(nominalDays: 30) == .month)
    #expect(TrackerGoal.Period(nominalDays: 31) == .days(31) && TrackerGoal.Period(nominalDays: 1) == .day)
    #expect(TrackerGoal.Period.days(1).isDay && !TrackerGoal.Period.week.isDay)
  }

  @Test func weeksRunMondayToSundayMonthsAreCalendarMonthsBlocksCountFromTheAnchor() {
    // Thursday 1 January 1970 is day 0; Sunday 11 January 2026 ends the week of Monday 5.
    #expect(TrackerGoal.Period.week.bounds(of: 0, anchor: 0) == -3...3)
    #expect(TrackerGoal.Period.week.bounds(of: Self.n("2026-01-11"), anchor: 0) == Self.n("2026-01-05")...Self.n("2026-01-11"))
    #expect(TrackerGoal.Period.week.bounds(of: Self.n("2026-01-05"), anchor: 0) == Self.n("2026-01-05")...Self.n("2026-01-11"))
    #expect(TrackerGoal.Period.month.bounds(of: Self.n("2024-02-17"), anchor: 0) == Self.n("2024-02-01")...Self.n("2024-02-29"))
    #expect(TrackerGoal.Period.month.bounds(of: Self.n("2026-12-31"), anchor: 0) == Self.n("2026-12-01")...Self.n("2026-12-31"))
    let anchor = Self.n("2026-01-03")
    #expect(TrackerGoal.Period.days(10).bounds(of: Self.n("2026-01-12"), anchor: anchor) == Self.n("2026-01-03")...Self.n("2026-01-12"))
    #expect(TrackerGoal.Period.days(10).bounds(of: Self.n("2026-01-13"), anchor: anchor) == Self.n("2026-01-13")...Self.n("2026-01-22"))
    // Before the anchor, blocks go back in tens too.
    #expect(TrackerGoal.Period.days(10).bounds(of: Self.n("2026-01-02"), anchor: anchor) == Self.n("2025-12-24")...Self.n("2026-01-02"))
  }

  @Test func aDayIsARecordWhenItIsAPartOfThePeriod() {
    let week = TrackerGoal(target: 20, direction: .atLeast, period: .week)
    #expect(week.isMet(by: 5) && !week.isMet(by: 0))
    #expect(!week.perDay.isMet(by: 5) && week.perDay.period == .day)
    let month = TrackerGoal(target: 12, direction: .atMost, period: .month)
    #expect(month.isMet(by: 0) && month.isMet(by: 12) && !month.isMet(by: 13))
  }

  @Test func aMetWeekCoversItsOtherDaysAnUnmetOneNone() {
    let goal = TrackerGoal(target: 20, direction: .atLeast, period: .week)
    let data = Self.weekExample()
    let amounts = data.records.map { (day: $0.date.dayNumber, amount: $0.amount!) }
    let covered = goal.coveredDays(amounts: amounts, done: DaySet(data.records.map(\.date)), anchor: 0)
    #expect(Array(covered) == ["2026-01-06", "2026-01-08", "2026-01-09", "2026-01-11"].map(Self.day))
    // A goal per day covers nothing: its records are its completions.
    #expect(goal.perDay.coveredDays(amounts: amounts, done: DaySet(dayNumbers: []), anchor: 0).isEmpty)
  }

  @Test func anAtMostMonthIsMetOnlyWithAnAmountGivenAndNotAboveTheTarget() {
    let goal = TrackerGoal(target: 12, direction: .atMost, period: .month)
    // January: 4 + 8 = 12, met; February: 13, not met; March: nothing entered, not met.
    let amounts = [("2026-01-10", 4.0), ("2026-01-20", 8), ("2026-02-03", 13)].map { (day: Self.n($0.0), amount: $0.1) }
    let done = DaySet(["2026-01-10", "2026-01-20"].map(Self.day))
    let covered = goal.coveredDays(amounts: amounts, done: done, anchor: 0)
    #expect(covered.count == 29)
    #expect(covered.first == Self.day("2026-01-01") && covered.last == Self.day("2026-01-31"))
    #expect(!covered.contains(Self.day("2026-01-10")))
  }

  @Test func theWorkedExamplesStatistics() {
    let data = Self.weekExample()
    let stats = TrackerStatistics(data)
    #expect(stats.trackersCompleted == 5)
    #expect(stats.perfectDays == 9)
    #expect(stats.bestPeriod == 7)
    #expect(stats.formattedAverage == "0.45")
    let index = DatasetIndex(data)
    #expect(index.isDone(0, on: Self.day("2026-01-11")) && !index.isDone(0, on: Self.day("2026-01-12")))
    // As 20 km a day, nothing is covered.
    let daily = DatasetIndex(Self.weekExample(period: .day))
    #expect(daily.frequencyDays[0].isEmpty)
  }

  @Test func blocksOfDaysCountFromCreationElseTheFirstMarkedDay() {
    var data = Self.weekExample(period: .days(4))
    // From the first record (5 January): 5–8 (13 km), 9–12 (7), 13–16 (12): none met at 20.
    #expect(DatasetIndex(data).goalAnchors[0] == Self.n("2026-01-05"))
    #expect(DatasetIndex(data).frequencyDays[0].isEmpty)
    // From 4 January: 4–7 (13), 8–11 (7): still none; with a target of 7, 8–11 is met too.
    data.trackers[0].createdOn = Self.day("2026-01-04")
    data.trackers[0].goal?.target = 7
    let index = DatasetIndex(data)
    #expect(index.goalAnchors[0] == Self.n("2026-01-04"))
    #expect(index.frequencyDays[0].contains(Self.day("2026-01-08")) && index.frequencyDays[0].contains(Self.day("2026-01-11")))
  }

  @Test func aHugeBlockCoversOnlyAroundTheData() {
    // A hostile "999999999d": covered a year and a day around the amounts, not a billion days.
    let goal = TrackerGoal(target: 1, direction: .atLeast, period: .days(999_999_999))
    let day = Self.n("2026-01-05")
    let covered = goal.coveredDays(amounts: [(day: day, amount: 2)], done: DaySet(dayNumbers: [day]), anchor: day)
    #expect(covered.count == TrackerGoal.coverageMargin)
    #expect(covered.first == Self.day("2026-01-06"))
  }

  @Test func thePendingPeriodIsTheHorizonsOwnWeek() {
    let tracker = Self.weekExample().trackers[0]
    #expect(tracker.completionPeriod == 7)
    #expect(tracker.pendingStart(horizon: Self.day("2026-01-15"), anchor: 0) == Self.n("2026-01-12"))
    var frequency = tracker
    frequency.goal = nil
    frequency.frequency = TrackerFrequency(times: 3, days: 7)
    #expect(frequency.pendingStart(horizon: Self.day("2026-01-15"), anchor: 0) == Self.n("2026-01-09"))
  }

  @Test func onlyAGoalPeriodNeedsVersion3() {
    #expect(Self.weekExample().formatVersionNeeded == 3)
    #expect(Self.weekExample(period: .day).formatVersionNeeded == 2)
    #expect(Self.weekExample(period: .days(1)).formatVersionNeeded == 2)
  }
}
