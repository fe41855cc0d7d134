import Testing
import TrackerModel
import TrackerPort

/// `DatasetAnonymizer` (issue 42): what is replaced, what is kept, how ids and days follow.
/// The command's tests run it on every format's real files (AnonymizeCommandTests).
@Suite struct DatasetAnonymizerTests {
  static let day = LocalDate(year: 2026, month: 1, day: 5)!

  /// A dataset whose one tracker keeps `value` in `extras["app"].value`.
  static func holding(_ value: JSONValue, name: String = "Walk the dog") -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "cat-home", title: "Home")],
      trackers: [Tracker(id: "9f1c2d3e-4b5a-4c6d-8e7f-001122334455", kind: .habit, name: name, categoryId: "cat-home",
                         emoji: "🐶", color: "#33CF69", schedule: [.mon],
                         extras: ["app": .object([JSONMember("value", value)])])],
      records: [TrackerRecord(trackerId: "9f1c2d3e-4b5a-4c6d-8e7f-001122334455", date: day, note: "rainy, went anyway")])
  }

  static func scrubbed(_ text: String, shift: Int = 0) -> String? {
    DatasetAnonymizer(shiftDays: shift).anonymize(holding(.string(text))).trackers[0].extras["app"]?["value"]?.stringValue
  }

  /// Strings that are structure stay as they are.
  @Test(arguments: [
    "", "  ", "12", "-0.5", "1.0", "#FF8F00", "#ff5733", "YES_AUTO", "NUMERICAL", "DayType.fail", "soft_delete", "maxGap",
    "crlf", "teal", "MaterialIcons", "DmnUAll", "08:00", "12:0", "21:30:00.000Z", "[1,1]", "[3]",
    #"{"type":3,"time":{"hour":21,"minute":30},"extra":[1,3,5]}"#, "TODO NEXT | DONE CANCELLED", "HABIT | KEPT",
    ".+2d/4d", "++1w", "3/7", "1w", "🌺", "✓ —", "2024-02-30", "2024-05", "mon tue wed thu fri sat sun",
  ])
  func keepsStructure(_ text: String) {
    #expect(Self.scrubbed(text) == text)
  }

  /// Human text is replaced; its shape (lines, markers, keys, paths) is kept; text equal to a
  /// model text gets that text's placeholder.
  @Test(arguments: [
    ("Did you read?", "Text 1"),
    ("Tea", "Text1"),
    ("After dinner\n", "Text 1\n"),
    ("Written on Windows.\r\n", "Text 1\r\n"),
    ("aliases:\n  - Reading\n  - Books\nmaxGap: 1", "aliases:\n  - Text1\n  - Text2\nmaxGap: 1"),
    ("# A comment line", "# Text 1"),
    ("Walk the dog: 1w", "Habit 1: 1w"),
    ("Habits/Home/Walk the dog.md", "Text1/Category 1/Habit 1.md"),
    ("2026-01-05 : Walk the dog : y :  : 0", "2026-01-05 : Habit 1 : y :  : 0"),
    ("Walk the dog", "Habit 1"),
    ("rainy, went anyway", "Note 1"),
    ("home_days", "Text1"),
    ("someone@example.org", "Text1"),
    (#"{"title":"Buy milk","n":2}"#, #"{"title":"Text 1","n":2}"#),
  ])
  func replacesText(_ text: String, _ expected: String) {
    #expect(Self.scrubbed(text) == expected)
  }

  /// Days move with --shift-days wherever they are: model fields, extras' strings and keys,
  /// instants, org's day-and-weekday, epoch time stamps in seconds and milliseconds.
  @Test func daysMoveEverywhere() throws {
    let extras: JSONValue = .object([
      JSONMember("day", .string("2026-01-05")),
      JSONMember("instant", .string("2024-01-11T08:00:00.000Z")),
      JSONMember("scheduled", .string("2026-11-20 Fri 08:00 .+1d")),
      JSONMember("compact", .string("20240111T080000Z")),
      JSONMember("seconds", .number("1767261600")),
      JSONMember("millis", .number("1767261600000")),
      JSONMember("count", .number("66")),
      JSONMember("byDay", .object([JSONMember("2026-01-05", .string("YES_AUTO"))])),
    ])
    var dataset = Self.holding(extras)
    dataset.trackers[0].createdOn = Self.day
    dataset.entries = [TrackerEntry(trackerId: dataset.trackers[0].id, date: Self.day.adding(days: 1), skipped: true)]
    dataset.tasks = [PlanTask(id: "t1", title: "Quarterly report", description: "for Anna", color: "#007BFA",
                              start: LocalDateTime("2026-11-23T09:00"), end: LocalDateTime("2026-11-23T10:30"),
                              reminders: [LocalDateTime("2026-11-23T08:45")!])]
    let out = DatasetAnonymizer(shiftDays: -3).anonymize(dataset)
    #expect(out.records[0].date == Self.day.adding(days: -3))
    #expect(out.entries[0].date == Self.day.adding(days: -2))
    #expect(out.trackers[0].createdOn == Self.day.adding(days: -3))
    #expect(out.tasks[0].start == LocalDateTime("2026-11-20T09:00") && out.tasks[0].end == LocalDateTime("2026-11-20T10:30"))
    #expect(out.tasks[0].reminders == [LocalDateTime("2026-11-20T08:45")!])
    #expect(out.tasks[0].title == "Task 1" && out.tasks[0].description == "Description 1")
    let kept = try #require(out.trackers[0].extras["app"]?["value"])
    #expect(kept["day"] == .string("2026-01-02"))
    #expect(kept["instant"] == .string("2024-01-08T08:00:00.000Z"))
    #expect(kept["scheduled"] == .string("2026-11-17 Tue 08:00 .+1d"))
    #expect(kept["compact"] == .string("20240108T080000Z"))
    #expect(kept["seconds"] == .number(String(1_767_261_600 - 3 * 86_400)))
    #expect(kept["millis"] == .number(String(1_767_261_600_000 - 3 * 86_400_000)))
    #expect(kept["count"] == .number("66"))
    #expect(kept["byDay"] == .object([JSONMember("2026-01-02", .string("YES_AUTO"))]))
    // Without a shift, nothing moves.
    let same = DatasetAnonymizer().anonymize(dataset)
    #expect(same.records[0].date == Self.day && same.trackers[0].extras["app"]?["value"]?["seconds"] == .number("1767261600"))
  }

  /// Ids are replaced and every reference follows: records, categories, TrackerPort's marks,
  /// a UUID written otherwise in extras (Loop's undashed lower-case `uuid`). Ids of digits
  /// stay; the same input gives the same ids.
  @Test func idsAreReplacedAndReferencesFollow() throws {
    var dataset = Self.holding(.object([JSONMember("uuid", .string("9f1c2d3e4b5a4c6d8e7f001122334455")),
                                        JSONMember("group", .string("cat-home")),
                                        JSONMember("other", .string("AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE"))]))
    dataset.trackers[0].invented = [.category, .emoji]
    dataset.trackers.append(Tracker(id: "42", kind: .event, name: "Dentist", categoryId: "cat-home", emoji: nil, color: nil))
    let out = DatasetAnonymizer().anonymize(dataset)
    let tracker = out.trackers[0]
    #expect(tracker.id != dataset.trackers[0].id && PlaceholderShape.isUUID(tracker.id) && tracker.id == tracker.id.lowercased())
    #expect(out.records[0].trackerId == tracker.id)
    #expect(out.categories[0].id == "category-1" && tracker.categoryId == "category-1" && out.trackers[1].categoryId == "category-1")
    #expect(out.trackers[1].id == "42" && out.trackers[1].name == "Event 1")
    let app = try #require(tracker.extras["app"]?["value"])
    #expect(app["uuid"] == .string(tracker.id.filter { $0 != "-" }))
    #expect(app["group"] == .string("category-1"))
    let other = try #require(app["other"]?.stringValue)
    #expect(PlaceholderShape.isUUID(other) && other != "AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE" && other == other.uppercased())
    #expect(tracker.invented == [.category, .emoji])
    #expect(tracker.extras["trackport"]?["invented"]?["category"] == .string("category-1"))
    #expect(DatasetAnonymizer().anonymize(dataset) == out)
  }

  /// The same text gives the same placeholder wherever it is; placeholders are numbered per
  /// label in the dataset's order; a full name kept by --fit-names becomes the new name.
  @Test func placeholdersAreStableAndNumberedInOrder() {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "a", title: "Health"), TrackerCategory(id: "b", title: "Home"), TrackerCategory(id: "c", title: "")],
      trackers: [
        Tracker(id: "t1", kind: .habit, name: "Run", categoryId: "a", emoji: "🏃", color: "#FD4C49", schedule: [.mon],
                description: "Run", goal: TrackerGoal(target: 5, unit: "km")),
        Tracker(id: "t2", kind: .habit, name: "Water the plants on the balcony and in the bedroom…", categoryId: "b", emoji: "🌺",
                color: "#33CF69", schedule: [.mon], description: "before work", goal: TrackerGoal(target: 2, unit: "watering cans"),
                extras: ["trackport": .object([JSONMember("fullName", .string("Water the plants on the balcony and in the bedroom twice"))])]),
        Tracker(id: "t3", kind: .habit, name: "Run", categoryId: "a", emoji: "🏃", color: "#FD4C49", schedule: [.mon]),
      ],
      records: [TrackerRecord(trackerId: "t1", date: Self.day, note: "before work"), TrackerRecord(trackerId: "t2", date: Self.day, note: "")])
    let out = DatasetAnonymizer().anonymize(dataset)
    #expect(out.categories.map(\.title) == ["Category 1", "Category 2", ""])
    #expect(out.trackers.map(\.name) == ["Habit 1", "Habit 2", "Habit 1"])
    #expect(out.trackers[0].description == "Habit 1" && out.trackers[1].description == "Description 1")
    #expect(out.records.map(\.note) == ["Description 1", ""])
    #expect(out.trackers[0].goal?.unit == "km" && out.trackers[1].goal?.unit == "Unit 1")
    #expect(out.trackers[1].extras["trackport"]?["fullName"] == .string("Habit 2"))
  }

  /// The present writers record is a function of the data: the day after its last day, noon UTC.
  @Test func theWritingPresentIsTheDayAfterTheLastDay() {
    let dataset = Self.holding(.null)
    let now = DatasetAnonymizer.writingNow(for: dataset)
    #expect(now.timeIntervalSince1970 == Double(Self.day.adding(days: 1).dayNumber * 86_400 + 43_200))
    #expect(DatasetAnonymizer.writingNow(for: TrackerDataset()).timeIntervalSince1970 == 946_728_000)
  }
}

/// What tests look for in replaced ids.
enum PlaceholderShape {
  /// `8-4-4-4-12` hex digits.
  static func isUUID(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
