import Testing
@testable import TrackerModel

/// Skipped days, amounts and archived trackers in the statistics (docs/statistics.md).
@Suite struct SkippedDayStatisticsTests {
  /// The second worked example of docs/statistics.md; keep the two in step.
  static let week: TrackerDataset = {
    var run = habit("R", everyDay, name: "Бег")
    run.goal = TrackerGoal(target: 5, direction: .atLeast, unit: "km")
    var piano = habit("P", [.mon, .wed, .fri], name: "Пианино")
    piano.archived = true
    func done(_ id: String, _ date: String, _ amount: Double? = nil) -> TrackerRecord {
      TrackerRecord(trackerId: id, date: day(date), amount: amount)
    }
    return TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Здоровье")],
      trackers: [run, habit("M", [.mon, .tue, .wed, .thu, .fri], name: "Медитация"), piano],
      records: [
        done("R", "2026-01-05", 6), done("M", "2026-01-05"), done("P", "2026-01-05"),
        done("M", "2026-01-06"),
        done("M", "2026-01-07"),
        done("R", "2026-01-08", 7.5), done("M", "2026-01-08"),
        done("R", "2026-01-09", 5), done("M", "2026-01-09"),
        done("R", "2026-01-11", 5.5),
      ],
      entries: [
        TrackerEntry(trackerId: "R", date: day("2026-01-06"), skipped: true, note: "дождь"),
        TrackerEntry(trackerId: "R", date: day("2026-01-07"), amount: 3),
        TrackerEntry(trackerId: "P", date: day("2026-01-07"), note: "сломалась педаль"),
        TrackerEntry(trackerId: "R", date: day("2026-01-10"), skipped: true),
      ])
  }()

  @Test func workedExampleWithSkipsAmountsAndAnArchivedHabit() {
    // day      planned                       done    perfect  run
    // Mon 05   R M P                         R M P   yes      1
    // Tue 06   M      (R skipped)            M       yes      2
    // Wed 07   R M P                         M       no       0   (R's 3 km and P's note are entries)
    // Thu 08   R M                           R M     yes      1
    // Fri 09   R M    (P archived after 07)  R M     yes      2
    // Sat 10   —      (R skipped)            —       —        2   (nothing planned)
    // Sun 11   R                             R       yes      3
    // 10 records over 7 calendar days: 1.428… → "1.43".
    let stats = TrackerStatistics(Self.week)
    #expect(stats.trackersCompleted == 10)
    #expect(stats.perfectDays == 5)
    #expect(stats.bestPeriod == 3)
    #expect(stats.calendarDays == 7)
    #expect(stats.formattedAverage == "1.43")
  }

  @Test func withoutTheEntriesTheSameRecordsScoreLower() {
    // The skips (Tue 06, Sat 10) then are planned days not done, and P, archived with nothing
    // after Mon 05, is planned only that day: Mon, Thu, Fri, Sun perfect; runs 1, 2, 1.
    var d = Self.week
    d.entries = []
    let stats = TrackerStatistics(d)
    #expect(stats.trackersCompleted == 10)
    #expect(stats.perfectDays == 4)
    #expect(stats.bestPeriod == 2)
    // Not archived, P is planned on Fri 09 too, and that day is lost as well.
    d.trackers[2].archived = false
    #expect(TrackerStatistics(d).perfectDays == 3)
  }

  @Test func aDayBothSkippedAndDoneCountsAsDone() {
    // The validator reports it (skipped-and-done); the statistics let the record win.
    var d = Self.week
    d.entries.append(TrackerEntry(trackerId: "M", date: day("2026-01-09"), skipped: true))
    #expect(TrackerStatistics(d) == TrackerStatistics(Self.week))
  }

  @Test func entriesNeitherCountNorStretchTheRange() {
    var d = Self.week
    d.entries.append(TrackerEntry(trackerId: "R", date: day("2026-01-20"), amount: 1))
    d.entries.append(TrackerEntry(trackerId: "R", date: day("2025-12-20"), skipped: true))
    let stats = TrackerStatistics(d)
    #expect(stats.trackersCompleted == 10 && stats.calendarDays == 7)
  }

  @Test func anArchivedTrackerWithNoHistoryIsNeverPlanned() {
    var archived = habit("X", everyDay)
    archived.archived = true
    let dataset = TrackerDataset(trackers: [habit("A", everyDay), archived],
                                 records: records([("A", "2026-01-05"), ("A", "2026-01-06")]))
    let stats = TrackerStatistics(dataset)
    #expect(stats.perfectDays == 2 && stats.bestPeriod == 2)
    let agenda = Agenda(dataset: dataset, date: day("2026-01-05"), today: day("2026-01-06"))
    #expect(agenda.groups.flatMap(\.trackers).map(\.id) == ["A"])
  }
}
