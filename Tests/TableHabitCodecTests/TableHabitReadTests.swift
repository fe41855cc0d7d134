import Foundation
import Testing
import TrackerTestSupport
import TableHabitCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerValidation

/// Reading the hand-built exports (`Fixtures/README.md` cites the mhabit lines each value follows).
@Suite struct TableHabitReadTests {
  /// The golden pair: the export reads as the expected canonical dataset, with the expected
  /// warnings at their lines and columns.
  @Test func exportAllReadsAsTheExpectedDataset() throws {
    let (dataset, context) = try TableHabit.decode(path: TableHabit.fixture("export-all.json"))
    var reading = CodecContext(fileName: "expected")
    let expected = try JSONCodec().decode(CodecInput(path: TableHabit.fixture("export-all.expected.trackport.json")), context: &reading)
    #expect(dataset.firstDifference(from: expected) == nil, "\(dataset.firstDifference(from: expected) ?? "")")
    let found = context.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.code)" }
    #expect(found == ["3:93 lossy-frequency", "28:73 tablehabit-kept-in-extras", "29:87 lossy-frequency",
                      "30:16 tablehabit-kept-in-extras", "36:87 lossy-frequency", "1:12 tablehabit-assigned-defaults"])
  }

  /// The same facts, one by one, so that the golden file cannot hide a wrong mapping.
  @Test func eachFieldMapsAsDocumented() throws {
    let (d, _) = try TableHabit.decode(path: TableHabit.fixture("export-all.json"))
    #expect(d.categories.map(\.title) == ["Evening", "Health", "Unused", "Table Habit"])
    #expect(d.categories[0].id == "7d4c2b1a-0000-4000-8000-00000000000a")
    let byName = Dictionary(uniqueKeysWithValues: d.trackers.map { ($0.name, $0) })
    let read = try #require(byName["Read"]), meditate = try #require(byName["Meditate"])
    let coffee = try #require(byName["Coffee"]), call = try #require(byName["Call parents"]), stretch = try #require(byName["Stretch"])
    // Groups are categories; a habit in none goes to the default category.
    #expect(read.categoryId == d.categories[0].id && coffee.categoryId == d.categories[1].id)
    #expect(call.categoryId == d.categories[3].id && stretch.categoryId == d.categories[3].id)
    // Epoch days: 20454 is 2026-01-01, 20423 is 2025-12-01.
    #expect(read.createdOn == TableHabit.day("2026-01-01") && coffee.createdOn == TableHabit.day("2025-12-01"))
    // Daily goals and units; a negative habit's ceiling is daily_goal_extra.
    #expect(read.goal == TrackerGoal(target: 20, direction: .atLeast, unit: "pages"))
    #expect(coffee.goal == TrackerGoal(target: 2, direction: .atMost, unit: "cups"))
    #expect(meditate.goal == nil)
    // Frequencies: weekly [3], monthly [4], custom [2,5]; [1,1] is every day without one.
    #expect(read.frequency == TrackerFrequency(times: 3, days: 7))
    #expect(call.frequency == TrackerFrequency(times: 4, days: 30))
    #expect(stretch.frequency == TrackerFrequency(times: 2, days: 5))
    #expect(meditate.frequency == nil && meditate.schedule == Weekday.allCases)
    // Reminders in the nested JSON string: weekdays (ISO 1, 3, 5) and every day.
    #expect(read.reminders == [TrackerReminder(time: "21:30", days: [.mon, .wed, .fri])])
    #expect(meditate.reminders == [TrackerReminder(time: "07:05")])
    #expect(call.reminders.isEmpty)
    // Status: 3 archived, 2 deleted (read as archived, kept).
    #expect(coffee.archived && call.archived && !read.archived)
    #expect(call.extras["tablehabit"]?["status"] == .number("2"))
    #expect(read.description == "Before bed" && meditate.description == "" && coffee.description == nil)
    // Unix seconds other than the start day's midnight are kept.
    #expect(read.extras["tablehabit"]?["create_t"] == .number("1767261600"))
    #expect(meditate.extras["tablehabit"]?["create_t"] == nil)
    // Records: done meeting the goal → completion with amount; below → entry; skip → skipped entry.
    let records = d.records.filter { $0.trackerId == read.id }
    #expect(records.map(\.date) == [TableHabit.day("2026-01-05"), TableHabit.day("2026-01-08")])
    #expect(records.map(\.amount) == [25, 20] && records[1].note == "a good book")
    let entries = d.entries.filter { $0.trackerId == read.id }
    #expect(entries.count == 2)
    #expect(entries[0].amount == 10.5 && entries[0].note == "tired" && !entries[0].skipped)
    #expect(entries[1].skipped && entries[1].note == "travel" && entries[1].amount == nil)
    // A negative habit: at most 2, so 1 is done and 3 is not.
    #expect(d.records.filter { $0.trackerId == coffee.id }.map(\.amount) == [1])
    #expect(d.entries.filter { $0.trackerId == coffee.id }.map(\.amount) == [3])
    // Yes/no: done is a completion without amount, an empty reason no note.
    #expect(d.records.filter { $0.trackerId == meditate.id }.map(\.note) == [nil, "calm"])
    // Colours go to the nearest palette colour; emoji are chosen from the name.
    for tracker in d.trackers {
      #expect(PaletteColor(hex: tracker.color ?? "") != nil)
      #expect(tracker.emoji == PaletteEmoji.stableChoice(for: tracker.name).emoji.rawValue)
    }
  }

  @Test func theValidatorAcceptsWhatIsRead() throws {
    let (d, _) = try TableHabit.decode(path: TableHabit.fixture("export-all.json"))
    let findings = Validator(options: ValidationOptions(today: TableHabit.day("2026-02-01"))).validate(d)
    #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings)")
  }

  /// mhabit's first exports had no `type` and no groups (`habit_import.dart` defaults type to 1).
  @Test func theFirstExportShapeReads() throws {
    let (d, _) = try TableHabit.decode(path: TableHabit.fixture("first-export.json"), options: ["default-category": "Imported"])
    var reading = CodecContext(fileName: "expected")
    let expected = try JSONCodec().decode(CodecInput(path: TableHabit.fixture("first-export.expected.trackport.json")), context: &reading)
    #expect(d.firstDifference(from: expected) == nil, "\(d.firstDifference(from: expected) ?? "")")
    #expect(d.categories.map(\.title) == ["Imported"])
    #expect(d.trackers[0].goal == TrackerGoal(target: 5000, direction: .atLeast, unit: "steps"))
  }

  @Test func anEmptyExportIsAnEmptyDataset() throws {
    let (d, context) = try TableHabit.decode(#"{"habits": [], "groups": []}"#)
    #expect(d == TrackerDataset())
    #expect(context.diagnostics.isEmpty)
  }

  /// Records of unknown status (0) and odd values of yes/no habits are kept, not dropped.
  @Test func unusualRecordsAreKept() throws {
    let (d, _) = try TableHabit.decode("""
      {"habits": [{"name": "Floss", "status": 1, "daily_goal": 1, "daily_goal_unit": "", "start_date": 20454,
        "records": [{"record_date": 20458, "record_type": 0, "record_value": 0, "reason": ""},
                    {"record_date": 20459, "record_type": 1, "record_value": 2, "reason": ""},
                    {"record_date": 20460, "record_type": 0, "record_value": 0, "reason": "forgot"}]}]}
      """)
    #expect(d.entries.count == 2 && d.records.count == 1)
    #expect(d.entries[0].extras["tablehabit"]?["record_type"] == .number("0"))
    #expect(d.records[0].extras["tablehabit"]?["record_value"] == .number("2"))
    #expect(d.entries[1].note == "forgot" && d.entries[1].extras.isEmpty)
    let back = try TableHabit.foundationJSON(try TableHabit.encode(d).bytes)
    let records = try #require(((back["habits"] as? [NSDictionary])?.first?["records"]) as? [NSDictionary])
    #expect(records.map { $0["record_type"] as? Int } == [0, 1, 0])
    #expect(records.map { $0["record_value"] as? Double } == [0, 2, 0])
  }

  /// Warnings are placed by the shared locator in one walk for all of them; each must land
  /// where a walk for its pointer alone puts it, also in a file with a byte order mark and CRLF
  /// line ends, and in one written on a single line.
  @Test(arguments: [false, true])
  func warningsLandWhereTheSharedLocatorPutsThem(_ oneLine: Bool) throws {
    var text = try String(contentsOfFile: TableHabit.fixture("export-all.json"), encoding: .utf8)
    text = oneLine ? text.replacingOccurrences(of: "\n", with: " ") : "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
    let bytes = Array(text.utf8)
    var context = CodecContext(fileName: "test.json")
    _ = try TableHabitCodec().decode(CodecInput(.bytes(bytes, name: "test.json")), context: &context)
    context = TableHabit.located(context)
    let document = try ForeignJSON(bytes: bytes, fileName: "test.json", format: "a Table Habit export")
    #expect(context.diagnostics.count == 6)
    for diagnostic in context.diagnostics {
      let pointer = try #require(diagnostic.location.pointer)
      let expected = document.location(pointer)
      #expect(diagnostic.location.line == expected.line && diagnostic.location.column == expected.column,
              "\(pointer): \(diagnostic.location) ≠ \(expected)")
    }
  }
}
