import Foundation
import Testing
@testable import DaylioCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Daylio's CSV export (docs/daylio.md). `export.csv` is written by hand after the columns
/// MichaelCurrin/daylio-csv-parser documents (`docs/csv-format.md`) and the `scales` column newer
/// versions add (DeutscheGabanna/Obsidian-Daylio-Parser, `.github/copilot-instructions.md`):
/// a byte order mark, 12-hour times, a note over two lines, an impossible day.
@Suite struct DaylioCSVTests {
  static func fixture(_ name: String) -> String { DaylioBackupTests.fixture(name) }

  @Test func theExportReadsByColumnName() throws {
    let (dataset, context) = try decode(DaylioCodec(), path: Self.fixture("export.csv"))
    #expect(dataset.categories.map(\.title) == ["Daylio"])
    #expect(dataset.trackers.map(\.name) == ["walk", "read", "gym", "family"])
    func days(_ name: String) -> [String] {
      let id = dataset.trackers.first { $0.name == name }!.id
      return dataset.records.filter { $0.trackerId == id }.map(\.date.description)
    }
    #expect(days("walk") == ["2024-02-29", "2024-03-01"] && days("read") == ["2024-03-01"])
    #expect(days("gym") == ["2024-02-29"] && days("family") == ["2024-02-29"])
    let bad = try #require(context.diagnostics.first { $0.code == "daylio-bad-date" })
    #expect(bad.location.row == 5 && bad.location.line == 6 && bad.location.field == "full_date", "\(bad)")
    guard case .array(let entries)? = dataset.extras["daylio"]?["entries"] else { Issue.record("no entries"); return }
    #expect(entries.count == 5)
    #expect(entries.map { $0["mood"]?.stringValue ?? "" } == ["awful", "meh", "good", "rad", "bad"])
    #expect(entries[2]["note"] == .string("two lines\nin one note") && entries[2]["time"] == .string("10:15 pm"))
    #expect(entries[3]["scales"] == .string("sleep: 7") && entries[3]["weekday"] == .string("Friday"))
    #expect(entries[4]["full_date"] == .string("2024-02-30") && entries[4]["day"] == nil && entries[4]["date"] == .string("February 30"))
  }

  @Test func optionsNameTheCategoryOrLeaveActivitiesOut() throws {
    let (named, _) = try decode(DaylioCodec(), path: Self.fixture("export.csv"), options: ["default-category": "Mood diary"])
    #expect(named.categories.map(\.title) == ["Mood diary"])
    let (none, _) = try decode(DaylioCodec(), path: Self.fixture("export.csv"), options: ["activities": "false"])
    #expect(none.trackers.isEmpty && none.records.isEmpty)
  }

  /// The shared sample (a real export, saved verbatim), counted by Python's csv module.
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("daylio/sample.csv")), "the shared fixtures are not there"))
  func theSharedSampleMatchesAnIndependentCount() throws {
    let path = SharedFixtures.path("daylio/sample.csv")
    let counts = try Python.run(oracle: "daylio_counts.py", [path]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let (dataset, _) = try decode(DaylioCodec(), path: path)
    #expect(counts == [dataset.trackers.count, dataset.records.count])
  }

  @Test func aHeaderWithoutTheDayIsALocatedError() throws {
    let error = try #require(codecError {
      _ = try decode(DaylioCodec(), text: "full_date_x,date,weekday,time,mood,activities\n", name: "export.csv")
    })
    #expect(error.kind == .malformedInput && error.location.line == 1 && error.message.contains("full_date"), "\(error)")
    #expect(codecError { _ = try decode(DaylioCodec(), text: "a,b\n\"open", name: "x.csv") } != nil)
  }

  @Test func detectionKnowsTheHeader() {
    #expect(DaylioCodec().sniff(Array("\u{FEFF}full_date,date,weekday,time,mood,activities,note_title,note\n".utf8)))
    #expect(DaylioCodec().sniff(Array("\"full_date\",\"date\",\"weekday\",\"time\",\"mood\"".utf8)))
    #expect(!DaylioCodec().sniff(Array("HabitName,HabitDescription,HabitCategory".utf8)))
    #expect(DaylioCodec().sniffPackage(["backup.daylio"]) && !DaylioCodec().sniffPackage(["habits", "log"]))
  }

  /// Cells past the header and a label given twice are kept.
  @Test func extraCellsAndRepeatedLabelsAreKept() throws {
    let csv = "full_date,date,weekday,time,mood,activities,scales,scales,note_title,note\n2024-01-02,,,,rad,walk,a,b,,,extra\n"
    let (dataset, _) = try decode(DaylioCodec(), text: csv, name: "export.csv")
    guard case .array(let entries)? = dataset.extras["daylio"]?["entries"] else { Issue.record("no entries"); return }
    #expect(entries[0]["scales"] == .string("a") && entries[0]["scales 2"] == .string("b") && entries[0]["column11"] == .string("extra"))
  }
}
