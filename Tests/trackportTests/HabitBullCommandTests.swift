import Foundation
import TrackerTestSupport
import Testing

/// The HabitBull codec end to end: detection, conversion both ways, errors and exit codes.
@Suite struct HabitBullCommandTests {
  static let fixture = SharedFixtures.path("loop_uhabits/habitbull2.csv")

  @Test func aHabitBullExportIsDetectedAndConvertedBothWays() throws {
    let detect = try CLI.run(["detect", Self.fixture])
    #expect(detect.status == 0)
    #expect(detect.stdout.hasPrefix("habitbull\t"))

    let folder = try CLI.temporaryFolder()
    let json = folder.appendingPathComponent("habits.trackport.json").path
    let read = try CLI.run(["convert", Self.fixture, json, "--default-category", "Unused"])
    #expect(read.status == 0, "\(read.stderr)")
    #expect(read.stderr.contains("habitbull2.csv:3:18: warning: Value \"-2150000000\" is not a 32-bit integer"))
    #expect(read.stderr.contains("[defaulted-field]"))
    let validate = try CLI.run(["validate", json, "--today", "2026-11-22"])
    #expect(validate.status == 0, "\(validate.stdout)")

    let back = folder.appendingPathComponent("back.csv").path
    let written = try CLI.run(["convert", json, back, "--to", "habitbull"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(!written.stderr.contains("dropped-field"))
    let text = try String(contentsOfFile: back, encoding: .utf8)
    #expect(text.hasPrefix("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\nH1,,C1,2020-11-05,1,\r\n"))
    #expect(text.contains("H3,Habit 3,C3,2019-06-14,0,Habit 3 notes\r\n"))
  }

  @Test func writingTheDemoReportsLossesAndFailOnLossRefuses() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("demo.habitbull.csv").path
    let refused = try CLI.run(["convert", CLI.demo, out, "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("HabitBull CSV cannot carry tasks"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let written = try CLI.run(["convert", CLI.demo, out])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("HabitName,"))
  }

  @Test func aBadDayIsExit65WithItsPlace() throws {
    let folder = try CLI.temporaryFolder()
    let bad = folder.appendingPathComponent("bad.csv")
    try Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,31/13/2024,1,\n".utf8).write(to: bad)
    let result = try CLI.run(["convert", bad.path, folder.appendingPathComponent("out.trackport.json").path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("bad.csv:2:7: error: CalendarDate \"31/13/2024\" is not a day"))
    #expect(result.stderr.contains("[type-error]"))
  }

  @Test func dayFirstDatesAreDetectedOrToldWithDateFormat() throws {
    let folder = try CLI.temporaryFolder()
    let input = folder.appendingPathComponent("days.csv")
    try Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,03/04/2024,1,\n".utf8).write(to: input)
    let out = folder.appendingPathComponent("out.trackport.json").path
    let guessed = try CLI.run(["convert", input.path, out])
    #expect(guessed.status == 0, "\(guessed.stderr)")
    #expect(guessed.stderr.contains("days.csv:2:7: warning: slashed dates such as \"03/04/2024\" were read month-first"))
    #expect(guessed.stderr.contains("--date-format DD/MM/YYYY") && guessed.stderr.contains("[date-order]"))
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"2024-03-04\""))

    let told = try CLI.run(["convert", input.path, out, "--force", "--date-format", "DD/MM/YYYY"])
    #expect(told.status == 0, "\(told.stderr)")
    #expect(!told.stderr.contains("[date-order]"))
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"2024-04-03\""))
  }
}
