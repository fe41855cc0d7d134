import Testing
import TrackerModel
@testable import TrackerMerge

@Suite struct DatasetDiffTests {
  let base = MergeTestData.base

  @Test func aDatasetDoesNotDifferFromItself() {
    #expect(DatasetDiff(from: base, to: base).isEmpty)
  }

  @Test func addedRemovedAndChangedTrackersWithTheirFields() throws {
    var new = base
    new.trackers[0].goal = TrackerGoal(target: 10, unit: "glass")
    new.trackers[0].emoji = nil
    new.trackers.remove(at: 2)
    new.records.removeAll { $0.trackerId == "t-plants" }
    new.trackers.append(Tracker(id: "t-read", kind: .habit, name: "Read", categoryId: "c-home", emoji: "📚", color: "#000000",
                                schedule: Weekday.allCases))
    new.records.append(TrackerRecord(trackerId: "t-read", date: MergeTestData.day("2026-03-05")))
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.trackers.map(\.kind) == [.changed, .added, .removed])
    let water = try #require(diff.trackers.first)
    #expect(water.fields == [FieldChange(field: "emoji", old: "💧", new: nil),
                             FieldChange(field: "goal", old: "at least 8 glass", new: "at least 10 glass")])
    #expect(diff.trackers[1].name == "Read" && diff.trackers[1].recordCount == 1)
    #expect(diff.trackers[2].name == "Water the plants" && diff.trackers[2].recordCount == 1)
    #expect(diff.recordsAdded == 1 && diff.recordsRemoved == 1)
  }

  @Test func daysAddedRemovedAndChangedPerTracker() throws {
    var new = base
    new.records.removeAll { $0.trackerId == "t-run" && $0.date == MergeTestData.day("2026-03-02") }
    new.records.append(TrackerRecord(trackerId: "t-run", date: MergeTestData.day("2026-03-09")))
    new.records.append(TrackerRecord(trackerId: "t-run", date: MergeTestData.day("2026-03-11")))
    new.records[1].note = "very hot day"
    new.entries[0].note = "rain"
    let diff = DatasetDiff(from: base, to: new)
    let run = try #require(diff.trackers.first { $0.id == "t-run" })
    #expect(run.days.recordsAdded == [MergeTestData.day("2026-03-09"), MergeTestData.day("2026-03-11")])
    #expect(run.days.recordsRemoved == [MergeTestData.day("2026-03-02")])
    #expect(run.days.entriesChanged == [MergeTestData.day("2026-03-06")])
    let water = try #require(diff.trackers.first { $0.id == "t-water" })
    #expect(water.days.recordsChanged == [MergeTestData.day("2026-03-03")] && water.fields.isEmpty)
  }

  @Test func aTrackerWithAnotherIdButTheSameNormalisedNameIsMatchedByName() throws {
    var new = base
    new.trackers[1].id = "other-run-id"
    new.trackers[1].name = "  rún "
    for i in new.records.indices where new.records[i].trackerId == "t-run" { new.records[i].trackerId = "other-run-id" }
    for i in new.entries.indices where new.entries[i].trackerId == "t-run" { new.entries[i].trackerId = "other-run-id" }
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.trackers.count == 1)
    let run = try #require(diff.trackers.first)
    #expect(run.kind == .changed && run.matchedByName && run.oldId == "t-run")
    #expect(run.fields == [FieldChange(field: "name", old: "Run", new: "  rún ")])
    #expect(run.days.isEmpty)
  }

  @Test func aNameMatchNeedsTheSameKind() {
    var new = base
    new.trackers[1].id = "x"
    new.trackers[1].kind = .event
    new.trackers[1].schedule = nil
    new.records.removeAll { $0.trackerId == "t-run" }
    new.entries.removeAll()
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.trackers.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .removed])
  }

  @Test func categoriesAreComparedByTitleAndARetitledIdIsARename() {
    var new = base
    new.categories[1].title = "House"
    new.categories.append(TrackerCategory(id: "c-new", title: "Study"))
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.categories.map(\.kind) == [.renamed, .added])
    #expect(diff.categories[0].oldTitle == "Home" && diff.categories[0].title == "House")
    // Trackers of the renamed category report their category by title.
    #expect(diff.trackers.first { $0.id == "t-plants" }?.fields == [FieldChange(field: "category", old: "Home", new: "House")])
  }

  @Test func tasksByIdThenByTitleAndStart() throws {
    var new = base
    new.tasks[0].id = "another-id"
    new.tasks[0].done = true
    new.tasks.append(PlanTask(id: "task-2", title: "Taxes", description: nil, color: nil))
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.tasks.map(\.kind) == [.changed, .added])
    #expect(diff.tasks[0].fields == [FieldChange(field: "done", old: "no", new: "yes")])
  }

  @Test func extrasDifferPerNamespace() throws {
    var new = base
    new.trackers[0].extras["loop"] = .object([JSONMember("position", .number("3"))])
    new.extras["habitica"] = .string("x")
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.trackers.first?.fields == [FieldChange(field: "extras.loop", old: nil, new: "{\"position\":3}")])
    #expect(diff.datasetFields == [FieldChange(field: "extras.habitica", old: nil, new: "\"x\"")])
  }

  @Test func dayRangesJoinConsecutiveDays() {
    let days = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-02-01", "2026-02-03", "2026-02-05"]
      .map(MergeTestData.day)
    #expect(DayRanges.text(days) == "2026-01-01…2026-01-03, 2026-01-05, 2026-02-01, … (2 more)")
    #expect(DayRanges.text(days, limit: 10) == "2026-01-01…2026-01-03, 2026-01-05, 2026-02-01, 2026-02-03, 2026-02-05")
  }

  @Test func namesAreComparedFoldedWithWhiteSpaceCollapsed() {
    #expect(NameKey.of("  Drínk \t WATER ") == NameKey.of("drink water"))
    #expect(NameKey.of("Ёлка") == NameKey.of("елка"))
    #expect(NameKey.of("Drink water!") != NameKey.of("drink water"))
  }

  @Test func theUsersOrderIsCompared() {
    var new = base
    new.trackers.reverse()
    new.categories.reverse()
    #expect(DatasetDiff(from: base, to: new).datasetFields.map(\.field) == ["trackers.order", "categories.order"])
    // A format that cannot carry the order made it up.
    #expect(DatasetDiff(from: MergeInput(base), to: MergeInput(new, cannotCarry: [.trackerOrder, .categoryOrder])).isEmpty)
  }

  @Test func fieldsAFormatCannotCarryAreNotCompared() {
    var new = base
    new.trackers[0].emoji = "😡"
    new.trackers[1].pinned = true
    #expect(!DatasetDiff(from: base, to: new).isEmpty)
    #expect(DatasetDiff(from: MergeInput(base, cannotCarry: [.trackerEmoji, .trackerPinned]), to: MergeInput(new)).isEmpty)
  }

  @Test func aCategoryRetitledInCaseOnlyIsARename() {
    var new = base
    new.categories[1].title = "HOME"
    let diff = DatasetDiff(from: base, to: new)
    #expect(diff.categories.map(\.kind) == [.renamed] && diff.categories.first?.oldTitle == "Home")
  }
}
