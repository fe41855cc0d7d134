import Foundation
import Testing
import TrackerTestSupport
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Reading Habo backups built from the documented shapes (Fixtures/README.md cites the lines of
/// `xpavle00/Habo` each follows) against their expected datasets.
@Suite struct HaboReadTests {
  /// Each fixture against `<case>.expected.json` (canonical JSON), and the warnings it gives.
  @Test(arguments: [
    ("envelope", ["habo-assigned-defaults", "habo-deleted-habits", "habo-kept-days"]),
    ("legacy-array", ["habo-assigned-defaults", "habo-kept-days"]),
  ])
  func aFixtureReadsAsItsExpectedDataset(_ name: String, _ codes: [String]) throws {
    let (dataset, context) = try Habo.decode(path: Habo.fixture(name + ".json"))
    let expected = try Habo.canonical(Habo.fixture(name + ".expected.json"))
    #expect(dataset.firstDifference(from: expected) == nil, "\(dataset.firstDifference(from: expected) ?? "")")
    #expect(dataset == expected)
    #expect(Habo.codes(context) == codes)
  }

  @Test func theEnvelopeMapsEachPartOfAHabit() throws {
    let (d, _) = try Habo.decode(path: Habo.fixture("envelope.json"))
    #expect(d.categories.map(\.title) == ["Health", "Mind", "Gone", "Habo"])
    #expect(d.trackers.map(\.name) == ["Read", "Water", "Old habit", "Stretch"])
    let read = d.trackers[0], water = d.trackers[1], old = d.trackers[2], stretch = d.trackers[3]
    // The uuid is the id; every habit is planned every day with a reminder when notification is 1.
    #expect(read.id == "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed")
    #expect(read.schedule == Weekday.allCases)
    #expect(read.reminders == [TrackerReminder(time: "21:05")])
    #expect(water.reminders.isEmpty)
    // Categories many-to-many: the first link is the category, all are kept.
    #expect(read.categoryId == d.categories[1].id)
    #expect(water.categoryId == d.categories[0].id)
    #expect(water.extras["habo"]?["categoryIds"] == .array([.string(d.categories[0].id), .string(d.categories[1].id)]))
    // A habit in no category goes into the default one.
    #expect(old.categoryId == d.categories[3].id)
    // Numeric habit: goal from targetValue and unit.
    #expect(water.goal == TrackerGoal(target: 8, direction: .atLeast, unit: "glasses"))
    #expect(read.goal == nil)
    // Archived (1) and soft-deleted (deleted_at) habits are archived; the deletion is kept.
    #expect(stretch.archived && old.archived && !read.archived)
    #expect(old.extras["habo"]?["deleted_at"] == .string("2024-01-02T09:30:00.000Z"))
    #expect(old.extras["habo"]?["archived"] == .number("1"))
    #expect(stretch.extras["habo"]?["archived"] == nil)
    // The soft-deleted category keeps its deletion in extras.
    #expect(d.categories[2].extras["habo"]?["deleted_at"] == .string("2024-01-11T08:00:00.000Z"))
  }

  @Test func daysBecomeRecordsAndEntries() throws {
    let (d, _) = try Habo.decode(path: Habo.fixture("envelope.json"))
    let read = d.trackers[0].id, water = d.trackers[1].id
    func day(_ s: String) -> LocalDate { LocalDate(s)! }
    // Yes/no: check → record (comment → note), skip → skipped entry, fail with a comment → entry.
    #expect(d.records.filter { $0.trackerId == read } == [
      TrackerRecord(trackerId: read, date: day("2024-01-15")),
      TrackerRecord(trackerId: read, date: day("2024-01-19"), note: "great chapter"),
    ])
    #expect(d.entries.filter { $0.trackerId == read } == [
      TrackerEntry(trackerId: read, date: day("2024-01-16"), skipped: true, note: "ill"),
      TrackerEntry(trackerId: read, date: day("2024-01-18"), note: "too tired",
                   extras: ["habo": .object([JSONMember("dayType", .string("DayType.fail"))])]),
    ])
    // A fail without a comment is kept in extras, with its key and value as written.
    #expect(d.trackers[0].extras["habo"]?["keptDays"] == .object([
      JSONMember("2024-01-17 12:00:00.000Z", .array([.string("DayType.fail"), .string("")])),
    ]))
    // Numeric: check with its amount → record; progress below → entry with the amount; a day
    // done against the lower target it was logged with is below today's goal: an entry that
    // keeps its day type and target, as a record must meet the goal.
    #expect(d.records.filter { $0.trackerId == water } == [
      TrackerRecord(trackerId: water, date: day("2024-01-15"), amount: 8),
    ])
    #expect(d.entries.filter { $0.trackerId == water } == [
      TrackerEntry(trackerId: water, date: day("2024-01-16"), amount: 3),
      TrackerEntry(trackerId: water, date: day("2024-01-17"), amount: 6, note: "old target", extras: ["habo": .object([
        JSONMember("targetValue", .number("6.0")),
      ])]),
      TrackerEntry(trackerId: water, date: day("2024-01-18"), skipped: true, note: "travel"),
    ])
  }

  @Test func aCheckBelowTodaysTargetIsAnEntryThatWritesBackAsACheck() throws {
    let text = #"[{"id":1,"title":"W","twoDayRule":0,"habitType":1,"targetValue":8.0,"events":{"2024-01-15 12:00:00.000Z":["DayType.check","",5.0,5.0]}}]"#
    let (d, _) = try Habo.decode(text)
    #expect(d.records.isEmpty)
    #expect(d.entries == [TrackerEntry(trackerId: d.trackers[0].id, date: LocalDate("2024-01-15")!, amount: 5, extras: ["habo": .object([
      JSONMember("targetValue", .number("5.0")), JSONMember("dayType", .string("DayType.check")),
    ])])])
    let (bytes, _) = try Habo.encode(d)
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""2024-01-15 12:00:00.000Z":["DayType.check","",5.0,5.0]"#))
    #expect(HaboCodec().losses(writing: d, to: CodecOutput(path: "/tmp/x.json"), options: [:]).isEmpty)
  }

  @Test func legacyKeysAndCapitalisedDayTypesRead() throws {
    let (d, _) = try Habo.decode(path: Habo.fixture("legacy-array.json"))
    let meditate = d.trackers[0]
    #expect(d.categories.map(\.title) == ["Habo"])
    #expect(meditate.reminders == [TrackerReminder(time: "07:30")])
    let records = d.records.filter { $0.trackerId == meditate.id }
    #expect(records.map(\.date.description) == ["2022-01-10", "2022-01-13"])
    // The legacy key ("…00:00:00.000", no Z) is kept, so writing back keeps it.
    #expect(records[0].extras["habo"]?["key"] == .string("2022-01-10 00:00:00.000"))
    #expect(d.entries.map(\.date.description) == ["2022-01-11"])
    #expect(d.entries[0].skipped && d.entries[0].note == "sick")
    // "DayType.Clear" without a comment and "DayType.Fail" are kept days.
    #expect(d.trackers[1].extras["habo"]?["keptDays"] != nil)
    // No uuid in a legacy habit: a stable id from its number and title.
    #expect(meditate.id == StableID.uuid("habo:1:Meditate"))
  }

  @Test func theDefaultCategoryIsAnOption() throws {
    let (d, context) = try Habo.decode(path: Habo.fixture("legacy-array.json"), options: ["default-category": "Из Habo"])
    #expect(d.categories.map(\.title) == ["Из Habo"])
    #expect(context.diagnostics[0].message.contains("put in category \"Из Habo\""))
  }

  @Test func anEmptyEnvelopeAndAnEmptyArrayAreEmptyDatasets() throws {
    let (a, ac) = try Habo.decode(#"{"habits":[],"events":{},"categories":[],"habit_categories":[]}"#)
    #expect(a.trackers.isEmpty && a.categories.isEmpty && ac.diagnostics.isEmpty)
    let (b, _) = try Habo.decode("[]")
    #expect(b == TrackerDataset())
  }

  @Test func linksToUnknownCategoriesAreSkippedAndSaid() throws {
    let (d, context) = try Habo.decode(#"""
      {"habits":[{"id":1,"title":"A","events":{}}],"categories":[],"habit_categories":[{"habit_id":1,"category_id":9}]}
      """#)
    #expect(d.trackers[0].categoryId == d.categories[0].id)
    #expect(Habo.codes(context).contains("habo-skipped-links"))
  }

  @Test func jsonFalseForAFlagReadsAsHaboReadsIt() throws {
    // twoDayRule is read as `!= 0` by Habo (habit.dart:100); archived true/false are taken.
    let (d, _) = try Habo.decode(#"[{"id":1,"title":"A","archived":true,"notification":false,"events":{}}]"#)
    #expect(d.trackers[0].archived)
    #expect(d.trackers[0].reminders.isEmpty)
  }

  @Test func aBadReminderTimeIsNoonAsInHabo() throws {
    let (d, _) = try Habo.decode(#"[{"id":1,"title":"A","notification":1,"notTime":"25:99","events":{}}]"#)
    #expect(d.trackers[0].reminders == [TrackerReminder(time: "12:00")])
  }
}
