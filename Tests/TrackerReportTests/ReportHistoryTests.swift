import Testing
import TrackerModel
@testable import TrackerReport

/// A dataset whose history ends long before today, and a "3 times a week" habit: the report
/// counts them as their own data says (docs/report.md, "Old data and frequencies").
enum HistoryDataset {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
  static let today = day("2026-11-28")

  /// "Gym", every day planned from Monday 2016-02-29, 3 times in 7 days: done 29 Feb, 2, 4, 7,
  /// 9, 11 March 2016 (Loop's windows, after its snap: 27 Feb – 4 Mar, 1 – 7, 3 – 9, 7 – 13 March);
  /// "Floss", every day, done 10 and 11 March. The data ends on Friday 11 March 2016.
  static func dataset() -> TrackerDataset {
    let gym = ["2016-02-29", "2016-03-02", "2016-03-04", "2016-03-07", "2016-03-09", "2016-03-11"]
    return TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "Health")],
      trackers: [
        Tracker(id: "g", kind: .habit, name: "Gym", categoryId: "c", emoji: "🏋️", color: "#FD4C49",
                schedule: Weekday.allCases, createdOn: day("2016-02-29"), frequency: TrackerFrequency(times: 3, days: 7)),
        Tracker(id: "f", kind: .habit, name: "Floss", categoryId: "c", emoji: "🦷", color: "#007BFA",
                schedule: Weekday.allCases, createdOn: day("2016-03-07")),
      ],
      records: gym.map { TrackerRecord(trackerId: "g", date: day($0)) }
        + ["2016-03-10", "2016-03-11"].map { TrackerRecord(trackerId: "f", date: day($0)) },
      tasks: [])
  }

  static func report(_ range: ClosedRange<LocalDate>) -> TrackerReport {
    TrackerReport(dataset: dataset(), range: range, today: today)
  }
}

@Suite struct ReportHistoryTests {
  func tracker(_ report: TrackerReport, _ id: String) throws -> ReportTracker {
    try #require(report.groups.flatMap(\.trackers).first { $0.id == id })
  }

  @Test func daysAfterTheDataEndAreNeverMissed() throws {
    let report = HistoryDataset.report(HistoryDataset.day("2016-01-01")...HistoryDataset.day("2016-12-31"))
    #expect(report.dataEnd == HistoryDataset.day("2016-03-11"))
    #expect(report.dataEndsBeforeToday)
    #expect(report.asOf == HistoryDataset.day("2016-03-11"))
    let floss = try tracker(report, "f")
    // 12 March – 31 December: no data, not missed.
    #expect(floss.days.count { $0 == .missed } == 3)  // 7, 8, 9 March
    #expect(floss.days.count { $0 == .noData } == 295)
    #expect(floss.currentStreak == 2)
    #expect(floss.rates[0] == ReportRate(days: 7, done: 2, planned: 5))
    // The heatmap plans nothing after the data's end.
    let afterEnd = HistoryDataset.day("2016-01-01").days(to: HistoryDataset.day("2016-03-12"))
    #expect(report.combinedPlanned[afterEnd...].allSatisfy { $0 == 0 })
  }

  @Test func daysBeforeTheDataStartAreNeverMissed() throws {
    // Floss without a creation day: planned every day, but the data starts on 29 February.
    var data = HistoryDataset.dataset()
    data.trackers[1].createdOn = nil
    let report = TrackerReport(dataset: data, range: HistoryDataset.day("2016-01-01")...HistoryDataset.day("2016-03-11"),
                               today: HistoryDataset.today)
    #expect(report.dataStart == HistoryDataset.day("2016-02-29"))
    let floss = try tracker(report, "f")
    #expect(floss.days.prefix(59).allSatisfy { $0 == .noData })  // 1 January – 28 February
    #expect(floss.days.count { $0 == .missed } == 10)  // 29 February – 9 March
    #expect(floss.rates[3] == ReportRate(days: 365, done: 2, planned: 12))
    #expect(report.combinedPlanned.prefix(59).allSatisfy { $0 == 0 })
    // A range wholly before the data has nothing to count, and does not trap.
    let before = TrackerReport(dataset: data, range: HistoryDataset.day("2010-01-01")...HistoryDataset.day("2010-12-31"),
                               today: HistoryDataset.today)
    #expect(try tracker(before, "f").rates.allSatisfy { $0.planned == 0 })
  }

  @Test func aFrequencyCountsTheWeekAsLoopDoes() throws {
    let report = HistoryDataset.report(HistoryDataset.day("2016-02-29")...HistoryDataset.day("2016-03-13"))
    let gym = try tracker(report, "g")
    // 29 Feb – 11 Mar: six done days, the other six covered; 12 and 13 March: no data.
    #expect(gym.days.count { $0 == .done } == 6)
    #expect(gym.days.count { $0 == .covered } == 6)
    #expect(gym.days.suffix(2) == [.noData, .noData])
    #expect(gym.currentStreak == 12)
    #expect(gym.bestStreak == 12)
    // 5–11 March: 7 of 7, where counting records alone gives 3 of 7 (43%).
    #expect(gym.rates[0] == ReportRate(days: 7, done: 7, planned: 7))
    #expect(gym.rates[0].percent == 100)
    #expect(gym.doneInRange == 6)
    // The statistics use the same definition: every day from 29 Feb to 11 Mar is perfect
    // except 7–9 March, when Floss is planned and not done.
    #expect(report.statistics.perfectDays == 9)
    #expect(report.statistics.bestPeriod == 7)
  }

  @Test func theOpenPeriodIsPendingNotMissed() throws {
    // Today is Wednesday 9 March 2016, the data's last day. Gym, done 29 Feb, 2, 4 and 7 March:
    // the runs 29 Feb–2–4 and 2–4–7 cover 27 Feb – 8 Mar; the 9th has no record, and a window
    // from the 4th or 7th could still cover it: in progress, not missed, so the streak holds.
    // Walk, every day from the 8th and never done: the 8th is over (missed), today is pending.
    var data = HistoryDataset.dataset()
    data.records.removeAll { $0.date > HistoryDataset.day("2016-03-07") }
    data.records.append(TrackerRecord(trackerId: "f", date: HistoryDataset.day("2016-03-09")))
    data.trackers.append(Tracker(id: "w", kind: .habit, name: "Walk", categoryId: "c", emoji: "🚶", color: "#35347C",
                                 schedule: Weekday.allCases, createdOn: HistoryDataset.day("2016-03-08")))
    let today = HistoryDataset.day("2016-03-09")
    let report = TrackerReport(dataset: data, range: HistoryDataset.day("2016-02-29")...today, today: today)
    let gym = try tracker(report, "g")
    #expect(gym.days.suffix(2) == [.covered, .pending])
    #expect(!gym.days.contains(.missed))
    #expect(gym.currentStreak == 9)
    #expect(gym.rates[0] == ReportRate(days: 7, done: 6, planned: 6))
    let walk = try tracker(report, "w")
    #expect(walk.days.suffix(2) == [.missed, .pending])
    #expect(walk.currentStreak == 0)
  }
}

@Suite struct ReportLayoutTests {
  /// The `<text>` labels of each `<svg>` in `page`: x and text, in order.
  func monthLabels(_ page: String) -> [[(x: Int, text: String)]] {
    page.components(separatedBy: "<svg class=\"g\"").dropFirst().map { svg in
      let body = svg.components(separatedBy: "</svg>")[0]
      return body.components(separatedBy: "<text x=\"").dropFirst().compactMap { part -> (Int, String)? in
        let x = Int(part.prefix { $0.isNumber }) ?? 0
        guard part.contains("y=\"10\""), let start = part.firstIndex(of: ">"), let end = part.firstIndex(of: "<") else { return nil }
        return (x, String(part[part.index(after: start)..<end]))
      }
    }
  }

  @Test func monthLabelsAtTheLeftEdgeDoNotOverlap() {
    // 10 November 2025 starts the range: the old page drew "Nov 2025" and "Dec" over each other.
    let data = HistoryDataset.dataset()
    let report = TrackerReport(dataset: data, range: HistoryDataset.day("2025-11-10")...HistoryDataset.day("2026-11-09"),
                               today: HistoryDataset.day("2026-11-09"))
    let page = HTMLReport(report, locale: .en, theme: .light).render()
    let rows = monthLabels(page)
    #expect(!rows.isEmpty)
    for labels in rows {
      #expect(labels.first?.text == "Dec 2025")
      for (a, b) in zip(labels, labels.dropFirst()) {
        #expect(b.x >= a.x + a.text.count * 6, "\(a.text) at \(a.x) runs into \(b.text) at \(b.x)")
      }
    }
  }

  @Test func severalYearsAreRowsOfOneWidthThatScaleToThePage() {
    let report = HistoryDataset.report(HistoryDataset.day("2013-03-12")...HistoryDataset.day("2016-03-11"))
    let page = HTMLReport(report, locale: .en, theme: .light).render()
    let section = page.components(separatedBy: "<section class=\"tracker\"")[1]
    let svgs = section.components(separatedBy: "<svg class=\"g\" width=\"").dropFirst().map { $0.prefix { $0.isNumber } }
    #expect(svgs.count == 3)
    #expect(Set(svgs).count == 1)
    #expect((Int(svgs.first ?? "") ?? 0) <= HTMLReport.left + HTMLReport.rowColumns * HTMLReport.step)
    // Each row carries its year on its first label.
    #expect(monthLabels(page)[0...2].map { $0.first?.text.suffix(4) } == ["2013", "2014", "2015"])
    #expect(page.contains(".g{display:block;width:100%;height:auto}"))
    #expect(page.contains("The data ends on 2016-03-11"))
  }

  @Test func missedDaysWeighLessThanDoneDays() throws {
    // Each theme: a missed cell stands out from the card less than any done colour does, and
    // more than a day that is not planned.
    for (variables, card) in [(HTMLReport.lightVariables, ReportColors.lightBackground),
                              (HTMLReport.darkVariables, ReportColors.darkBackground)] {
      func variable(_ name: String) throws -> RGBColor {
        let value = try #require(variables.components(separatedBy: "--\(name):").dropFirst().first?.prefix(7))
        return try #require(RGBColor(hex: String(value)))
      }
      let missed = ReportColors.contrast(try variable("missf"), card)
      let off = ReportColors.contrast(try variable("off"), card)
      #expect(missed > off)
      for color in PaletteColor.allCases {
        let shown = ReportColors.readable(RGBColor(hex: color.rawValue)!, on: card)
        #expect(missed < ReportColors.contrast(shown, card), "\(color) on \(card.hex)")
      }
    }
  }
}
