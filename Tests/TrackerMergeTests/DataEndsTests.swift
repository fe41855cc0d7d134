import Testing
import TrackerModel
@testable import TrackerMerge

/// Where a merged habit's data ends: a newer source that no longer has a habit ends it at its
/// last marked day, so the report and the statistics count no day after it as missed.
@Suite struct DataEndsTests {
  static func day(_ n: Int) -> LocalDate { LocalDate("2026-03-01")!.adding(days: n) }

  static func habit(_ id: String) -> Tracker {
    Tracker(id: id, kind: .habit, name: id.capitalized, categoryId: "c", emoji: "🙂", color: "#FD4C49", schedule: Weekday.allCases)
  }

  /// An older backup with "read" and "run" (days 0–9), a newer one with "run" only (days 10–30).
  static let older = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Habits")],
                                    trackers: [habit("read"), habit("run")],
                                    records: (0..<10).flatMap { [TrackerRecord(trackerId: "read", date: day($0)), TrackerRecord(trackerId: "run", date: day($0))] })
  static let newer = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Habits")], trackers: [habit("run")],
                                    records: (10...30).map { TrackerRecord(trackerId: "run", date: day($0)) })

  @Test(arguments: [false, true])
  func aHabitTheNewerSourceLacksEndsAtItsLastDay(newerFirst: Bool) {
    let merged = newerFirst ? DatasetMerger().merge(Self.newer, [Self.older]).dataset : DatasetMerger().merge(Self.older, [Self.newer]).dataset
    let read = merged.trackers.first { $0.name == "Read" }, run = merged.trackers.first { $0.name == "Run" }
    #expect(read?.dataEndsOn == Self.day(9))
    #expect(run?.dataEndsOn == nil)
    // Planned up to its last day, not after; merging again changes nothing.
    #expect(read?.isPlanned(on: Self.day(9), firstCompletion: Self.day(0), lastMarked: Self.day(9)) == true)
    #expect(read?.isPlanned(on: Self.day(10), firstCompletion: Self.day(0), lastMarked: Self.day(9)) == false)
    let again = DatasetMerger().merge(merged, [Self.newer]).dataset
    #expect(again == merged)
  }

  /// A source reaching past the end that has the habit again clears it; an older one does not.
  @Test func aSourceThatStillHasTheHabitClearsTheEnd() {
    let merged = DatasetMerger().merge(Self.older, [Self.newer]).dataset
    let older = DatasetMerger().merge(merged, [Self.older]).dataset
    #expect(older.trackers.first { $0.name == "Read" }?.dataEndsOn == Self.day(9))
    let later = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Habits")], trackers: [Self.habit("read")],
                               records: [TrackerRecord(trackerId: "read", date: Self.day(40))])
    let back = DatasetMerger().merge(merged, [later]).dataset
    #expect(back.trackers.first { $0.name == "Read" }?.dataEndsOn == nil)
  }

  /// The statistics and the report's plan stop at the end (``DatasetIndex/isPlanned(_:at:on:)``).
  @Test func theIndexPlansNothingAfterTheEnd() {
    let merged = DatasetMerger().merge(Self.older, [Self.newer]).dataset
    let index = DatasetIndex(merged)
    let i = merged.trackers.firstIndex { $0.name == "Read" }!
    #expect(index.dataEnds[i] == Self.day(9))
    #expect(index.isPlanned(merged.trackers[i], at: i, on: Self.day(9)))
    #expect(!index.isPlanned(merged.trackers[i], at: i, on: Self.day(20)))
  }
}
