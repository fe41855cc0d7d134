import Foundation
import Testing
@testable import StreaksCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import TrackerValidation

/// Streaks' CSV export (docs/streaks.md), from the hand-made fixtures of Fixtures/README.md.
@Suite struct StreaksCSVTests {
  static let read = "9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A"

  /// What each entry type becomes: a record, a skipped entry, or a day kept in extras.
  enum Outcome: Sendable { case record, skipped, kept }

  static let entryTypes: [(String, Outcome)] = [
    ("completed_manually", .record), ("completed_auto", .record), ("completed_manually_partial", .kept),
    ("missed_auto", .kept), ("missed_manually", .kept), ("missed_auto_partial", .kept),
    ("skipped_auto", .skipped), ("skipped_manually", .skipped),
  ]

  @Test(arguments: entryTypes)
  func eachEntryTypeMapsToItsDay(type: String, outcome: Outcome) throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("entry-type-" + type.replacingOccurrences(of: "_", with: "-") + ".csv")
    let tracker = try #require(dataset.tracker("Stretch"))
    #expect(tracker.id == "0B6C2E4A-1F3D-4E5B-9A7C-2D8E6F1A3B5C" && dataset.trackers.count == 1)
    #expect(dataset.categories.map(\.title) == ["Streaks"] && tracker.invented == [.category, .emoji, .color, .schedule])
    let mark = JSONValue.object([JSONMember("type", .string(type))])
    switch outcome {
    case .record:
      #expect(dataset.recordDays("Stretch") == ["2024-03-05"] && dataset.entries.isEmpty && dataset.keptDays("Stretch").isEmpty)
      // A plain completion by hand needs no extras; an automatic one keeps its type.
      let extras = dataset.records[0].extras["streaks"]
      #expect(type == "completed_manually" ? extras == nil : extras?.marks == [mark], "\(String(describing: extras))")
    case .skipped:
      #expect(dataset.records.isEmpty && dataset.keptDays("Stretch").isEmpty)
      let entry = try #require(dataset.entries("Stretch").first)
      #expect(entry.skipped && entry.date.description == "2024-03-05" && entry.note == nil)
      #expect(entry.extras["streaks"]?.marks == [mark])
    case .kept:
      #expect(dataset.records.isEmpty && dataset.entries.isEmpty)
      #expect(dataset.keptDays("Stretch") == [.object([JSONMember("day", .string("2024-03-05")), JSONMember("marks", .array([mark]))])])
      let warning = try #require(diagnostics.first { $0.code == "streaks-kept-days" })
      #expect(warning.message.contains("1 day(s)") && warning.message.contains("\(type) 1"), "\(warning.message)")
    }
    #expect(!diagnostics.contains { $0.code == "streaks-unknown-type" })
  }

  @Test func theFourColumnsAloneAreEnough() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("without-optional-columns.csv")
    #expect(dataset.trackers.map(\.name) == ["Read", "Water plants"])
    #expect(dataset.trackers.map(\.id) == [Self.read, "1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D"])
    #expect(dataset.recordDays("Read") == ["2024-01-10", "2024-01-12"])
    #expect(dataset.records.allSatisfy { $0.extras.isEmpty && $0.note == nil })
    #expect(dataset.keptDays("Read").map { $0["day"] } == [.string("2024-01-11")])
    #expect(dataset.entries("Water plants").map { "\($0.date) \($0.skipped)" } == ["2024-01-10 true"])
    #expect(dataset.tracker("Water plants")?.extras["streaks"] == nil)
    #expect(diagnostics.map(\.code) == ["streaks-assigned-defaults", "streaks-kept-days"], "\(diagnostics)")
    #expect(Validator().validate(dataset).filter { $0.severity == .error }.isEmpty)
  }

  @Test func theOptionalColumnsAreReadOrKept() throws {
    let (dataset, _) = try StreaksFixtures.read("with-optional-columns.csv")
    let read = try #require(dataset.tracker("Read"))
    #expect(read.extras["streaks"]?["icon"] == .string("ic_book") && read.extras["streaks"]?["page"] == .number("0"))
    #expect(dataset.tracker("Water plants")?.extras["streaks"]?["page"] == .number("2"))
    #expect(dataset.recordDays("Read") == ["2024-01-10", "2024-01-11"])
    let first = dataset.records[0], second = try #require(dataset.records.first { $0.date.description == "2024-01-11" })
    // A quantity of 0 says nothing and is left out; the time stamp and zone are kept.
    #expect(first.extras["streaks"]?.marks == [.object([JSONMember("type", .string("completed_manually")),
                                                        JSONMember("timestamp", .string("2024-01-10T21:15:00Z")),
                                                        JSONMember("timezone", .string("Europe/Berlin"))])])
    #expect(second.note == "Chapter 3, \"Dune\"" && second.extras["streaks"]?.marks.first?["quantity"] == .number("2.0"))
    // A missed day with a note is an entry with the note, not skipped; without, a kept day.
    let noted = dataset.entries("Read")
    #expect(noted.map { "\($0.date) \($0.skipped) \($0.note ?? "-")" } == ["2024-01-13 false too tired"])
    #expect(noted.first?.extras["streaks"]?.marks.first?["type"] == .string("missed_manually"))
    #expect(dataset.keptDays("Read").map { $0["day"] } == [.string("2024-01-12")])
    let watering = try #require(dataset.entries("Water plants").first)
    #expect(watering.skipped && watering.note == "away" && watering.date.description == "2024-01-10")
  }

  /// Columns are found by their labels: the same rows in another column order read the same.
  @Test func columnsAreFoundByName() throws {
    let (reordered, _) = try StreaksFixtures.read("columns-reordered.csv")
    #expect(reordered.trackers.map(\.name) == ["Read", "Water plants"] && reordered.trackers.first?.id == Self.read)
    #expect(reordered.recordDays("Read") == ["2024-01-10"])
    #expect(reordered.records[0].extras["streaks"]?.marks.first?["timestamp"] == .string("2024-01-10T21:15:00Z"))
    #expect(reordered.keptDays("Read").first?.marks.first?["type"] == .string("missed_auto"))
    #expect(reordered.entries("Water plants").map(\.skipped) == [true])
    #expect(reordered.tracker("Read")?.extras["streaks"]?["icon"] == .string("ic_book"))
    #expect(reordered.tracker("Water plants")?.extras["streaks"]?["page"] == .number("2"))
    let (quoted, _) = try StreaksFixtures.read("quoted-header-with-bom.csv")
    #expect(quoted.recordDays("Read") == ["2024-01-10"] && quoted.trackers.first?.id == Self.read)
  }

  @Test func aTimeAfterTheTitleBecomesAReminder() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("title-time-suffix.csv")
    #expect(dataset.trackers.map(\.name) == ["Walk the dog", "Take vitamins", "Coffee, tea", "Meeting, 25:00"])
    #expect(dataset.trackers.map { $0.reminders.map(\.time) } == [["07:30"], ["08:05"], [], []])
    #expect(dataset.trackers.map { $0.extras["streaks"]?["title"] } == [.string("Walk the dog, 07:30"), .string("Take vitamins, 8:05"), nil, nil])
    let warning = try #require(diagnostics.first { $0.code == "streaks-title-time" })
    #expect(warning.message.hasPrefix("2 title(s)") && warning.location.row == 2 && warning.location.line == 2, "\(warning)")
    #expect(StreaksTitle("Run, 7:3").time == nil && StreaksTitle(", 07:30").time == nil && StreaksTitle("Nap, 23:59").name == "Nap")
  }

  @Test func anUnknownEntryTypeIsKeptAndWarnedOnce() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("unknown-entry-type.csv")
    #expect(dataset.recordDays("Read") == ["2024-01-10"])
    #expect(dataset.keptDays("Read").map { $0.marks.first?["type"] } == [.string("paused_manually"), .string("paused_manually"), .string("completed_by_watch")])
    let unknown = diagnostics.filter { $0.code == "streaks-unknown-type" }
    #expect(unknown.count == 2, "\(unknown)")
    #expect(unknown.first?.message.contains("\"paused_manually\"") == true && unknown.first?.message.contains("2 time(s)") == true)
    #expect(unknown.map(\.location.row) == [3, 5] && unknown.map(\.location.field) == ["entry_type", "entry_type"])
    #expect(unknown.first?.location.column == 43, "\(unknown)")
  }

  @Test func aBadDateIsALocatedWarningAndTheRowIsKept() throws {
    let (dataset, diagnostics) = try StreaksFixtures.read("bad-date.csv")
    #expect(dataset.recordDays("Read") == ["2024-01-10", "2024-01-11"])
    let bad = try #require(diagnostics.first { $0.code == "streaks-bad-date" })
    #expect(bad.location.file == StreaksFixtures.path("bad-date.csv"))
    #expect(bad.location.row == 3 && bad.location.line == 3 && bad.location.column == 62 && bad.location.field == "entry_date", "\(bad)")
    #expect(bad.message.contains("\"20240230\""))
    #expect(dataset.extras["streaks"]?["unread"] == .array([.object([
      JSONMember("row", .number("3")), JSONMember("task_id", .string(Self.read)), JSONMember("title", .string("Read")),
      JSONMember("entry_type", .string("completed_manually")), JSONMember("entry_date", .string("20240230")),
    ])]))
  }

  @Test func aHeaderWithoutTheNeededColumnsIsALocatedError() throws {
    let missing = try #require(codecError {
      _ = try decode(StreaksCodec(), text: "task_id,title,entry_type\nA,Read,completed_manually\n", name: "export.csv")
    })
    #expect(missing.kind == .malformedInput && missing.location.line == 1 && missing.message.contains("entry_date")
      && missing.message.hasSuffix("[missing-label]"), "\(missing)")
    let noTask = try #require(codecError { _ = try decode(StreaksCodec(), text: "entry_type,entry_date\n", name: "export.csv") })
    #expect(noTask.message.contains("task_id") && noTask.location.line == 1)
    let open = try #require(codecError {
      _ = try decode(StreaksCodec(), text: "task_id,title,entry_type,entry_date\nA,\"Read,completed_manually,20240101\n", name: "export.csv")
    })
    #expect(open.kind == .malformedInput && open.location.line == 2 && open.message.hasSuffix("[unclosed-quote]"), "\(open)")
    #expect(codecError { _ = try decode(StreaksCodec(), text: "", name: "export.csv") }?.message.contains("empty") == true)
  }

  @Test func rowsWithoutATaskIdGoByTitleAndShortRowsReadEmpty() throws {
    let csv = "title,entry_type,entry_date,extra\nRead,completed_manually,20240101,x\nRead,completed_auto,20240102\nNap,completed_manually\n"
    let (dataset, context) = try decode(StreaksCodec(), text: csv, name: "export.csv")
    #expect(dataset.trackers.map(\.name) == ["Read"] && dataset.recordDays("Read") == ["2024-01-01", "2024-01-02"])
    #expect(dataset.records[0].extras["streaks"]?.marks.first?["extra"] == .string("x"))
    #expect(context.diagnostics.contains { $0.code == "streaks-bad-date" && $0.location.row == 4 })
  }

  @Test func theDefaultCategoryIsAnOption() throws {
    let (dataset, _) = try StreaksFixtures.read("without-optional-columns.csv", options: ["default-category": "Habits"])
    #expect(dataset.categories.map(\.title) == ["Habits"] && Set(dataset.trackers.map(\.categoryId)) == [dataset.categories[0].id])
  }

  @Test func detectionKnowsTheHeaderInAnyOrder() {
    #expect(StreaksCodec().sniff(Array("task_id,title,entry_type,entry_date\n".utf8)))
    #expect(StreaksCodec().sniff(Array("\u{FEFF}\"entry_date\",\"Entry_Type\",\"title\",\"task_id\"\r\n".utf8)))
    #expect(!StreaksCodec().sniff(Array("task_id,title,entry_date\n".utf8)))
    #expect(!StreaksCodec().sniff(Array("full_date,date,weekday,time,mood,activities\n".utf8)))
    #expect(!StreaksCodec().sniff(Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n".utf8)))
    // The labels are on the first line only.
    #expect(!StreaksCodec().sniff(Array("name,date\ntask_id,entry_type,entry_date\n".utf8)))
  }
}
