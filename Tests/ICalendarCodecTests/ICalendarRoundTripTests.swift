import Foundation
import Testing
import TrackerTestSupport
import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

@Suite struct ICalendarRoundTripTests {
  @Test func demoDatasetSurvives() throws {
    try expectLosslessRoundTrip(ICalendarCodec(), try Harness.demo(), name: "test.ics")
  }

  @Test(arguments: 0..<120)
  func nastyGeneratedDatasetSurvives(seed: Int) throws {
    let dataset = nastyDataset(seed: UInt64(seed))
    let bytes = try Harness.encode(dataset, options: seed % 3 == 0 ? ["history": "true"] : seed % 3 == 1 ? ["timezone": "Europe/Moscow"] : [:])
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "a control written raw")
    let (decoded, _) = try Harness.decode(bytes)
    #expect(decoded == dataset)
  }

  @Test func optionsShapeTheRuleAndUnknownZonesAreRefused() throws {
    let demo = try Harness.demo()
    let text = String(decoding: try Harness.encode(demo, options: ["until": "2027-01-31", "timezone": "Europe/Moscow"]), as: UTF8.self)
    #expect(text.contains(";WKST=MO;UNTIL=20270131\r\n"))
    #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Moscow\r\n"))
    #expect(throws: CodecError.self) { try Harness.encode(demo, options: ["timezone": "Mars/Olympus"]) }
  }

  @Test func monthlyRuleKeepsTheNearestHabitAndNumberedDayIsReported() throws {
    let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:m\nSUMMARY:Rent\nDTSTART;VALUE=DATE:20260102\nRRULE:FREQ=MONTHLY;BYDAY=1FR\nEND:VEVENT\nBEGIN:VJOURNAL\nUID:j\nEND:VJOURNAL\nEND:VCALENDAR\n"
    let (dataset, context) = try Harness.decode(text, options: ["default-category": "Bills"])
    #expect(dataset.trackers.first?.schedule == [.fri])
    #expect(dataset.categories.map(\.title) == ["Bills"])
    #expect(context.diagnostics.map(\.code).sorted() == ["lossy-recurrence", "lossy-recurrence", "skipped-component"])
    #expect(context.diagnostics.allSatisfy { $0.location.line != nil })
  }

  @Test func historyWritesOneEventPerCompletionThatReadingSkips() throws {
    let demo = try Harness.demo()
    let text = String(decoding: try Harness.encode(demo, options: ["history": "true"]), as: UTF8.self)
    #expect(text.components(separatedBy: "X-TRACKPORT-HISTORY:TRUE\r\n").count - 1 == demo.records.count)
    #expect(text.contains("SUMMARY:✓ "))
    #expect(try Harness.decode(Array(text.utf8)).0 == demo)
  }

  @Test func sniffsCalendarsOnly() {
    #expect(Harness.codec.sniff(Array("\u{FEFF}\r\nbegin:vcalendar\r\n".utf8)))
    #expect(!Harness.codec.sniff(Array("{\"trackport\": 1}".utf8)))
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
    // Its category and colour are the calendar's: nothing is marked made up.
    #expect(habit.invented.isEmpty)
  }

  /// Another calendar's event without CATEGORIES or COLOR gets the default category and a
  /// palette colour: made up, and marked so; our own files' components never are.
  @Test func aForeignEventsDefaultCategoryAndColourAreMarkedMadeUp() throws {
    let (dataset, _) = try Harness.decode("""
    BEGIN:VCALENDAR
    VERSION:2.0
    BEGIN:VEVENT
    UID:dentist-1
    SUMMARY:Dentist
    DTSTART;VALUE=DATE:20260105
    END:VEVENT
    END:VCALENDAR
    """)
    let event = try #require(dataset.trackers.first)
    #expect(event.invented == [.category, .color])
    #expect(dataset.categories.map(\.title) == ["Calendar"] && dataset.inventedCategoryIds == [event.categoryId])
    let own = try Harness.decode(try Harness.encode(try Harness.demo())).0
    #expect(own.trackers.allSatisfy { $0.invented.isEmpty })
  }
}
