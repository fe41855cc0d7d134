import Testing
import TrackerModel
import TrackerReport

/// A habit whose data ends (a merge found a newer source without it) is painted up to its
/// last day and not planned after it: no "missed" for the months it was not in the data.
@Suite struct ReportDataEndTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  @Test func daysAfterTheDataEndAreNotMissed() throws {
    var read = Tracker(id: "read", kind: .habit, name: "Read", categoryId: "c", emoji: "🙂", color: "#FD4C49",
                       schedule: Weekday.allCases, createdOn: Self.day("2026-03-01"))
    let run = Tracker(id: "run", kind: .habit, name: "Run", categoryId: "c", emoji: "🙂", color: "#FD4C49",
                      schedule: Weekday.allCases, createdOn: Self.day("2026-03-01"))
    let records = [TrackerRecord(trackerId: "read", date: Self.day("2026-03-02")),
                   TrackerRecord(trackerId: "run", date: Self.day("2026-03-20"))]
    func report(_ read: Tracker) -> ReportTracker? {
      let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Habits")], trackers: [read, run], records: records)
      return TrackerReport(dataset: dataset, range: Self.day("2026-03-01")...Self.day("2026-03-31"), today: Self.day("2026-03-31"))
        .groups.flatMap(\.trackers).first { $0.name == "Read" }
    }
    // Without the mark, days after 5 March are missed; with it, they are not planned, and the
    // days up to it are as before.
    let before = try #require(report(read))
    #expect(before.days.suffix(26).contains(.missed))
    read.dataEndsOn = Self.day("2026-03-05")
    let after = try #require(report(read))
    #expect(Array(after.days.prefix(5)) == Array(before.days.prefix(5)))
    #expect(after.days.suffix(26).allSatisfy { $0 == .notPlanned })
  }
}
