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
    // The first Friday of the month: once a month on Fridays; only "first" is lost.
    #expect(dataset.trackers.first?.schedule == [.fri])
    #expect(dataset.trackers.first?.frequency == TrackerFrequency(times: 1, days: 30))
    #expect(dataset.categories.map(\.title) == ["Bills"])
    #expect(context.diagnostics.map(\.code).sorted() == ["lossy-recurrence", "skipped-component"])
    #expect(context.diagnostics.allSatisfy { $0.location.line != nil })
  }

  /// Google Calendar's repeats (issue 45): monthly, every n days and every n weeks are
  /// frequencies, told of only for what they cannot say.
  @Test(arguments: [
    ("FREQ=MONTHLY;BYMONTHDAY=5", Weekday.allCases, TrackerFrequency(times: 1, days: 30), [String]()),
    ("FREQ=MONTHLY", Weekday.allCases, TrackerFrequency(times: 1, days: 30), []),
    ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15", Weekday.allCases, TrackerFrequency(times: 2, days: 90), []),
    ("FREQ=MONTHLY;BYDAY=MO", [Weekday.mon], nil, []),
    ("FREQ=MONTHLY;BYDAY=-1FR", [Weekday.fri], TrackerFrequency(times: 1, days: 30), ["BYDAY=-1FR"]),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", [.mon, .tue, .wed, .thu, .fri], nil, ["BYSETPOS=-1"]),
    ("FREQ=DAILY;INTERVAL=3", Weekday.allCases, TrackerFrequency(times: 1, days: 3), []),
    ("FREQ=WEEKLY;INTERVAL=2", [Weekday.thu], TrackerFrequency(times: 1, days: 14), []),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", [Weekday.tue, .thu], TrackerFrequency(times: 2, days: 14), []),
    ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=5", Weekday.allCases, TrackerFrequency(times: 1, days: 365), ["FREQ=YEARLY"]),
    ("FREQ=WEEKLY;BYDAY=MO,WE", [Weekday.mon, .wed], nil, []),
  ])
  func repeatsBecomeFrequencies(rule: String, schedule: [Weekday], frequency: TrackerFrequency?, lost: [String]) throws {
    // 2026-03-05 is a Thursday.
    let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:g1@google.com\r\nSUMMARY:Pay rent\r\nDTSTART;VALUE=DATE:20260305\r\nRRULE:\(rule)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let (dataset, context) = try Harness.decode(text)
    let habit = try #require(dataset.trackers.first)
    #expect(habit.kind == .habit && habit.schedule == schedule, "\(rule): \(habit.schedule ?? [])")
    #expect(habit.frequency == frequency, "\(rule)")
    let said = context.diagnostics.filter { $0.code == "lossy-recurrence" }.map(\.message)
    #expect(said.count == lost.count, "\(rule): \(said)")
    for (message, part) in zip(said, lost) { #expect(message.contains(part), "\(rule): \(message)") }
  }

  /// What a calendar app can change in an object TrackerPort wrote comes back when read
  /// (`calendar pull`, issue 45): the title, the description, a dated event's day, a habit's
  /// weekdays; a time of day is named as not taken. An object nobody edited reads as written.
  @Test func editsMadeInACalendarAppAreTaken() throws {
    var made = Tracker(id: "walk", kind: .habit, name: "Walk", categoryId: "c", emoji: "🌺", color: "#FD4C49", schedule: [.mon, .wed])
    made.invented = [.emoji]
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Health")], trackers: [
      Tracker(id: "run", kind: .habit, name: "Run", categoryId: "c", emoji: "🏃", color: "#FD4C49", schedule: [.tue], description: "5 km"),
      Tracker(id: "dentist", kind: .event, name: "Dentist", categoryId: "c", emoji: "🦷", color: "#FD4C49", date: LocalDate("2026-03-10")),
      made,
    ])
    let written = String(decoding: try Harness.encode(dataset), as: UTF8.self)
    // A made-up emoji is no part of the title a person sees.
    #expect(written.contains("SUMMARY:Walk\r\n") && written.contains("SUMMARY:🏃 Run\r\n"))
    #expect(try Harness.decode(Array(written.utf8)).0 == dataset)
    var edited = written.replacingOccurrences(of: "SUMMARY:🏃 Run\r\n", with: "SUMMARY:🚴 Evening ride\r\n")
      .replacingOccurrences(of: "DESCRIPTION:5 km\r\n", with: "DESCRIPTION:10 km now\r\n")
      .replacingOccurrences(of: "DTSTART;VALUE=DATE:20260310\r\n", with: "DTSTART:20260312T090000\r\n")
      .replacingOccurrences(of: "SUMMARY:Walk\r\n", with: "SUMMARY:Long walk\r\n")
    edited = edited.replacingOccurrences(of: "BYDAY=MO,WE;", with: "BYDAY=MO,WE,FR;")
    let (back, context) = try Harness.decode(Array(edited.utf8))
    let run = try #require(back.trackers.first { $0.id == "run" })
    #expect(run.name == "Evening ride" && run.emoji == "🚴" && run.description == "10 km now")
    let dentist = try #require(back.trackers.first { $0.id == "dentist" })
    #expect(dentist.date == LocalDate("2026-03-12"))
    let walk = try #require(back.trackers.first { $0.id == "walk" })
    // A title without an emoji keeps the one the dataset had (the app needs one).
    #expect(walk.name == "Long walk" && walk.emoji == "🌺" && walk.invented == [.emoji])
    #expect(walk.schedule == [.mon, .wed, .fri])
    let notes = context.diagnostics.filter { $0.code == "lossy-recurrence" }.map(\.message)
    #expect(notes == ["dentist: time of day 20260312T090000 set in a calendar (kept as the day)"], "\(notes)")
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
    // INTERVAL=2 is carried (twice in every 14 days); COUNT, EXDATE and the time are not.
    #expect(habit.frequency == TrackerFrequency(times: 2, days: 14))
    #expect(codes.filter { $0 == "lossy-recurrence" }.count == 3)
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
    // The app requires an emoji: one from the palette, chosen from the name, and marked made up.
    #expect(event.invented == [.category, .color, .emoji] && event.emoji != nil)
    #expect(dataset.categories.map(\.title) == ["Calendar"] && dataset.inventedCategoryIds == [event.categoryId])
    let own = try Harness.decode(try Harness.encode(try Harness.demo())).0
    #expect(own.trackers.allSatisfy { $0.invented.isEmpty })
  }
}
