import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import LoopCodec
import TrackerCodec
import TrackerModel

/// Loop's CSV export: the fixture folder, the same as a zip, legacy headers and bad files.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopCSVReadTests {
  /// What the export holds, counted by plain line splitting (not by the code under test):
  /// names from `Habits.csv`, and per habit the `YES_MANUAL` lines of its `Checkmarks.csv`.
  static func independentCounts(_ folder: String) throws -> [String: Int] {
    let habits = try String(contentsOfFile: folder + "/Habits.csv", encoding: .utf8).split(separator: "\n").dropFirst()
    var result: [String: Int] = [:]
    let folders = try FileManager.default.contentsOfDirectory(atPath: folder)
    for line in habits {
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      let position = String(cells[0]), name = String(cells[1])
      guard let habitFolder = folders.first(where: { $0.hasPrefix(position + " ") }) else { result[name] = 0; continue }
      let checks = try String(contentsOfFile: folder + "/" + habitFolder + "/Checkmarks.csv", encoding: .utf8)
        .split(separator: "\n").filter { $0.split(separator: ",").dropFirst().first == "YES_MANUAL" }
      result[name] = checks.count
    }
    return result
  }

  @Test func theFixtureFolderMatchesAnIndependentCount() throws {
    let folder = Loop.fixture("csv_export")
    let expected = try Self.independentCounts(folder)
    let (dataset, context) = try Loop.decode(folder)
    #expect(dataset.trackers.map(\.name) == ["Meditate", "Wake up early"])
    #expect(Loop.days(dataset).mapValues(\.count) == expected)
    #expect(expected == ["Meditate": 0, "Wake up early": 6])
    // 1/1 is every day; 2 in 3 days has no weekdays: every day, reported.
    #expect(dataset.trackers.allSatisfy { $0.schedule == Weekday.allCases })
    let lossy = context.diagnostics.filter { $0.code == "lossy-frequency" }
    #expect(lossy.count == 1)
    #expect(lossy.first?.message.contains("2 times in 3 days") == true)
    #expect(lossy.first?.location.line == 3)
    let kept = try #require(context.diagnostics.first { $0.code == "loop-kept-entries" })
    #expect(kept.message.hasSuffix(": 3 YES_AUTO, 1 NO"))
    // The notes are the entries' notes (days not done); YES_AUTO and NO stay in extras.
    let wake = dataset.trackers[1]
    let notes = Dictionary(uniqueKeysWithValues: dataset.entries.filter { $0.trackerId == wake.id }.map { ($0.date.description, $0.note) })
    #expect(notes == ["2015-01-23": "Forgot to do it, really", "2015-01-19": "\"Vacation\"", "2015-01-24": "Sick"])
    #expect(dataset.entries.allSatisfy { !$0.skipped && $0.amount == nil })
    #expect(wake.extras["loop"]?["entries"]?["2015-01-24"] == .string("NO"))
    #expect(wake.extras["loop"]?["entries"]?["2015-01-23"] == .string("YES_AUTO"))
    #expect(wake.extras["loop"]?["notes"] == nil)
    #expect(wake.frequency == TrackerFrequency(times: 2, days: 3))
    #expect(dataset.trackers[0].frequency == nil)
    #expect(dataset.trackers[0].extras["loop"]?["color"] == .string("#FF8F00"))
    #expect(dataset.trackers[0].description == "Did you meditate this morning?")
    #expect(dataset.trackers[0].extras["loop"]?["question"] == nil)
    #expect(dataset.trackers.allSatisfy { !$0.archived && $0.goal == nil && $0.reminders.isEmpty })
  }

  @Test func theZipReadsLikeTheFolder() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let zip = folder.appendingPathComponent("Loop Habits CSV 2015-01-25.zip").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["zip", "-q", "-r", zip, "."]
    process.currentDirectoryURL = URL(fileURLWithPath: Loop.fixture("csv_export"))
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(LoopCodec().sniffPackage(try CodecInput(path: zip).members()))
    let (fromZip, _) = try Loop.decode(zip)
    let (fromFolder, _) = try Loop.decode(Loop.fixture("csv_export"))
    #expect(fromZip == fromFolder)
  }

  @Test func theCategoryIsTheDefaultOrTheOptionAndSaidSo() throws {
    let (dataset, context) = try Loop.decode(Loop.fixture("csv_export"), options: ["default-category": "Health"])
    #expect(dataset.categories.map(\.title) == ["Health"])
    #expect(dataset.trackers.allSatisfy { $0.categoryId == dataset.categories[0].id })
    #expect(context.diagnostics.contains { $0.code == "loop-assigned-defaults" && $0.message.contains("\"Health\"") })
    // The palette choice is stable: the same file gives the same dataset.
    #expect(try Loop.decode(Loop.fixture("csv_export"), options: ["default-category": "Health"]).0 == dataset)
  }
}

/// Hand-made exports: older header generations and broken files.
@Suite struct LoopCSVLegacyTests {
  /// A folder export with these files, in a temporary folder (``Loop/removeFolder(of:)``).
  static func export(_ files: [String: String]) throws -> String {
    let folder = try Loop.temporaryFolder().appendingPathComponent("export")
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  @Test func version2HeadersAndHeaderlessCheckmarks() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Café ☕,Did you?,\"Morning, early\",1,1,#D32F2F\n002,Gym,,,3,7,#388E3C\n",
      // Folder names are sanitised: the accent and emoji are gone; NNN finds the habit.
      "001 Caf/Checkmarks.csv": "2020-01-03,2\n2020-01-02,0\n2020-01-01,2\n",
      "002 Gym/Checkmarks.csv": "2020-01-02,3\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let (dataset, context) = try Loop.decode(path)
    #expect(dataset.trackers.map(\.name) == ["Café ☕", "Gym"])
    #expect(Loop.days(dataset) == ["Café ☕": ["2020-01-01", "2020-01-03"], "Gym": []])
    // Question and description, joined by a blank line; the question kept to split them again.
    #expect(dataset.trackers[0].description == "Did you?\n\nMorning, early")
    #expect(dataset.trackers[0].extras["loop"]?["question"] == .string("Did you?"))
    #expect(dataset.trackers[1].description == nil)
    #expect(dataset.entries == [TrackerEntry(trackerId: dataset.trackers[1].id, date: LocalDate("2020-01-02")!, skipped: true)])
    #expect(context.diagnostics.contains { $0.code == "loop-kept-entries" && $0.message.hasSuffix(": 1 NO") })
  }

  @Test func version1DescriptionIsTheQuestion() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Description,NumRepetitions,Interval,Color\n001,Read,Did you read?,1,1,#303030\n",
      "001 Read/Checkmarks.csv": "2016-05-02,2\n2016-05-01,1\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let (dataset, _) = try Loop.decode(path)
    #expect(dataset.trackers[0].description == "Did you read?")
    #expect(dataset.trackers[0].extras["loop"]?["question"] == nil)
    #expect(Loop.days(dataset) == ["Read": ["2016-05-02"]])
  }

  @Test func aMissingHabitsFileIsAClearError() throws {
    let path = try Self.export(["001 Read/Checkmarks.csv": "Date,Value,Notes\n"])
    defer { Loop.removeFolder(of: path) }
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("no Habits.csv"))
    #expect(error.location.file == path)
  }

  @Test func aBadCheckmarkValueIsLocated() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Read,YES_NO,,,1,1,#303030,,,,false\n",
      "001 Read/Checkmarks.csv": "Date,Value,Notes\n2016-05-02,YES_MANUAL,\n2016-05-01,MAYBE,\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("MAYBE"))
    #expect(error.location.file == path + "/001 Read/Checkmarks.csv")
    #expect(error.location.line == 3)
    #expect(error.location.column == 12)
  }

  @Test func aBadDateAndAnOpenQuoteAreLocated() throws {
    let badDate = try Self.export([
      "Habits.csv": "Position,Name,Description,NumRepetitions,Interval,Color\n001,Read,,1,1,#303030\n",
      "001 Read/Checkmarks.csv": "2016-13-02,2\n",
    ])
    defer { Loop.removeFolder(of: badDate) }
    let dateError = try #require(throws: CodecError.self) { try Loop.decode(badDate) }
    #expect(dateError.location.line == 1 && dateError.location.field == "Date")
    let openQuote = try Self.export([
      "Habits.csv": "Position,Name,Description,NumRepetitions,Interval,Color\n001,\"Read,,1,1,#303030\n",
      "001 Read/Checkmarks.csv": "",
    ])
    defer { Loop.removeFolder(of: openQuote) }
    let quoteError = try #require(throws: CodecError.self) { try Loop.decode(openQuote) }
    #expect(quoteError.location.line == 2 && quoteError.location.column == 5)
  }

  @Test func bytesThatAreNotUTF8AreAnEncodingErrorWithTheirPlace() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Read,YES_NO,,,1,1,#303030,,,,false\n",
      "001 Read/Checkmarks.csv": "",
    ])
    defer { Loop.removeFolder(of: path) }
    // "Café" in windows-1252 (0xE9), never UTF-8: it was read as "Caf\u{FFFD}" before.
    try Data("Date,Value,Notes\n2016-05-02,YES_MANUAL,Caf".utf8 + [0xE9] + Data("\n".utf8))
      .write(to: URL(fileURLWithPath: path + "/001 Read/Checkmarks.csv"))
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("encoding-error"))
    #expect(error.location.file == path + "/001 Read/Checkmarks.csv")
    #expect(error.location.line == 2)
    #expect(error.location.column == 26)
    #expect(error.note?.contains("UTF-8") == true && error.note?.contains("--encoding") == false)
  }

  @Test func aSkipOfAnAtMostHabitInTheExportIsNotACompletion() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Sugar,NUMERICAL,How many?,,1,1,#E64A19,spoons,AT_MOST,2.0,false\n",
      "001 Sugar/Checkmarks.csv": "Date,Value,Notes\n2020-01-04,3,\n2020-01-03,SKIP,ill\n2020-01-02,UNKNOWN,\n2020-01-01,1000,\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let (dataset, context) = try Loop.decode(path)
    #expect(Loop.days(dataset) == ["Sugar": ["2020-01-01"]])
    let sugar = dataset.trackers[0]
    #expect(sugar.goal == TrackerGoal(target: 2, direction: .atMost, unit: "spoons"))
    #expect(dataset.records.map(\.amount) == [1])
    // 3 is SKIP (never 0.003 spoons, which "at most 2" would count as done), with or without its word.
    let day = { (text: String) in LocalDate(text)! }
    #expect(dataset.entries == [TrackerEntry(trackerId: sugar.id, date: day("2020-01-03"), skipped: true, note: "ill"),
                                TrackerEntry(trackerId: sugar.id, date: day("2020-01-04"), skipped: true)])
    #expect(sugar.extras["loop"]?["entries"] == .object([JSONMember("2020-01-02", .string("UNKNOWN"))]))
    #expect(sugar.extras["loop"]?["values"] == nil)
    // A goal per day is the model's goal: no warning.
    #expect(!context.diagnostics.contains { $0.code == "loop-numerical-habit" })
  }

  @Test func aTargetValueBeyondADoubleIsAnError() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Run,NUMERICAL,,,1,1,#E64A19,km,AT_LEAST,1e400,false\n",
      "001 Run/Checkmarks.csv": "Date,Value,Notes\n2020-01-01,1000,\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let error = try #require(throws: CodecError.self) { try Loop.decode(path) }
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains("1e400"))
    #expect(error.location.line == 2 && error.location.field == "Target Value")
  }

  @Test func numericalCurrentFormat() throws {
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Run,NUMERICAL,How far?,,1,7,#E64A19,miles,AT_LEAST,2.0,true\n",
      "001 Run/Checkmarks.csv": "Date,Value,Notes\n2020-01-03,2500,\n2020-01-02,NO,rain\n2020-01-01,1000,\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let (dataset, context) = try Loop.decode(path)
    // A target per week (1/7): the model's goal with its period, and every day's amount; a day
    // above 0 is a part of the week (a record), a day of 0 an entry.
    #expect(Loop.days(dataset) == ["Run": ["2020-01-01", "2020-01-03"]])
    let run = dataset.trackers[0]
    #expect(run.goal == TrackerGoal(target: 2, direction: .atLeast, unit: "miles", period: .week) && run.frequency == nil)
    #expect(run.extras["loop"]?["values"] == nil && run.extras["loop"]?["freqDen"] == nil)
    #expect(dataset.records.map(\.amount) == [1, 2.5])
    #expect(dataset.entries == [TrackerEntry(trackerId: run.id, date: LocalDate("2020-01-02")!, amount: 0, note: "rain")])
    #expect(run.archived)
    #expect(!context.diagnostics.contains { $0.code == "loop-numerical-habit" || $0.code == "lossy-frequency" })
    // The archived flag is the model's now: loop-archived-habit is retired.
    #expect(!context.diagnostics.contains { $0.code == "loop-archived-habit" })
  }

  @Test func aMeasurableHabitOfAnotherFrequencyStaysInExtras() throws {
    // Twice a week with a target (2/7): not a goal per period, which Loop's edit screen never
    // writes; the target and values stay in extras, the days meeting the target are records.
    let path = try Self.export([
      "Habits.csv": "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Run,NUMERICAL,How far?,,2,7,#E64A19,miles,AT_LEAST,2.0,false\n",
      "001 Run/Checkmarks.csv": "Date,Value,Notes\n2020-01-03,2500,\n2020-01-02,NO,rain\n2020-01-01,1000,\n",
    ])
    defer { Loop.removeFolder(of: path) }
    let (dataset, context) = try Loop.decode(path)
    #expect(Loop.days(dataset) == ["Run": ["2020-01-03"]])
    let run = dataset.trackers[0]
    let loop = run.extras["loop"]
    #expect(run.goal == nil && run.frequency == nil)
    #expect(loop?["values"]?["2020-01-01"] == .number("1000"))
    #expect(loop?["values"]?["2020-01-02"] == .number("0"))
    #expect(loop?["unit"] == .string("miles"))
    #expect(loop?["freqNum"] == .number("2") && loop?["freqDen"] == .number("7"))
    #expect(dataset.records.allSatisfy { $0.amount == nil })
    #expect(dataset.entries == [TrackerEntry(trackerId: run.id, date: LocalDate("2020-01-02")!, note: "rain")])
    #expect(context.diagnostics.contains { $0.code == "loop-numerical-habit" && $0.message.contains("at least 2.0 miles")
      && $0.message.contains("3 value(s)") && $0.message.contains("1 day(s)") })
  }
}
