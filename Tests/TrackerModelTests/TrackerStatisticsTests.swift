import Testing
@testable import TrackerModel

@Suite struct TrackerStatisticsTests {
  /// The worked example of docs/statistics.md; keep the two in step.
  @Test func workedExampleFromTheDocs() {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Здоровье")],
      trackers: [
        habit("A", [.mon, .tue, .wed, .thu, .fri], name: "Зарядка"),
        habit("B", [.mon, .wed, .sat], name: "Поливать растения", createdOn: "2026-01-07"),
        event("C", name: "Сходить к врачу"),
      ],
      records: records([
        ("A", "2026-01-05"), ("C", "2026-01-05"), ("A", "2026-01-06"), ("A", "2026-01-07"),
        ("A", "2026-01-08"), ("A", "2026-01-09"), ("B", "2026-01-10"), ("A", "2026-01-12"),
        ("B", "2026-01-12"),
      ]))
    // day        planned   done    perfect  run
    // Mon 05     A C       A C     yes      1   (B not created yet)
    // Tue 06     A         A       yes      2   (C planned only until its completion, 05)
    // Wed 07     A B       A       no       0
    // Thu 08     A         A       yes      1
    // Fri 09     A         A       yes      2
    // Sat 10     B         B       yes      3
    // Sun 11     —         —       —        3   (nothing planned: skipped)
    // Mon 12     A B       A B     yes      4
    // 9 records over 8 calendar days: 1.125 → "1.13".
    let stats = TrackerStatistics(dataset)
    #expect(stats.trackersCompleted == 9)
    #expect(stats.perfectDays == 6)
    #expect(stats.bestPeriod == 4)
    #expect(stats.calendarDays == 8)
    #expect(stats.average == 1.125)
    #expect(stats.formattedAverage == "1.13")
    #expect(stats.hasData)
    #expect(stats.placeholder(.ru) == nil)
  }

  @Test func aMissingPlannedTrackerSpoilsTheDay() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), habit("B", [.mon, .wed])],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06"), ("A", "2026-01-07"), ("B", "2026-01-07")]))
    // Mon 05: A, B planned, only A done → not perfect. Tue 06: A only → perfect.
    // Wed 07: both done → perfect. Perfect days 2, best run Tue–Wed = 2.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 2)
    #expect(stats.bestPeriod == 2)
    #expect(stats.trackersCompleted == 4)
  }

  @Test func aDayWithNothingPlannedNeitherBreaksNorExtendsARun() {
    let dataset = TrackerDataset(
      trackers: [habit("A", [.mon, .wed, .fri])],
      records: records([("A", "2026-01-05"), ("A", "2026-01-07"), ("A", "2026-01-09")]))
    // Mon, Wed, Fri all perfect; Tue and Thu plan nothing and have no record.
    // Run = 3 (not 1, not 5); perfect days 3; average 3 / 5 days = 0.60.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 3)
    #expect(stats.bestPeriod == 3)
    #expect(stats.formattedAverage == "0.60")
  }

  @Test func aPlannedDayWithoutRecordsBreaksTheRun() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay)],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06"), ("A", "2026-01-08")]))
    // Wed 07 is planned and empty: runs 2 and 1.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 3)
    #expect(stats.bestPeriod == 2)
  }

  @Test func anUndatedEventIsPlannedUntilItsFirstCompletion() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), event("E")],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06"), ("E", "2026-01-06"),
                        ("A", "2026-01-07"), ("A", "2026-01-08"), ("E", "2026-01-08")]))
    // Mon 05: A, E planned, E missing → not perfect. Tue 06: both done → perfect.
    // Wed 07, Thu 08: E no longer planned (completed on 06); A done → perfect; E's second record
    // on 08 is an extra, not a plan. Perfect 3, run 3, completed 6.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 3)
    #expect(stats.bestPeriod == 3)
    #expect(stats.trackersCompleted == 6)
  }

  @Test func aDatedEventIsPlannedOnItsDayOnly() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), event("E", on: "2026-01-06", createdOn: "2026-01-07")],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06"), ("A", "2026-01-07")]))
    // Tue 06 plans A and E (createdOn does not apply to a dated event); E missing → 2 perfect,
    // runs 1 and 1.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 2)
    #expect(stats.bestPeriod == 1)
  }

  @Test func createdOnIsRespected() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), habit("B", everyDay, createdOn: "2026-01-07"),
                 event("E", createdOn: "2026-01-08")],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06"), ("A", "2026-01-07"), ("B", "2026-01-07")]))
    // B is not planned before Wed 07, the undated E not before Thu 08 (outside the range):
    // every day is perfect, run 3.
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 3)
    #expect(stats.bestPeriod == 3)
  }

  @Test func recordsOfUnknownTrackersAreIgnoredEverywhere() {
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay)],
      records: records([("ghost", "2026-01-01"), ("A", "2026-01-05"), ("ghost", "2026-01-06"),
                        ("A", "2026-01-07"), ("ghost", "2026-01-20")]))
    // Only A's 05 and 07 count: range 05–07 (3 days), Tue 06 has only a ghost record, so it is
    // planned and not done. Completed 2, perfect 2, run 1, average 2 / 3 = 0.67.
    let stats = TrackerStatistics(dataset)
    #expect(stats.trackersCompleted == 2)
    #expect(stats.perfectDays == 2)
    #expect(stats.bestPeriod == 1)
    #expect(stats.calendarDays == 3)
    #expect(stats.formattedAverage == "0.67")
  }

  @Test func duplicateRecordsCountAsRecordsButDoNotMakeADayPerfect() {
    // The issue: trackers completed = the number of records (of known trackers).
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), habit("B", everyDay)],
      records: records([("A", "2026-01-05"), ("A", "2026-01-05"), ("A", "2026-01-06"), ("B", "2026-01-06"), ("ghost", "2026-01-06")]))
    let stats = TrackerStatistics(dataset)
    #expect(stats.trackersCompleted == 4)
    #expect(stats.formattedAverage == "2.00")
    // 05: A twice but B missing, not perfect; 06: both, perfect.
    #expect(stats.perfectDays == 1)
  }

  @Test func aRepeatedTrackerIDIsCountedOnce() {
    // Records attach to the first "A"; the second would otherwise spoil every day.
    let dataset = TrackerDataset(
      trackers: [habit("A", everyDay), habit("A", everyDay)],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06")]))
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 2)
    #expect(stats.bestPeriod == 2)
  }

  @Test func recordsOnADayWithNothingPlannedMakeItPerfectButNotARun() {
    // The definition's letter: a day with a record and no planned tracker missing is perfect.
    let dataset = TrackerDataset(
      trackers: [habit("A", [.mon])],
      records: records([("A", "2026-01-05"), ("A", "2026-01-06")]))
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 2)
    #expect(stats.bestPeriod == 1)
  }

  @Test func noRecordsMeansNoData() {
    for dataset in [TrackerDataset(trackers: [habit("A", everyDay)]),
                    TrackerDataset(trackers: [habit("A", everyDay)], records: records([("ghost", "2026-01-05")]))] {
      let stats = TrackerStatistics(dataset)
      #expect(stats == TrackerStatistics(trackersCompleted: 0, perfectDays: 0, bestPeriod: 0, calendarDays: 0))
      #expect(!stats.hasData)
      #expect(stats.average == 0)
      #expect(stats.formattedAverage == "0.00")
      #expect(stats.placeholder(.ru) == "Анализировать пока нечего")
    }
  }

  @Test(arguments: [
    (1, 1, "1.00"), (1, 3, "0.33"), (2, 3, "0.67"), (1, 8, "0.13"), (3, 8, "0.38"), (1, 200, "0.01"),
    (1, 201, "0.00"), (1, 400, "0.00"), (3, 2, "1.50"), (1999, 1000, "2.00"), (1234, 100, "12.34"),
  ])
  func averageRoundsHalfUpToTwoDecimals(_ completed: Int, _ days: Int, _ text: String) {
    let stats = TrackerStatistics(trackersCompleted: completed, perfectDays: 0, bestPeriod: 0, calendarDays: days)
    #expect(stats.formattedAverage == text)
    #expect(stats.average == Double(completed) / Double(days))
  }
}
