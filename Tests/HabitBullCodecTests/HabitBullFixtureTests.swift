import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
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
      // Days not done are entries (an amount or a comment) or kept in extras, never both.
      let kept = tracker.extras["habitbull"]?["notDone"].map { value -> [String] in
        guard case .array(let items) = value else { return [] }
        return items.compactMap { $0["date"]?.stringValue }
      } ?? []
      let entries = dataset.entries.filter { $0.trackerId == tracker.id }.map(\.date.description)
      #expect((kept + entries).sorted() == oracle.notDone[tracker.name], "\(name): \(tracker.name)")
    }
  }

  /// Descriptions, comments and amounts are in the model's fields, as Python's csv module reads
  /// them: the first row's description; each day's comment as the note of its record or entry;
  /// for a habit with a Value above 1 (measurable, with the goal "at least 1"), every Value
  /// Loop reads as a number as the day's amount.
  @Test(arguments: fixtureNames)
  func descriptionsCommentsAndAmountsAreTheModelsFields(_ name: String) throws {
    let oracle = try Oracle.read(fixture(name))
    let (dataset, _) = try decodeFixture(name)
    let measurable = Set(oracle.measurable)
    for tracker in dataset.trackers {
      let description = oracle.descriptions[tracker.name] ?? ""
      #expect(tracker.description == (description.isEmpty ? nil : description), "\(name): \(tracker.name)")
      #expect(tracker.goal == (measurable.contains(tracker.name) ? TrackerGoal(target: 1, direction: .atLeast) : nil),
              "\(name): \(tracker.name)")
      #expect(tracker.extras["habitbull"]?["description"] == nil)
    }
    let ids = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.name, $0.id) })
    var records = 0, entries = 0, amounts = 0, notes = 0
    for day in oracle.days {
      let id = try #require(ids[day.name])
      let note = day.comment.isEmpty ? nil : day.comment
      let amount = measurable.contains(day.name) ? day.value.map(Double.init) : nil
      let what = "\(name): \(day.name) \(day.day)"
      if let record = dataset.records.first(where: { $0.trackerId == id && $0.date.description == day.day }) {
        #expect((day.value ?? 0) > 0, "\(what)")
        #expect(record.note == note && record.amount == amount, "\(what): \(record)")
        records += 1
      } else if let entry = dataset.entries.first(where: { $0.trackerId == id && $0.date.description == day.day }) {
        #expect(entry.note == note && entry.amount == amount && !entry.skipped, "\(what): \(entry)")
        entries += 1
      } else {
        // Kept: a day not done with nothing the model can say of it.
        #expect(note == nil && amount == nil, "\(what)")
      }
      if amount != nil { amounts += 1 }
      if note != nil { notes += 1 }
    }
    #expect(records == dataset.records.count && entries == dataset.entries.count)
    #expect(dataset.records.count { $0.amount != nil } + dataset.entries.count { $0.amount != nil } == amounts)
    #expect(dataset.records.count { $0.note != nil } + dataset.entries.count { $0.note != nil } == notes)
  }

  /// Loop's own ImportTest expectations (docs: foreign-formats.md §1.4).
  @Test func loopsImportTestExpectationsHold() throws {
    #expect(try decodeFixture("habitbull.csv").0.trackers.count == 4)
    #expect(try decodeFixture("habitbull2.csv").0.trackers.count == 6)
    let pushups = try decodeFixture("habitbull3.csv").0
    let first = try #require(pushups.records.first)
    #expect(pushups.trackers[0].name == "Pushups")
    #expect(first.date == LocalDate("2021-09-01"))
    // "Pushups" is numerical in Loop (30 → 30000): here a measurable habit with amounts.
    #expect(first.amount == 30 && first.extras.isEmpty)
    #expect(pushups.trackers[0].goal == TrackerGoal(target: 1, direction: .atLeast))
    // "run" has only 1s: a yes/no habit.
    #expect(pushups.trackers[1].goal == nil && pushups.records.filter { $0.trackerId == pushups.trackers[1].id }.allSatisfy { $0.amount == nil })
    let caffeine = try decodeFixture("habitbull4.csv").0
    #expect(caffeine.records.map(\.amount) == [80, 80])
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
    #expect(dragons.description == "with love and fire" && dragons.extras.ofFormats.isEmpty)
    #expect(dragons.invented == [.emoji, .color, .schedule])
    let choice = PaletteEmoji.stableChoice(for: "Breed dragons")
    #expect(dragons.emoji == choice.emoji.rawValue && dragons.color == choice.color.rawValue)
    #expect(dataset.records[0].note == "text" && dataset.records[0].extras.isEmpty)
    #expect(dataset.records[1].note == nil)
    let spiritual = try #require(dataset.trackers.first { $0.name == "Grow spiritually" })
    #expect(spiritual.description == "transcend ego, practice compassion, smile and breath")
    // Descriptions and comments are the model's: kept-in-extras is retired.
    let codes = Set(context.diagnostics.map(\.code))
    #expect(codes == ["defaulted-field", "duplicate-day"])
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
    // H3's days not done: eight 0s kept, and the one with a comment an entry with its note.
    let h3 = try #require(dataset.trackers.first { $0.name == "H3" })
    #expect(dataset.entries == [TrackerEntry(trackerId: h3.id, date: LocalDate("2019-06-14")!, note: "Habit 3 notes")])
    #expect(numeric.first { $0.location.row == 6 }?.message
      == "\"H3\": 1 day(s) not done with a comment became entries; 8 day(s) not done (Value 0, negative or unreadable) with nothing else are kept in extras[\"habitbull\"].notDone")
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
