import Testing
import TrackerModel
@testable import TrackerMerge

@Suite struct DatasetMergerTests {
  let base = MergeTestData.base
  func day(_ text: String) -> LocalDate { MergeTestData.day(text) }

  @Test func mergingADatasetIntoItselfChangesNothing() {
    let result = DatasetMerger().merge(base, [base])
    #expect(result.dataset == base)
    #expect(result.conflicts.isEmpty)
    #expect(result.plan.recordsPresent == base.records.count && result.plan.recordsNew == 0 && result.plan.trackersNew == 0)
  }

  @Test func overlappingExportsGiveEveryDayOfBothOnce() {
    var later = base
    later.records.removeFirst()  // the older export had it; the newer one starts later
    later.records.append(TrackerRecord(trackerId: "t-run", date: day("2026-03-09")))
    later.records.append(TrackerRecord(trackerId: "t-water", date: day("2026-03-09"), amount: 8))
    let result = DatasetMerger().merge(base, [later])
    #expect(result.dataset.records.count == base.records.count + 2)
    #expect(Set(result.dataset.records.map { "\($0.trackerId) \($0.date)" }).count == result.dataset.records.count)
    #expect(result.plan.recordsNew == 2 && result.plan.recordsPresent == later.records.count - 2)
    #expect(result.conflicts.isEmpty)
  }

  @Test func trackersMatchedByNameShareTheirDaysUnderTheBaseId() throws {
    var other = base
    other.trackers[1].id = "habitbull-run"
    for i in other.records.indices where other.records[i].trackerId == "t-run" { other.records[i].trackerId = "habitbull-run" }
    for i in other.entries.indices where other.entries[i].trackerId == "t-run" { other.entries[i].trackerId = "habitbull-run" }
    other.records.append(TrackerRecord(trackerId: "habitbull-run", date: day("2026-03-13")))
    let result = DatasetMerger().merge(base, [other])
    #expect(result.dataset.trackers.map(\.id) == base.trackers.map(\.id))
    #expect(result.dataset.records.filter { $0.trackerId == "t-run" }.count == 3)
    #expect(result.plan.trackersByName == 1 && result.plan.recordsNew == 1)
  }

  @Test func fieldConflictsAreReportedWithBothValuesAndPreferDecides() throws {
    var other = base
    other.trackers[0].color = "#112233"
    other.trackers[0].description = "8 a day"  // unset in the base: filled, no conflict
    let incoming = DatasetMerger(prefer: .incoming).merge(base, [other])
    #expect(incoming.conflicts == [MergeConflict(subject: "tracker \"Drink water\"", field: "color", base: "#0077FF",
                                                 incoming: "#112233", kept: .incoming, pointer: "/trackers/0/color")])
    #expect(incoming.dataset.trackers[0].color == "#112233" && incoming.dataset.trackers[0].description == "8 a day")
    let kept = DatasetMerger(prefer: .base).merge(base, [other])
    #expect(kept.dataset.trackers[0].color == "#0077FF" && kept.dataset.trackers[0].description == "8 a day")
    #expect(kept.conflicts.first?.kept == .base)
    #expect(kept.plan.trackersInConflict == 1)
  }

  @Test func anUnsetValueNeverErasesTheOtherSide() {
    var poorer = base
    for i in poorer.trackers.indices {
      poorer.trackers[i].emoji = nil
      poorer.trackers[i].goal = nil
    }
    for i in poorer.records.indices { poorer.records[i].amount = nil; poorer.records[i].note = nil }
    let result = DatasetMerger().merge(base, [poorer])
    #expect(result.dataset == base)
    #expect(result.conflicts.isEmpty)
  }

  @Test func aDayDoneOnOneSideAndSkippedOnTheOtherIsOneDay() throws {
    var other = base
    other.entries = []
    other.records.append(TrackerRecord(trackerId: "t-run", date: day("2026-03-06")))  // skipped in the base
    let incoming = DatasetMerger().merge(base, [other])
    #expect(incoming.dataset.entries.isEmpty)
    #expect(incoming.dataset.records.contains { $0.trackerId == "t-run" && $0.date == day("2026-03-06") })
    #expect(incoming.conflicts.map(\.field) == ["2026-03-06"])
    #expect(incoming.conflicts.first?.base == "skipped" && incoming.conflicts.first?.incoming == "done")
    let kept = DatasetMerger(prefer: .base).merge(base, [other])
    #expect(kept.dataset.entries == base.entries)
    #expect(!kept.dataset.records.contains { $0.trackerId == "t-run" && $0.date == day("2026-03-06") })
  }

  @Test func differentAmountsOnOneDayConflict() {
    var other = base
    other.records[0].amount = 10
    let result = DatasetMerger().merge(base, [other])
    #expect(result.dataset.records[0].amount == 10)
    #expect(result.conflicts.map { "\($0.field): \($0.base) → \($0.incoming)" } == ["2026-03-02 amount: 8 → 10"])
    #expect(result.plan.recordsInConflict == 1)
  }

  @Test func categoriesByTitleAndNewOnesKeepAFreeId() {
    var other = base
    other.categories = [TrackerCategory(id: "c-home", title: "Study"), TrackerCategory(id: "x-health", title: "health")]
    other.trackers = [Tracker(id: "t-read", kind: .habit, name: "Read", categoryId: "c-home", emoji: "📚", color: "#000000",
                              schedule: Weekday.allCases),
                      Tracker(id: "t-water", kind: .habit, name: "Drink water", categoryId: "x-health", emoji: "💧",
                              color: "#0077FF", schedule: Weekday.allCases, goal: TrackerGoal(target: 8, unit: "glass"))]
    other.records = []
    other.entries = []
    let result = DatasetMerger().merge(base, [other])
    // "health" is "Health" retitled (the incoming side's spelling wins, as a conflict).
    #expect(result.dataset.categories.map(\.title) == ["health", "Home", "Study"])
    #expect(result.dataset.categories[2].id == "c-home-2")
    #expect(result.dataset.trackers.last?.categoryId == "c-home-2")
    #expect(result.dataset.trackers[0].categoryId == "c-health")
    #expect(result.conflicts.map(\.field) == ["title"])
  }

  @Test func tasksByIdThenTitleAndStartNewOnesAfterTheBasePositions() {
    var other = base
    other.tasks[0].id = "renamed-id"
    other.tasks[0].done = true
    other.tasks.append(PlanTask(id: "task-9", title: "Taxes", description: nil, color: nil, position: 0))
    let result = DatasetMerger().merge(base, [other])
    #expect(result.dataset.tasks.map(\.title) == ["Call mum", "Taxes"])
    #expect(result.dataset.tasks.map(\.id) == ["task-1", "task-9"])
    #expect(result.dataset.tasks.map(\.position) == [0, 1])
    #expect(result.dataset.tasks[0].done)
    #expect(result.plan.tasksMatched == 1 && result.plan.tasksNew == 1)
  }

  @Test func extrasMergePerNamespace() {
    var a = base
    a.trackers[0].extras = ["loop": .string("a"), "habitbull": .string("h")]
    var b = base
    b.trackers[0].extras = ["loop": .string("b"), "tickmate": .string("t")]
    let result = DatasetMerger().merge(a, [b])
    #expect(result.dataset.trackers[0].extras == ["loop": .string("b"), "habitbull": .string("h"), "tickmate": .string("t")])
    #expect(result.conflicts.map(\.field) == ["extras.loop"])
  }

  /// What an incoming format cannot carry, its reader made up: it never overrides the base.
  @Test func fieldsTheIncomingFormatCannotCarryNeverOverrideTheBase() {
    var poor = base
    for i in poor.trackers.indices {
      poor.trackers[i].emoji = "🙂"
      poor.trackers[i].pinned = false
      poor.trackers[i].categoryId = "c-loop"
    }
    poor.categories = [TrackerCategory(id: "c-loop", title: "Loop Habit Tracker")]
    var pinnedBase = base
    pinnedBase.trackers[0].pinned = true
    let result = DatasetMerger().merge(MergeInput(pinnedBase),
                                       [MergeInput(poor, cannotCarry: [.trackerEmoji, .trackerPinned, .categories])])
    #expect(result.conflicts.isEmpty, "\(result.conflicts)")
    #expect(result.dataset.trackers == pinnedBase.trackers)
    // The other way round: the base's made-up values give way without a conflict.
    let filled = DatasetMerger().merge(MergeInput(poor, cannotCarry: [.trackerEmoji, .trackerPinned, .categories]),
                                       [MergeInput(pinnedBase)])
    #expect(filled.conflicts.isEmpty)
    #expect(filled.dataset.trackers.map(\.emoji) == pinnedBase.trackers.map(\.emoji))
    #expect(filled.dataset.trackers[0].pinned)
  }

  @Test func aCategoryRetitledInCaseOnlyIsAConflictPreferDecides() {
    var other = base
    other.categories[0].title = "HEALTH"
    let result = DatasetMerger().merge(base, [other])
    #expect(result.dataset.categories[0].title == "HEALTH")
    #expect(result.conflicts.map(\.field) == ["title"])
  }
}
