import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import CSVCodec
@testable import CSVCore

/// What the single tables do with the fields habit apps share (issue 12): a trackers table
/// carries archived, description, goal and frequency in columns of their own; a log table
/// carries a day's amount and note; the rest is reported, field by field, before writing.
@Suite struct CSVSheetNewFieldsTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }

  static let dataset = TrackerDataset(
    categories: [TrackerCategory(id: "C1", title: "Health")],
    trackers: [
      Tracker(id: "T1", kind: .habit, name: "Run", categoryId: "C1", emoji: "🏃", color: "#FF674D", schedule: [.mon, .wed],
              archived: true, description: "Morning, \"easy\"", goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
              frequency: TrackerFrequency(times: 3, days: 7), reminders: [TrackerReminder(time: "07:30")]),
      Tracker(id: "T2", kind: .habit, name: "Coffee", categoryId: "C1", emoji: "☕", color: "#000000", schedule: [.sun],
              description: "", goal: TrackerGoal(target: 2, direction: .atMost, unit: "")),
      Tracker(id: "T3", kind: .habit, name: "Read", categoryId: "C1", emoji: "", color: nil, schedule: [.sat]),
    ],
    records: [
      TrackerRecord(trackerId: "T1", date: day("2026-01-05"), amount: 6.25, note: "park, 5 km"),
      TrackerRecord(trackerId: "T2", date: day("2026-01-05"), amount: 1),
      TrackerRecord(trackerId: "T3", date: day("2026-01-06"), note: ""),
      TrackerRecord(trackerId: "T3", date: day("2026-01-07")),
    ],
    entries: [TrackerEntry(trackerId: "T1", date: day("2026-01-06"), skipped: true, note: "rain"),
              TrackerEntry(trackerId: "T1", date: day("2026-01-07"), amount: 2)])

  static func losses(_ dataset: TrackerDataset, shape: String) -> [String] {
    CSVCodec().losses(writing: dataset, to: CodecOutput(path: "out.csv"), options: ["to-shape": shape])
      .map { "\($0.location.pointer ?? "") \($0.message.split(separator: ": ").last ?? "")" }
  }

  // MARK: trackers table

  @Test func aTrackersTableCarriesArchivedDescriptionGoalAndFrequency() throws {
    var trackersOnly = Self.dataset
    trackersOnly.records = []
    trackersOnly.entries = []
    let (text, _) = try encodeCSV(trackersOnly, options: ["to-shape": "trackers"])
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines[0] == "id,kind,name,categoryId,category,emoji,color,schedule,date,pinned,createdOn,"
      + "archived,description,goalTarget,goalDirection,goalUnit,frequencyTimes,frequencyDays")
    #expect(lines[1] == #"T1,habit,Run,C1,Health,🏃,#FF674D,mon wed,,false,,true,"Morning, ""easy""",5.5,atLeast,km,3,7"#)
    // An empty text is written `""`, an absent one as nothing: the two read back apart.
    #expect(lines[2] == #"T2,habit,Coffee,C1,Health,☕,#000000,sun,,false,,false,"",2,atMost,"",,"#)
    #expect(lines[3] == #"T3,habit,Read,C1,Health,"",,sat,,false,,false,,,,,,"#)
    let (back, context) = try decodeCSV(text)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    var expected = trackersOnly
    expected.trackers[0].reminders = []
    #expect(back == expected)
    #expect(Self.losses(trackersOnly, shape: "trackers") == ["/trackers.reminders 1 item(s) left out"])
  }

  @Test func aTrackersTableWithoutTheNewFieldsIsAsBefore() throws {
    var plain = Self.dataset
    plain.records = []
    plain.entries = []
    for i in plain.trackers.indices {
      plain.trackers[i].archived = false
      plain.trackers[i].description = nil
      plain.trackers[i].goal = nil
      plain.trackers[i].frequency = nil
      plain.trackers[i].reminders = []
    }
    let (text, _) = try encodeCSV(plain, options: ["to-shape": "trackers"])
    #expect(text.hasPrefix("id,kind,name,categoryId,category,emoji,color,schedule,date,pinned,createdOn\r\n"))
    #expect(Self.losses(plain, shape: "trackers").isEmpty)
  }

  @Test func aTrackersTableReportsRecordsEntriesAndReminders() {
    #expect(Self.losses(Self.dataset, shape: "trackers") == [
      "/records 4 item(s) left out", "/entries 2 item(s) left out", "/trackers.reminders 1 item(s) left out",
    ])
  }

  @Test func aSpreadsheetOfMeasurableHabitsIsRead() throws {
    let sheet = """
      name;Description;goalTarget;goalDirection;goalUnit;Archived;frequencyTimes;frequencyDays
      Бег;Утром;5,5;at least;км;yes;3;7
      Кофе;;2;AtMost;чашки;;;
      Чтение;;;;;0; 2 ;14

      """
    let (dataset, context) = try decodeCSV(sheet)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    #expect(dataset.trackers.map(\.goal) == [TrackerGoal(target: 5.5, direction: .atLeast, unit: "км"),
                                              TrackerGoal(target: 2, direction: .atMost, unit: "чашки"), nil])
    #expect(dataset.trackers.map(\.description) == ["Утром", nil, nil])
    #expect(dataset.trackers.map(\.archived) == [true, false, false])
    #expect(dataset.trackers.map(\.frequency) == [TrackerFrequency(times: 3, days: 7), nil, TrackerFrequency(times: 2, days: 14)])
  }

  @Test func badGoalAndFrequencyCellsAreLocatedAndKept() throws {
    let sheet = "name,goalTarget,goalDirection,goalUnit,frequencyTimes,frequencyDays\n"
      + "Run,five,atMost,km,3,\n"
      + "Walk,,,steps,x,7\n"
      + "Swim,1,sideways,m,,\n"
    let (dataset, context) = try decodeCSV(sheet)
    #expect(found(context.diagnostics) == [
      Found(code: "type-error", row: 2, field: "goalTarget", line: 2, column: 5),
      Found(code: "type-error", row: 2, field: "frequencyTimes", line: 2, column: 20),
      Found(code: "type-error", row: 3, field: "goalUnit", line: 3, column: 8),
      Found(code: "type-error", row: 3, field: "frequencyTimes", line: 3, column: 14),
      Found(code: "type-error", row: 4, field: "goalDirection", line: 4, column: 8),
    ])
    #expect(context.diagnostics.allSatisfy { $0.severity == .error })
    #expect(context.diagnostics[2].message == #"goalUnit "steps" is given without a goalTarget; kept in extras["csv"]"#)
    #expect(dataset.trackers.allSatisfy { $0.goal == nil && $0.frequency == nil })
    // Nothing of a goal or frequency that could not be made is lost: its cells are in extras.
    #expect(dataset.trackers[0].extras["csv"] == .object([
      JSONMember("goalTarget", .string("five")), JSONMember("goalDirection", .string("atMost")),
      JSONMember("goalUnit", .string("km")), JSONMember("frequencyTimes", .string("3")),
    ]))
    #expect(dataset.trackers[1].extras["csv"] == .object([
      JSONMember("goalUnit", .string("steps")), JSONMember("frequencyTimes", .string("x")),
      JSONMember("frequencyDays", .string("7")),
    ]))
    #expect(dataset.trackers[2].extras["csv"] == .object([
      JSONMember("goalDirection", .string("sideways")), JSONMember("goalTarget", .string("1")), JSONMember("goalUnit", .string("m")),
    ]))
  }

  @Test func extrasNamedLikeATableColumnAreReportedNotWrittenTwice() throws {
    var d = TrackerDataset(categories: [TrackerCategory(id: "C1", title: "Health")], trackers: [
      Tracker(id: "T1", kind: .habit, name: "Run", categoryId: "C1", emoji: "🏃", color: "#FF674D", schedule: [.mon],
              extras: ["csv": .object([JSONMember("Description", .string("old")), JSONMember("Notes", .string("n"))])]),
    ])
    let (text, _) = try encodeCSV(d, options: ["to-shape": "trackers"])
    #expect(text.hasPrefix("id,kind,name,categoryId,category,emoji,color,schedule,date,pinned,createdOn,Notes\r\n"))
    #expect(Self.losses(d, shape: "trackers") == ["/extras 1 item(s) left out"])
    d.trackers[0].extras = ["csv": .object([JSONMember("Notes", .string("n"))])]
    #expect(Self.losses(d, shape: "trackers").isEmpty)
  }

  // MARK: log table

  @Test func aLogTableCarriesAmountsAndNotes() throws {
    let (text, _) = try encodeCSV(Self.dataset, options: ["to-shape": "log"])
    #expect(text == [
      "tracker,category,date,amount,note",
      #"Run,Health,2026-01-05,6.25,"park, 5 km""#,
      "Coffee,Health,2026-01-05,1,",
      #"Read,Health,2026-01-06,,"""#,
      "Read,Health,2026-01-07,,",
    ].map { $0 + "\r\n" }.joined())
    let (back, context) = try decodeCSV(text)
    #expect(context.diagnostics.map(\.code) == ["defaulted-field"])
    #expect(back.records.map(\.amount) == [6.25, 1, nil, nil])
    #expect(back.records.map(\.note) == ["park, 5 km", nil, "", nil])
    #expect(back.entries.isEmpty)
  }

  @Test func aLogTableReportsEntriesAndWhatTrackersShare() {
    let losses = Self.losses(Self.dataset, shape: "log")
    #expect(losses.contains("/entries 2 item(s) left out"))
    for field in ["archived", "description", "goal", "frequency", "reminders"] {
      #expect(losses.contains { $0.hasPrefix("/trackers.\(field) ") }, "\(field)")
    }
    #expect(!losses.contains { $0.hasPrefix("/records.") }, "amounts and notes are carried")
    #expect(losses.first { $0.hasPrefix("/trackers.goal ") } == "/trackers.goal 2 item(s) left out")
  }

  @Test func amountAndNoteColumnsAreReadByExactLabelOrByMap() throws {
    // Without map, only the labels the writer writes: another app's "Note" stays an unknown column.
    let (plain, context) = try decodeCSV("tracker,date,amount,Note\nRun,2026-01-05,5,fine\n")
    #expect(plain.records[0].amount == 5 && plain.records[0].note == nil)
    #expect(plain.records[0].extras["csv"] == .object([JSONMember("Note", .string("fine"))]))
    #expect(context.diagnostics.map(\.code) == ["unknown-column", "defaulted-field"])
    let export = "Habit;Day;Value;Comment\nRun;05.01.2026;5,5;в парке\nRun;06.01.2026;;\n"
    let (mapped, _) = try decodeCSV(export, options: ["map": "tracker=Habit,date=Day,amount=Value,note=Comment"])
    #expect(mapped.records.map(\.amount) == [5.5, nil])
    #expect(mapped.records.map(\.note) == ["в парке", nil])
    #expect(mapped.records.allSatisfy { $0.extras.isEmpty })
  }

  @Test func aBadAmountIsALocatedTypeErrorAndTheDayIsStillDone() throws {
    let (dataset, context) = try decodeCSV("tracker,date,amount\nRun,2026-01-05,5 km\nRun,2026-01-06,4\n")
    #expect(found(context.diagnostics, code: "type-error") == [Found(code: "type-error", row: 2, field: "amount", line: 2, column: 16)])
    #expect(context.diagnostics.first { $0.code == "type-error" }?.severity == .error)
    #expect(dataset.records.map(\.amount) == [nil, 4])
    #expect(dataset.records[0].extras["csv"] == .object([JSONMember("amount", .string("5 km"))]))
    // A validator finding about an amount points at its cell.
    let place = context.sourceLocator?.locate(["/records/1/amount"])["/records/1/amount"]
    #expect(place.map { [$0.row, $0.line, $0.column] } == [3, 3, 16])
    #expect(place?.field == "amount")
  }

  @Test func recordExtrasNamedAmountOrNoteAreReportedNotTakenForTheField() throws {
    let d = TrackerDataset(
      categories: [TrackerCategory(id: CSVStableID.category(title: "Health"), title: "Health")],
      trackers: [Tracker(id: CSVStableID.tracker(name: "Run"), kind: .habit, name: "Run",
                         categoryId: CSVStableID.category(title: "Health"), emoji: CSVStableID.palette(for: "Run").emoji,
                         color: CSVStableID.palette(for: "Run").color, schedule: Weekday.allCases)],
      records: [TrackerRecord(trackerId: CSVStableID.tracker(name: "Run"), date: Self.day("2026-01-05"),
                              extras: ["csv": .object([JSONMember("note", .string("kept as a column once")),
                                                       JSONMember("Mood", .string("good"))])])])
    let (text, _) = try encodeCSV(d, options: ["to-shape": "log"])
    #expect(text.hasPrefix("tracker,category,date,Mood\r\n"))
    #expect(Self.losses(d, shape: "log") == ["/extras 1 item(s) left out"])
  }
}
