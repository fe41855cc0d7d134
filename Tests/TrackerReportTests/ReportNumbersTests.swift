import Foundation
import Testing
import TrackerModel
@testable import TrackerReport

/// A dataset whose every number was worked out by hand (see the comments): the report must
/// find exactly these.
enum KnownDataset {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
  static func record(_ id: String, _ date: String, amount: Double? = nil) -> TrackerRecord {
    TrackerRecord(trackerId: id, date: day(date), amount: amount)
  }

  /// 2026-03-02 (Monday) to 2026-03-15 (Sunday), today Thursday 2026-03-12.
  static let range = day("2026-03-02")...day("2026-03-15")
  static let today = day("2026-03-12")

  static func dataset(runName: String = "Run") -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "c1", title: "Health"), TrackerCategory(id: "c2", title: "Events")],
      trackers: [
        // Mon/Wed/Fri from 2026-03-02: done Mon 2, Wed 4, Fri 6, (Sat 7, not planned), Wed 11;
        // Mon 9 missed; Fri 13 upcoming.
        Tracker(id: "a", kind: .habit, name: runName, categoryId: "c1", emoji: "🙂", color: "#FD4C49",
                schedule: [.mon, .wed, .fri], createdOn: day("2026-03-02")),
        // Every day, no start: done 10, 11, 12 (pages 10, 20, 30); 9 skipped; 8 below goal (5).
        Tracker(id: "b", kind: .habit, name: "Read", categoryId: "c1", emoji: "🥦", color: "#35347C",
                schedule: Weekday.allCases, pinned: true, goal: TrackerGoal(target: 10, unit: "pages")),
        // An event on 2026-03-05, done that day.
        Tracker(id: "c", kind: .event, name: "Dentist", categoryId: "c2", emoji: "😱", color: "#007BFA",
                date: day("2026-03-05")),
        // Repeats a's id: ignored.
        Tracker(id: "a", kind: .habit, name: "Shadow", categoryId: "c1", emoji: nil, color: nil, schedule: [.mon]),
      ],
      records: [
        record("a", "2026-03-02"), record("a", "2026-03-04"), record("a", "2026-03-06"),
        record("a", "2026-03-07"), record("a", "2026-03-11"),
        record("b", "2026-03-10", amount: 10), record("b", "2026-03-11", amount: 20), record("b", "2026-03-12", amount: 30),
        record("c", "2026-03-05"),
      ],
      entries: [
        TrackerEntry(trackerId: "b", date: day("2026-03-09"), skipped: true),
        TrackerEntry(trackerId: "b", date: day("2026-03-08"), amount: 5),
      ],
      tasks: [
        PlanTask(id: "t1", title: "One", description: nil, color: nil, category: "urgent", done: true),
        PlanTask(id: "t2", title: "Two", description: nil, color: nil, category: "urgent"),
        PlanTask(id: "t3", title: "Three", description: nil, color: nil, category: "someday"),
      ])
  }

  static func report(limit: Int? = nil, runName: String = "Run") -> TrackerReport {
    TrackerReport(dataset: dataset(runName: runName), range: range, today: today, limit: limit)
  }
}

@Suite struct ReportNumbersTests {
  let report = KnownDataset.report()

  func tracker(_ id: String) throws -> ReportTracker {
    try #require(report.groups.flatMap(\.trackers).first { $0.id == id })
  }

  func count(_ t: ReportTracker, _ state: ReportDayState) -> Int { t.days.count { $0 == state } }

  @Test func groupsAsTheAgendaDoes() {
    #expect(report.groups.map(\.title) == ["Pinned", "Health", "Events"])
    #expect(report.groups.map { $0.trackers.map(\.id) } == [["b"], ["a"], ["c"]])
    #expect(report.trackerCount == 3)
    #expect(report.shownCount == 3)
    #expect(report.dayCount == 14)
    #expect(report.asOf == KnownDataset.today)
  }

  @Test func weeklyHabitDaysStreaksAndRates() throws {
    let a = try tracker("a")
    #expect(a.days.count == 14)
    #expect(count(a, .done) == 5)
    #expect(count(a, .missed) == 1)
    #expect(count(a, .upcoming) == 1)
    #expect(count(a, .notPlanned) == 7)
    #expect(count(a, .skipped) == 0)
    #expect(a.days[7] == .missed)  // Monday 9
    #expect(a.days[5] == .done)  // Saturday 7: done, though not planned
    // Planned days 2 d, 4 d, 6 d, 9 m, 11 d: best 3, current 1.
    #expect(a.bestStreak == 3)
    #expect(a.currentStreak == 1)
    // 7 days (6..12): 6 d, 9 m, 11 d → 2/3; 30 and more: from createdOn, 4/5.
    #expect(a.rates.map(\.done) == [2, 4, 4, 4])
    #expect(a.rates.map(\.planned) == [3, 5, 5, 5])
    #expect(a.rates.map(\.percent) == [67, 80, 80, 80])
    #expect(a.completedDays == 5)
    #expect(a.amounts.isEmpty)
  }

  @Test func dailyHabitWithSkipsAndAmounts() throws {
    let b = try tracker("b")
    #expect(count(b, .done) == 3)
    #expect(count(b, .missed) == 7)  // 2..8
    #expect(count(b, .skipped) == 1)  // 9
    #expect(count(b, .upcoming) == 3)  // 13..15
    #expect(b.currentStreak == 3)  // 10, 11, 12 (today, done)
    #expect(b.bestStreak == 3)
    // No createdOn: planned every day, but only from the data's first day (the 2nd) on; the
    // skipped 9th is not planned. 7: 6,7,8,10,11,12 → 3/6; 30, 90, 365: 2..12 less the 9th.
    #expect(b.rates.map(\.planned) == [6, 10, 10, 10])
    #expect(b.rates.map(\.done) == [3, 3, 3, 3])
    #expect(b.rates.map(\.percent) == [50, 30, 30, 30])
    #expect(b.amounts[6] == 5)  // below the goal on a missed day
    #expect(b.amountText(8) == "10 pages")
    #expect(Array(b.levels[8...10]) == [1, 3, 4])
    #expect(b.levels.filter { $0 > 0 }.count == 3)
  }

  @Test func eventsShowTheirDay() throws {
    let c = try tracker("c")
    #expect(c.kind == .event)
    #expect(c.eventDate == KnownDataset.day("2026-03-05"))
    #expect(c.firstCompletion == KnownDataset.day("2026-03-05"))
    #expect(c.currentStreak == 0 && c.bestStreak == 0)
  }

  @Test func combinedHeatmapCountsPlannedAndDone() {
    let planned: [Int] = report.combinedPlanned.map { Int($0) }
    let done: [Int] = report.combinedDone.map { Int($0) }
    // 2nd: a done, b missed. 5th: b missed, c done. 9th: a missed, b skipped. 12th: b done.
    // Saturday 14: b planned, upcoming.
    let days = [0, 3, 7, 10, 12]
    #expect(days.map { planned[$0] } == [2, 2, 1, 1, 1])
    #expect(days.map { done[$0] } == [1, 1, 0, 1, 0])
    let total: Int = done.reduce(0, +)
    #expect(total == 8)  // b 3, a 4 planned done days, c 1
  }

  @Test func statisticsAreThoseOfStats() {
    #expect(report.statistics == TrackerStatistics(KnownDataset.dataset()))
    #expect(report.statistics.trackersCompleted == 9)
  }

  @Test func tasksPerPriority() {
    #expect(report.tasks == [ReportTaskCounts(category: "urgent", open: 1, done: 1),
                             ReportTaskCounts(category: "someday", open: 1, done: 0)])
  }

  @Test func limitKeepsTheBusiestInGroupOrder() {
    let limited = KnownDataset.report(limit: 2)
    #expect(limited.shownCount == 2)
    #expect(limited.trackerCount == 3)
    #expect(limited.groups.map { $0.trackers.map(\.id) } == [["b"], ["a"]])
    // The heatmap still counts every tracker.
    #expect(limited.combinedDone == report.combinedDone)
  }

  @Test func rangeEndingBeforeTodayCountsUpToItsLastDay() throws {
    let early = TrackerReport(dataset: KnownDataset.dataset(), range: KnownDataset.day("2026-03-02")...KnownDataset.day("2026-03-09"),
                              today: KnownDataset.today)
    #expect(early.asOf == KnownDataset.day("2026-03-09"))
    let a = try #require(early.groups.flatMap(\.trackers).first { $0.id == "a" })
    #expect(a.currentStreak == 0)  // the 9th, missed, is over
    #expect(a.bestStreak == 3)
  }
}

@Suite struct ReportPageTests {
  @Test func cellsCarryTheirDateAndStateAsTitles() {
    let page = HTMLReport(KnownDataset.report(), locale: .en, theme: .auto).render()
    #expect(page.contains("<title>2026-03-04 · done</title>"))
    #expect(page.contains("<title>2026-03-09 · missed</title>"))
    #expect(page.contains("<title>2026-03-09 · skipped</title>"))
    #expect(page.contains("<title>2026-03-10 · done · 10 pages</title>"))
    #expect(page.contains("<title>2026-03-02 · 1/2</title>"))
    // The heatmap: today's 1/1, then upcoming days, not days with none done.
    let heatmap = String(page.split(separator: "<section class=\"combined\"")[1].split(separator: "</section>")[0])
    #expect(heatmap.contains("class=\"h4 t\"><title>2026-03-12 · 1/1</title>"))
    #expect(heatmap.contains("class=\"u\"><title>2026-03-13 · upcoming</title>"))
    #expect(heatmap.components(separatedBy: "class=\"u\"").count - 1 == 3)
    // Three tracker sections, two of them with a 14-day grid.
    #expect(page.components(separatedBy: "<section class=\"tracker\"").count - 1 == 3)
    #expect(page.components(separatedBy: "<rect ").count - 1 == 14 * 3)  // two grids and the heatmap
    #expect(page.contains(HTMLReport.contentSecurityPolicy))
    #expect(!page.contains("<script"))
  }

  @Test func russianPage() {
    let page = HTMLReport(KnownDataset.report(), locale: .ru, theme: .dark).render()
    #expect(page.contains("<html lang=\"ru\">"))
    #expect(page.contains("<title>2026-03-04 · выполнено</title>"))
    #expect(page.contains("Лучший период"))
    #expect(page.contains("3 дня"))  // b's streak
    #expect(page.contains("Срочно"))
  }

  @Test func hostileNamesAreText() {
    let name = "<script>document.title='pwned'</script>\"&' שלום 🙂\u{0}"
    let page = HTMLReport(KnownDataset.report(runName: name), locale: .en, theme: .light).render()
    #expect(!page.contains("<script"))
    #expect(page.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&quot;&amp;&#39; שלום 🙂\u{FFFD}"))
  }

  @Test func escaperLeavesPlainTextAlone() {
    #expect(HTMLText.escape("Бег 🏃 Run") == "Бег 🏃 Run")
    #expect(HTMLText.escape("a<b>\"c\"&'d'") == "a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;")
    #expect(HTMLText.escape("x\u{1}\u{85}\u{FFFF}y\n") == "x\u{FFFD}\u{FFFD}\u{FFFD}y\n")
  }

  @Test func everyPaletteColourStandsOutInBothThemes() {
    for color in PaletteColor.allCases {
      let rgb = RGBColor(hex: color.rawValue)!
      for background in [ReportColors.lightBackground, ReportColors.darkBackground] {
        let shown = ReportColors.readable(rgb, on: background)
        #expect(ReportColors.contrast(shown, background) >= 3, "\(color) on \(background.hex)")
      }
    }
    // A colour that already stands out is kept as it is.
    #expect(ReportColors.readable(RGBColor(hex: "#007BFA")!, on: ReportColors.lightBackground).hex == "#007BFA")
  }

  @Test func markdownSummary() {
    let text = MarkdownReport(KnownDataset.report(runName: "Run | fast <b>"), locale: .en).render()
    #expect(text.hasPrefix("# Habit report · 2026-03-02 – 2026-03-15\n"))
    #expect(text.contains("| Best period | Perfect days | Trackers completed | Average |"))
    #expect(text.contains("| 🙂 Run \\| fast &lt;b&gt; | 1 day | 3 days | 67% | 80% | 80% | 80% | 5 days |"))
    #expect(text.contains("| 🥦 Read | 3 days | 3 days | 50% | 30% | 30% | 30% | 3 days |"))
    #expect(!text.contains("Dentist"))  // events have no streaks
    #expect(text.contains("| Urgent | 1 | 1 |"))
  }
}
