import Foundation
import Testing
import TrackerTestSupport
import BeaverHabitsCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Each fixture read against its expected dataset and Python's counts, and the rules of
/// `docs/beaverhabits.md`.
@Suite struct BeaverHabitsReadTests {
  /// Golden files: each hand-built file reads as its `.expected.json`, with the warnings
  /// listed here (code and pointer into the file).
  @Test(arguments: [
    ("export", [("lossy-frequency", "/habits/1/period"), ("lossy-frequency", "/habits/3/period"), ("beaverhabits-assigned-defaults", "/habits")]),
    ("backup", [("lossy-frequency", "/habits/1/period"), ("lossy-frequency", "/habits/3/period"), ("beaverhabits-assigned-defaults", "/habits")]),
  ])
  func aFixtureReadsAsItsExpectedDataset(_ name: String, _ warnings: [(String, String)]) throws {
    let (dataset, diagnostics) = try Beaver.decode(Beaver.fixture(name + ".json"))
    let expected = try Beaver.canonical(Beaver.fixture(name + ".expected.json"))
    #expect(dataset == expected, "\(dataset.firstDifference(from: expected) ?? "")")
    #expect(diagnostics.map { [$0.code, $0.location.pointer ?? ""] } == warnings.map { [$0.0, $0.1] })
    // Warnings are placed in the file.
    #expect(diagnostics.allSatisfy { $0.location.line != nil && $0.location.column != nil })
  }

  /// What Python's `json` counts habit by habit, the codec reads: done days, notes, days not
  /// done with and without a note, tags, stars, statuses and periods.
  @Test(arguments: ["export.json", "backup.json"])
  func aFixtureHasPythonsCounts(_ name: String) throws {
    let path = Beaver.fixture(name)
    let expected = try Beaver.counts(path)
    #expect(expected.count == 4)
    let (dataset, _) = try Beaver.decode(path)
    #expect(Beaver.counts(of: dataset) == expected)
  }

  /// The hand counts of Fixtures/README.md, so that a wrong oracle cannot agree with a wrong codec.
  @Test func theHandCountsOfTheReadme() throws {
    let (export, exportWarnings) = try Beaver.decode(Beaver.fixture("export.json"))
    #expect(export.trackers.count == 4)
    #expect(export.records.count == 5)
    #expect(export.records.count { $0.note == "pepperoni" } == 1)
    #expect(export.entries.map(\.note) == ["too tired"])
    #expect(export.categories.map(\.title) == ["Food", "Health", "Beaver Habits", "Family"])
    #expect(export.trackers.count(where: \.pinned) == 1)
    #expect(export.trackers.map(\.frequency) == [nil, TrackerFrequency(times: 3, days: 7), nil, TrackerFrequency(times: 2, days: 30)])
    #expect(export.trackers.allSatisfy { $0.schedule == Weekday.allCases && $0.emoji != nil && $0.color != nil })
    #expect(export.trackers[1].name == "Бег 🏃")
    #expect(exportWarnings.count { $0.code == "lossy-frequency" } == 2)
    #expect(export.extras["beaverhabits"]?["userEmail"] == .string("someone@example.org"))
    let (backup, _) = try Beaver.decode(Beaver.fixture("backup.json"))
    #expect(backup.trackers.map(\.archived) == [false, true, true, false])
    #expect(backup.trackers[2].extras["beaverhabits"]?["status"] == .string("soft_delete"))
    #expect(backup.records.count == 5)
    #expect(backup.trackers.map(\.frequency) == [nil, TrackerFrequency(times: 2, days: 3), nil, TrackerFrequency(times: 2, days: 365)])
    #expect(backup.categories.map(\.title) == ["Health", "Beaver Habits"])
  }

  /// The app's own storage files of April 2024 (no ids, tags, star, status, period or text):
  /// every habit and record as Python counts them; the unticked days kept.
  @Test(.enabled(if: Beaver.haveFixtures, "the shared fixtures are not there (TRACKPORT_SHARED_FIXTURES)"), arguments: Beaver.storageFiles)
  func theAppsOwnStorageFileReads(_ name: String) throws {
    let path = Beaver.shared(name)
    let expected = try Beaver.counts(path)
    #expect(expected.map(\.name) == ["Order pizz", "Running", "Table Tennis", "Clean", "Call mom"])
    let (dataset, diagnostics) = try Beaver.decode(path)
    #expect(Beaver.counts(of: dataset) == expected)
    #expect(dataset.categories.map(\.title) == ["Beaver Habits"])
    #expect(Set(dataset.trackers.map(\.id)).count == 5)
    #expect(diagnostics.map(\.code) == ["beaverhabits-assigned-defaults"])
    #expect(diagnostics.first?.location.pointer == "/data/habits")
    // The same file read twice gives the same ids.
    #expect(try Beaver.decode(path).0 == dataset)
  }

  /// Periods: every day when they ask as many times as they have days (a month is 30 days, a
  /// year 365), else the frequency in days with a `lossy-frequency` warning.
  @Test(arguments: [("D", 1, 1, "every day"), ("W", 1, 7, "every day"), ("W", 2, 15, "every day"), ("M", 1, 30, "every day"),
                    ("M", 2, 61, "every day"), ("Y", 1, 365, "every day"), ("W", 1, 3, "3/7"), ("D", 3, 2, "2/3"),
                    ("M", 1, 2, "2/30"), ("Y", 2, 5, "5/730"), ("M", 1, 29, "29/30")])
  func aPeriodIsEveryDayOrAFrequency(_ type: String, _ count: Int, _ target: Int, _ expected: String) throws {
    let text = #"{"habits": [{"name": "A", "records": [], "period": {"period_type": "\#(type)", "period_count": \#(count), "target_count": \#(target)}}]}"#
    let (dataset, warnings) = try Beaver.decode(text: text)
    let frequency = dataset.trackers[0].frequency
    #expect(frequency.map { "\($0.times)/\($0.days)" } ?? "every day" == expected)
    #expect(dataset.trackers[0].schedule == Weekday.allCases)
    #expect(warnings.contains { $0.code == "lossy-frequency" } == (frequency != nil))
  }

  @Test func theDefaultCategoryIsAnOption() throws {
    let (dataset, _) = try Beaver.decode(Beaver.fixture("export.json"), options: ["default-category": "Misc"])
    #expect(dataset.categories.map(\.title) == ["Food", "Health", "Misc", "Family"])
  }

  /// Bad input: a located error (line, column and pointer) for each, never a crash.
  @Test(arguments: [
    (#"{"habits": [{"name": "A", "records": [{"day": "2026-01-01", "done": "yes"}]}]}"#, "/habits/0/records/0/done", 1, 69, "expected true or false"),
    (#"{"habits": [{"name": "A", "records": [{"day": "2026-13-01", "done": true}]}]}"#, "/habits/0/records/0/day", 1, 47, "expected a day YYYY-MM-DD"),
    ("{\"habits\": [\n {\"name\": \"A\", \"status\": \"paused\"}]}", "/habits/0/status", 2, 26, "unknown habit status \"paused\""),
    (#"{"habits": [{"name": "A", "period": {"period_type": "Q", "period_count": 1, "target_count": 1}}]}"#, "/habits/0/period/period_type", 1, 53, "unknown period type \"Q\""),
    (#"{"habits": [{"name": "A", "period": {"period_type": "W", "period_count": 0, "target_count": 1}}]}"#, "/habits/0/period/period_count", 1, 74, "expected a whole number from 1 to 100000"),
    (#"{"habits": [{"name": 7}]}"#, "/habits/0/name", 1, 22, "expected a string"),
    (#"{"habits": [{"records": []}]}"#, "/habits/0", 1, 13, "missing \"name\""),
    (#"{"habits": {"name": "A"}}"#, "/habits", 1, 12, "expected an array"),
    (#"{"user_email": "a@b", "exported_at": "2026-01-01 00:00:00"}"#, "", 1, 1, "missing \"habits\""),
    (#"[{"name": "A"}]"#, "", 1, 1, "expected an object"),
  ])
  func badInputIsALocatedError(_ text: String, _ pointer: String, _ line: Int, _ column: Int, _ message: String) throws {
    let error = try #require(Beaver.error { _ = try Beaver.decode(text: text) })
    #expect(error.kind == .malformedInput)
    #expect(error.message.hasPrefix(message), "\(error.message)")
    #expect(error.location.pointer == pointer)
    #expect(error.location.line == line && error.location.column == column, "\(String(describing: error.location))")
    #expect(error.location.file == "test.json")
  }

  @Test func truncatedInputIsALocatedError() throws {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Beaver.fixture("export.json"))), as: UTF8.self)
    let cut = String(text.prefix(200))
    let error = try #require(Beaver.error { _ = try Beaver.decode(text: cut) })
    #expect(error.kind == .malformedInput)
    #expect(error.message.hasPrefix("not a beaverhabits export (JSON): "), "\(error.message)")
    #expect(error.location.line != nil)
  }
}
