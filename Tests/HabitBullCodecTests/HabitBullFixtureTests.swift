import Foundation
import Testing
import TrackerPort
@testable import HabitBullCodec

/// Loop's four HabitBull fixtures, checked against what Python's csv module counts in them.
@Suite struct HabitBullFixtureTests {
  @Test(arguments: fixtureNames)
  func habitsAndCompletionsMatchAnIndependentCount(_ name: String) throws {
    let oracle = try Oracle.read(fixture(name))
    let (dataset, _) = try decodeFixture(name)
    #expect(dataset.trackers.map(\.name) == oracle.names)
    for tracker in dataset.trackers {
      let days = dataset.records.filter { $0.trackerId == tracker.id }.map(\.date.description).sorted()
      #expect(days == oracle.done[tracker.name], "\(name): \(tracker.name)")
      let notDone = tracker.extras["habitbull"]?["notDone"].map { value -> [String] in
        guard case .array(let items) = value else { return [] }
        return items.compactMap { $0["date"]?.stringValue }.sorted()
      } ?? []
      #expect(notDone == oracle.notDone[tracker.name], "\(name): \(tracker.name)")
    }
  }

  /// Loop's own ImportTest expectations (docs: foreign-formats.md §1.4).
  @Test func loopsImportTestExpectationsHold() throws {
    #expect(try decodeFixture("habitbull.csv").0.trackers.count == 4)
    #expect(try decodeFixture("habitbull2.csv").0.trackers.count == 6)
    let pushups = try decodeFixture("habitbull3.csv").0
    let first = try #require(pushups.records.first)
    #expect(pushups.trackers[0].name == "Pushups")
    #expect(first.date == LocalDate("2021-09-01"))
    #expect(first.extras["habitbull"]?["value"] == .number("30"))
    let caffeine = try decodeFixture("habitbull4.csv").0
    #expect(caffeine.records.map { $0.extras["habitbull"]?["value"] } == [.number("80"), .number("80")])
  }

  @Test func bothDateFormatsOfTheFixturesAreRead() throws {
    // habitbull.csv writes yyyy-MM-dd, habitbull2.csv M/d/yyyy.
    let iso = try decodeFixture("habitbull.csv").0
    #expect(iso.records.first?.date == LocalDate("2016-03-18"))
    let us = try decodeFixture("habitbull2.csv").0
    #expect(us.records.first?.date == LocalDate("2020-11-05"))
    let h3 = try #require(us.trackers.first { $0.name == "H3" })
    #expect(us.records.first { $0.trackerId == h3.id }?.date == LocalDate("2019-04-11"))
  }

  @Test func mappingKeepsCategoriesDescriptionsAndComments() throws {
    let (dataset, context) = try decodeFixture("habitbull.csv")
    #expect(dataset.categories.map(\.title) == ["Diet & Food", "Time Management", "Fitness", "Meditation"])
    let dragons = dataset.trackers[0]
    #expect(dragons.kind == .habit && dragons.schedule == Weekday.allCases)
    #expect(dataset.categories.first { $0.id == dragons.categoryId }?.title == "Diet & Food")
    #expect(dragons.extras["habitbull"]?["description"] == .string("with love and fire"))
    let choice = PaletteEmoji.stableChoice(for: "Breed dragons")
    #expect(dragons.emoji == choice.emoji.rawValue && dragons.color == choice.color.rawValue)
    #expect(dataset.records[0].extras["habitbull"]?["comment"] == .string("text"))
    #expect(dataset.records[1].extras.isEmpty)
    let spiritual = try #require(dataset.trackers.first { $0.name == "Grow spiritually" })
    #expect(spiritual.extras["habitbull"]?["description"] == .string("transcend ego, practice compassion, smile and breath"))
    let codes = Set(context.diagnostics.map(\.code))
    #expect(codes.isSuperset(of: ["defaulted-field", "kept-in-extras", "duplicate-day"]))
    let valid = Validator().validate(dataset).filter { $0.severity == .error }
    #expect(valid.isEmpty, "\(valid)")
  }

  @Test func repeatedDaysAreReportedWhereTheyAre() throws {
    let (_, context) = try decodeFixture("habitbull.csv")
    let repeated = context.diagnostics.filter { $0.code == "duplicate-day" }
    #expect(repeated.map(\.location.line) == [13, 14, 15, 16])
    #expect(repeated.map(\.location.row) == [13, 14, 15, 16])
    #expect(repeated.allSatisfy { $0.location.field == "CalendarDate" && $0.location.column == 53 })
  }

  @Test func valuesOtherThanOneAreReportedAndKept() throws {
    let (dataset, context) = try decodeFixture("habitbull2.csv")
    let numeric = context.diagnostics.filter { $0.code == "numeric-value" }
    // Two cells outside 32 bits (rows 3 and 73), then one summary per habit: H2, H3, H4.
    #expect(numeric.map(\.location.row) == [3, 73, 3, 6, 73])
    #expect(numeric.allSatisfy { $0.location.field == "Value" })
    let h2 = try #require(dataset.trackers.first { $0.name == "H2" })
    #expect(h2.extras["habitbull"]?["notDone"] == .array([.object([
      JSONMember("date", .string("2020-11-05")), JSONMember("value", .number("-2150000000"))])]))
  }

  @Test func modelPointersLeadBackToTheirCells() throws {
    let (_, context) = try decodeFixture("habitbull2.csv")
    let locator = try #require(context.sourceLocator)
    // /records/2 is H3's first done day after 4/11 (row 5, `H3,Habit 3,C3,4/12/2019,1,`).
    let found = locator.locate(["/records/2/date", "/trackers/2/name", "/categories/1/title", "/trackers/5"])
    #expect(found["/records/2/date"] == SourceLocation(file: "habitbull2.csv", pointer: "/records/2/date", line: 5, column: 15, row: 5, field: "CalendarDate"))
    #expect(found["/trackers/2/name"]?.line == 4)
    #expect(found["/categories/1/title"]?.field == "HabitCategory" && found["/categories/1/title"]?.line == 3)
    #expect(found["/trackers/5"]?.row == 78)
  }

  @Test func anEmptyCategoryTakesTheDefaultCategory() throws {
    let text = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,2024-01-02,1,\n"
    #expect(try decodeHabitBull(text).0.categories.map(\.title) == ["HabitBull"])
    #expect(try decodeHabitBull(text, options: ["default-category": "Books"]).0.categories.map(\.title) == ["Books"])
    #expect(throws: CodecError.self) { try decodeHabitBull(text, options: ["default-category": ""]) }
  }
}
