import Foundation
import TrackerTestSupport
import Testing

/// Exit statuses that tell the truth: no success while input was dropped, codes on every error
/// line, plain words, and `--quiet` doing what its help says.
@Suite struct ExitStatusTests {
  /// A log table whose days have two-digit years (`01.02.26`), as phones and spreadsheets write
  /// them; `extra` rows are appended as they are.
  func shortYearLog(_ extra: String = "") throws -> (folder: URL, input: String) {
    let folder = try CLI.temporaryFolder()
    let input = folder.appendingPathComponent("log.csv")
    try Data("tracker,date\nRun,01.02.26\nRun,02.02.26\nRead,03.02.26\n\(extra)".utf8).write(to: input)
    return (folder, input.path)
  }

  @Test func rowsDroppedForErrorsWriteNothingAndExit65() throws {
    let (folder, input) = try shortYearLog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.trackport.json").path
    let result = try CLI.run(["convert", input, output])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    // Each dropped row is located, with a hint that fits the file, then the one summary.
    #expect(result.stderr.contains("log.csv:2:5: error: date \"01.02.26\""), "\(result.stderr)")
    #expect(result.stderr.contains("pass --date-format DD.MM.YY"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("\(input): error: nothing written: the input has 3 errors\n  note: fix them, or pass --skip-bad-rows to write what could be read\n"),
            "\(result.stderr)")
  }

  @Test func twoDigitYearsReadWithTheirDateFormat() throws {
    let (folder, input) = try shortYearLog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.trackport.json").path
    let result = try CLI.run(["convert", input, output, "--date-format", "DD.MM.YY"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("\"date\": \"2026-02-01\"") && text.contains("\"date\": \"2026-02-03\""), "\(text)")
    // Written back with the same format, the year gets its four digits: no century is lost.
    let back = folder.appendingPathComponent("back.csv").path
    let written = try CLI.run(["convert", output, back, "--to-shape", "log", "--date-format", "DD.MM.YY"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try String(contentsOfFile: back, encoding: .utf8).contains("Run,Imported,01.02.2026"))
  }

  @Test func skipBadRowsWritesTheRestAndSaysHowManyWent() throws {
    let (folder, input) = try shortYearLog("Swim,2026-02-30\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.trackport.json").path
    let result = try CLI.run(["convert", input, output, "--date-format", "DD.MM.YY", "--skip-bad-rows"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("log.csv:5:6: error: date \"2026-02-30\""), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("\(input): warning: went on despite 1 error in the input (--skip-bad-rows): what it skipped is missing\n"),
            "\(result.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.components(separatedBy: "\"trackerId\"").count - 1 == 3)
  }

  @Test func statsAndAgendaRefuseAnInputWithDroppedRowsToo() throws {
    let (folder, input) = try shortYearLog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stats = try CLI.run(["stats", input])
    #expect(stats.status == 65)
    #expect(stats.stdout.isEmpty)
    #expect(stats.stderr.contains("error: nothing shown: the input has 3 errors"), "\(stats.stderr)")
    let skipped = try CLI.run(["stats", input, "--skip-bad-rows", "--json"])
    #expect(skipped.status == 0)
    #expect(skipped.stdout.contains("\"trackersCompleted\": 0"), "\(skipped.stdout)")
    let agenda = try CLI.run(["agenda", input, "--date", "2026-02-01"])
    #expect(agenda.status == 65)
    let read = try CLI.run(["agenda", input, "--date", "2026-02-01", "--date-format", "DD.MM.YY"])
    #expect(read.status == 0, "\(read.stderr)")
    #expect(read.stdout.contains("[x]"), "\(read.stdout)")
  }

  @Test func convertErrorLinesCarryTheirCode() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.trackport.json")
    try Data("{}".utf8).write(to: output)
    let exists = try CLI.run(["convert", CLI.demo, output.path])
    #expect(exists.status == 73)
    #expect(exists.stderr.hasPrefix("\(output.path): error: output file exists [cannot-create-output]\n"), "\(exists.stderr)")
    let broken = try CLI.run(["convert", "SampleData/invalid/malformed-truncated.trackport.json", "-", "--to", "json"])
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("error: unexpected end of input [malformed-input]"), "\(broken.stderr)")
  }

  @Test func anErrorAboutTheCommandLineNamesNoFile() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("out.ics").path, "--timezone", "Europe/Moskow"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    #expect(result.stderr.contains("[unsupported-operation]"), "\(result.stderr)")
  }

  @Test func aDamagedZipIsDescribedInPlainWords() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("package.zip")
    try Data("PK\u{3}\u{4} not really a zip".utf8).write(to: input)
    let result = try CLI.run(["convert", input.path, "-", "--from", "csv", "--to", "json"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("not a readable zip archive: the archive's table of contents is missing"), "\(result.stderr)")
    #expect(!result.stderr.contains("missingEndOfCentralDirectoryRecord"))
  }

  @Test func quietWithFailOnLossShowsOnlyTheLossesThatStoppedIt() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.json")
    // An unknown key is a warning --quiet hides; the losses to HabitBull are why nothing is written.
    try Data(#"{"trackport": 1, "mood": "great", "categories": [{"id": "c", "title": "C"}], "trackers": [], "records": [], "tasks": []}"#.utf8)
      .write(to: input)
    let output = folder.appendingPathComponent("out.habitbull.csv").path
    let loud = try CLI.run(["convert", input.path, output, "--fail-on-loss"])
    #expect(loud.status == 1)
    #expect(loud.stderr.contains("[unknown-key]") && loud.stderr.contains("[dropped-field]"), "\(loud.stderr)")
    let quiet = try CLI.run(["convert", input.path, output, "--fail-on-loss", "--quiet"])
    #expect(quiet.status == 1)
    #expect(!quiet.stderr.contains("[unknown-key]"), "\(quiet.stderr)")
    #expect(quiet.stderr.contains("[dropped-field]"), "\(quiet.stderr)")
    #expect(quiet.stderr.hasSuffix("\(output): error: nothing written: the output format would drop data (--fail-on-loss)\n"))
    #expect(!FileManager.default.fileExists(atPath: output))
    // And --quiet alone prints nothing at all.
    let silent = try CLI.run(["convert", input.path, output, "--quiet"])
    #expect(silent.status == 0)
    #expect(silent.stderr.isEmpty, "\(silent.stderr)")
  }
}
