import Testing
@testable import TrackerModel

/// Loop's rule for "n times in d days" (docs/statistics.md, "A habit's frequency"), worked out by
/// hand from `EntryList.kt`'s `buildIntervals` and `snapIntervalsTogether`.
@Suite struct FrequencyCoverageTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
  static func days(_ texts: [String]) -> DaySet { DaySet(texts.map(day)) }

  @Test func threeTimesInAWeekDoneThreeTimesCoversTheWeek() {
    let done = Self.days(["2026-03-02", "2026-03-04", "2026-03-06"])
    let covered = TrackerFrequency(times: 3, days: 7).coveredDays(done: done)
    #expect(Array(covered) == ["2026-03-03", "2026-03-05", "2026-03-07", "2026-03-08"].map(Self.day))
  }

  @Test func twoWeeksSnapBackwardsAsLoopDoes() {
    // Windows 9–15, 6–12, 4–10, 2–8 snap back to 9–15, 5–11, 3–9 and 28 Feb – 6 Mar.
    let done = Self.days(["2026-03-02", "2026-03-04", "2026-03-06", "2026-03-09", "2026-03-11", "2026-03-13"])
    let covered = TrackerFrequency(times: 3, days: 7).coveredDays(done: done)
    #expect(Array(covered) == ["2026-02-28", "2026-03-01", "2026-03-03", "2026-03-05", "2026-03-07", "2026-03-08",
                               "2026-03-10", "2026-03-12", "2026-03-14", "2026-03-15"].map(Self.day))
  }

  @Test func tooFewOrTooSpreadCoversNothing() {
    let frequency = TrackerFrequency(times: 3, days: 7)
    #expect(frequency.coveredDays(done: Self.days(["2026-03-02", "2026-03-04"])).isEmpty)
    // Three done days spanning 8 days: no window of 7 holds them.
    #expect(frequency.coveredDays(done: Self.days(["2026-03-02", "2026-03-05", "2026-03-09"])).isEmpty)
    // Daily, k in k days and invalid frequencies plan by records alone.
    let every = Self.days(["2026-03-02", "2026-03-04", "2026-03-06"])
    for plain in [TrackerFrequency(times: 1, days: 1), TrackerFrequency(times: 7, days: 7),
                  TrackerFrequency(times: 0, days: 7), TrackerFrequency(times: 9, days: 7)] {
      #expect(!plain.coversDays)
      #expect(plain.coveredDays(done: every).isEmpty)
    }
  }

  @Test func aHugePeriodCoversOnlyAroundTheDoneDays() {
    // "1 in 999999999 days" from a hostile file: a year and a day after the done day, not a
    // billion days (this hung `trackport stats`).
    let covered = TrackerFrequency(times: 1, days: 999_999_999).coveredDays(done: Self.days(["2026-03-02"]))
    #expect(covered.count == TrackerGoal.coverageMargin)
    #expect(covered.first == Self.day("2026-03-03"))
  }

  @Test func aMonthPeriodIsTheCalendarMonthsLength() {
    // Once in 30 days, done on 1 February 2026: the window is February's 28 days.
    let covered = TrackerFrequency(times: 1, days: 30).coveredDays(done: Self.days(["2026-02-01"]))
    #expect(covered.count == 27)
    #expect(covered.last == Self.day("2026-02-28"))
    // Done on the last day of January: the window is February's length, from 31 January.
    let fromEnd = TrackerFrequency(times: 1, days: 31).coveredDays(done: Self.days(["2026-01-31"]))
    #expect(fromEnd.count == 27 && fromEnd.last == Self.day("2026-02-27"))
  }

  @Test func statisticsCountCoveredDaysAsDone() {
    // The worked example of docs/statistics.md: 3 times in 7 days, every day planned from 2 March.
    let habit = Tracker(id: "g", kind: .habit, name: "Gym", categoryId: "c", emoji: nil, color: nil,
                        schedule: Weekday.allCases, createdOn: Self.day("2026-03-02"),
                        frequency: TrackerFrequency(times: 3, days: 7))
    let records = ["2026-03-02", "2026-03-04", "2026-03-06", "2026-03-09", "2026-03-11", "2026-03-13"].map {
      TrackerRecord(trackerId: "g", date: Self.day($0))
    }
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "C")], trackers: [habit], records: records, tasks: [])
    let stats = TrackerStatistics(dataset)
    #expect(stats.trackersCompleted == 6)
    #expect(stats.perfectDays == 12)
    #expect(stats.bestPeriod == 12)
    #expect(stats.formattedAverage == "0.50")
    // Without the frequency only the record days are perfect, and each gap breaks the run.
    var daily = dataset
    daily.trackers[0].frequency = nil
    let plain = TrackerStatistics(daily)
    #expect(plain.perfectDays == 6 && plain.bestPeriod == 1)
  }
}
