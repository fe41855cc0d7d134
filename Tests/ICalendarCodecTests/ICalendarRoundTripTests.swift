import Foundation
import Testing
import TrackerPort

@Suite struct ICalendarRoundTripTests {
  @Test func demoDatasetSurvives() throws {
    let demo = try DatasetFile.load(Harness.root.appendingPathComponent("SampleData/demo.trackport.json").path)
    let bytes = try Harness.encode(demo.dataset)
    let (decoded, context) = try Harness.decode(bytes)
    #expect(decoded == demo.dataset)
    #expect(context.diagnostics.isEmpty)
    #expect(try Harness.encode(decoded) == bytes, "writing is deterministic")
  }

  @Test(arguments: 0..<120)
  func nastyGeneratedDatasetSurvives(seed: Int) throws {
    let dataset = nastyDataset(seed: UInt64(seed))
    let bytes = try Harness.encode(dataset, options: seed % 3 == 0 ? ["history": "true"] : [:])
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "a control written raw")
    let (decoded, _) = try Harness.decode(bytes)
    #expect(decoded == dataset)
  }

  @Test func foreignRecurringEventBecomesHabitWithLossesReported() throws {
    let text = """
    BEGIN:VCALENDAR
    VERSION:2.0
    BEGIN:VEVENT
    UID:run-1
    SUMMARY:🏃 Run
    DTSTART:20260105T070000
    RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10
    EXDATE:20260107T070000
    CATEGORIES:Sport
    COLOR:red
    END:VEVENT
    BEGIN:VTODO
    UID:t1
    SUMMARY:Call
    PRIORITY:1
    DUE:20260106T100000
    END:VTODO
    END:VCALENDAR
    """
    let (dataset, context) = try Harness.decode(text)
    let habit = try #require(dataset.trackers.first)
    #expect(habit.kind == .habit && habit.schedule == [.mon, .wed] && habit.emoji == "🏃" && habit.name == "Run")
    #expect(habit.color == "#FF0000" && dataset.categories.map(\.title) == ["Sport"])
    let codes = context.diagnostics.map(\.code)
    #expect(codes.filter { $0 == "lossy-recurrence" }.count == 4)
    #expect(dataset.tasks.first?.category == "urgent")
  }
}
