import Foundation
import TrackerTestSupport
import Testing

@Suite struct ConvertCommandTests {
  @Test func jsonRoundTripGivesIdenticalBytes() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("copy.trackport.json").path
    let result = try CLI.run(["convert", CLI.demo, out])
    #expect(result.status == 0, "\(result.stderr)")
    let original = try Data(contentsOf: CLI.root.appendingPathComponent(CLI.demo))
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == original)
  }

  @Test func anExistingOutputNeedsForce() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("out.trackport.json")
    try Data("keep me".utf8).write(to: out)
    let refused = try CLI.run(["convert", CLI.demo, out.path])
    #expect(refused.status == 73)
    #expect(refused.stderr.contains("exists"))
    #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
    let forced = try CLI.run(["convert", CLI.demo, out.path, "--force"])
    #expect(forced.status == 0)
  }

  /// A package folder is replaced with --force when it is an earlier package, never a folder
  /// of the user's own.
  @Test func forceReplacesAnEarlierPackageFolder() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let package = folder.appendingPathComponent("package")
    #expect(try CLI.run(["convert", CLI.demo, package.path, "--to", "csv"]).status == 0)
    let again = try CLI.run(["convert", CLI.demo, package.path, "--to", "csv"])
    #expect(again.status == 73 && again.stderr.contains("pass --force"), "\(again.stderr)")
    let forced = try CLI.run(["convert", CLI.demo, package.path, "--to", "csv", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["package"])
    try Data("mine".utf8).write(to: package.appendingPathComponent("notes.txt"))
    let refused = try CLI.run(["convert", CLI.demo, package.path, "--to", "csv", "--force"])
    #expect(refused.status == 73 && refused.stderr.contains("files a package does not write"), "\(refused.stderr)")
    #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("notes.txt").path))
  }

  @Test func theInputIsNeverReplaced() throws {
    let folder = try CLI.temporaryFolder()
    let input = folder.appendingPathComponent("in.trackport.json")
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(CLI.demo), to: input)
    let before = try Data(contentsOf: input)
    let same = try CLI.run(["convert", input.path, input.path, "--force"])
    #expect(same.status == 73)
    #expect(same.stderr.contains("same file as an input"))
    // Another spelling of the same path is caught by file identity.
    let aliased = try CLI.run(["convert", input.path, folder.path + "/./in.trackport.json", "--force"])
    #expect(aliased.status == 73)
    #expect(try Data(contentsOf: input) == before)
  }

  @Test func standardInputToStandardOutput() throws {
    let bytes = try Data(contentsOf: CLI.root.appendingPathComponent(CLI.demo))
    let result = try CLI.run(["convert", "-", "-", "--to", "json"], input: bytes)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Data(result.stdout.utf8) == bytes)
  }

  @Test func writingToStandardOutputNeedsAFormat() throws {
    let result = try CLI.run(["convert", CLI.demo, "-"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--to"))
  }

  @Test func unknownFormatIdIsAUsageErrorListingOnlyTheFormatsThatCanWrite() throws {
    // Outputs in a folder of the test's own: a file left at a fixed path would make the tool
    // refuse to replace it (73) before it looks at the format.
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("x.out").path, "--to", "yaml"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("formats it can write: json"))
    for readOnly in ["tickmate", "habitica"] { #expect(!result.stderr.contains(readOnly), "\(result.stderr)") }
    let reading = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("x.trackport.json").path, "--from", "yaml"])
    #expect(reading.status == 64)
    #expect(reading.stderr.contains("formats it can read: json") && reading.stderr.contains("tickmate"), "\(reading.stderr)")
  }

  /// `--dry-run`: the plan, every part of the model kept or lost with the real run's words,
  /// nothing written; the exit status the real run would have.
  @Test func dryRunPrintsThePlanAndWritesNothing() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("x.habo.json").path
    let result = try CLI.run(["convert", CLI.demo, out, "--dry-run"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("read  \(CLI.demo) as TrackerPort JSON (json): 12 trackers, 1295 records, 4 categories, 5 tasks; days ") == true, "\(result.stdout)")
    #expect(lines.dropFirst().first == "write \(out) as Habo (habo)")
    #expect(lines.contains { $0.hasPrefix("  kept  records ") })
    #expect(lines.contains { $0.hasPrefix("  lost  trackers.emoji ") && $0.hasSuffix("Habo cannot carry trackers.emoji: 8 emoji other than the one reading back chooses from the name") })
    #expect(lines.contains { $0.hasPrefix("  lost  trackers.schedule ") && $0.contains("is planned on") })
    let real = try CLI.run(["convert", CLI.demo, out])
    let realLosses = real.stderr.split(separator: "\n").count { $0.contains("[dropped-field]") || $0.contains("[lossy-frequency]") }
    #expect(lines.last == "\(realLosses) losses; nothing written (--dry-run)", "the plan counts the losses the real run reports")
    try FileManager.default.removeItem(atPath: out)
    let refused = try CLI.run(["convert", CLI.demo, out, "--dry-run", "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
    let nothing = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("y.trackport.json").path, "--dry-run", "--fail-on-loss"])
    #expect(nothing.status == 0 && nothing.stdout.hasSuffix("nothing lost; nothing written (--dry-run)\n"), "\(nothing.stdout)")
  }

  @Test func aReadOnlyTargetIsRefusedNamingTheFormatsThatCanWrite() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("x.out").path, "--to", "tickmate"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("format 'tickmate' can be read but not written"))
    #expect(result.stderr.contains("formats it can write: json") && !result.stderr.contains("habitica"), "\(result.stderr)")
  }

  @Test func aMissingInputIsExit66() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["convert", "no-such.trackport.json", folder.appendingPathComponent("o.trackport.json").path])
    #expect(result.status == 66)
    #expect(result.stderr.contains("no-such.trackport.json: error: no such file"))
  }

  @Test func malformedInputIsExit65WithLineAndColumn() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["convert", "-", folder.appendingPathComponent("o.trackport.json").path, "--from", "json"],
                             input: Data("{\n  \"trackport\": 1,\n  \"categories\": [,]\n}".utf8))
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("-:3:"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.trackport.json").path))
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("private.trackport.json")
    try Data("old".utf8).write(to: out)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: out.path)
    #expect(try CLI.run(["convert", CLI.demo, out.path, "--force"]).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func devicesAndMissingFoldersAreNotOutputs() throws {
    let device = try CLI.run(["convert", CLI.demo, "/dev/null", "--to", "json", "--force"])
    #expect(device.status == 73)
    #expect(device.stderr.contains("not a regular file"))
    let missing = try CLI.run(["convert", CLI.demo, "/nonexistent-folder/out.trackport.json"])
    #expect(missing.status == 73)
  }

  @Test func aFailedConversionLeavesNoTemporaryFile() throws {
    let folder = try CLI.temporaryFolder()
    let result = try CLI.run(["convert", "SampleData/invalid/malformed-truncated.trackport.json",
                              folder.appendingPathComponent("out.trackport.json").path])
    #expect(result.status == 65)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aSingleCSVTableReportsWhatItDropsAndFailOnLossRefuses() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("log.csv").path
    let refused = try CLI.run(["convert", CLI.demo, out, "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("[dropped-field]"))
    #expect(refused.stderr.contains("/tasks"))
    #expect(!FileManager.default.fileExists(atPath: out))
    let written = try CLI.run(["convert", CLI.demo, out])
    #expect(written.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("tracker,category,date\r\n"))
  }

  @Test func aCSVPackageRoundTripsThroughTheTool() throws {
    let folder = try CLI.temporaryFolder()
    let package = folder.appendingPathComponent("package.zip").path
    let back = folder.appendingPathComponent("back.trackport.json").path
    #expect(try CLI.run(["convert", CLI.demo, package, "--fail-on-loss"]).status == 0)
    #expect(try CLI.run(["detect", package]).stdout.hasPrefix("csv\t"))
    #expect(try CLI.run(["convert", package, back]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: CLI.root.appendingPathComponent(CLI.demo)))
  }

  @Test func aRussianExcelLogImportsWithAMap() throws {
    let folder = try CLI.temporaryFolder()
    let log = folder.appendingPathComponent("export.csv")
    // Russian Excel: ';' between cells, DD.MM.YYYY dates, a BOM, CRLF.
    try Data([0xEF, 0xBB, 0xBF] + Array("Привычка;Дата;Статус\r\nЗарядка;20.11.2026;Да\r\nЗарядка;21.11.2026;Нет\r\nВода;21.11.2026;Да\r\n".utf8)).write(to: log)
    let out = folder.appendingPathComponent("import.trackport.json").path
    let result = try CLI.run(["convert", log.path, out, "--map", "tracker=Привычка,date=Дата,done=Статус:Да"])
    #expect(result.status == 0, "\(result.stderr)")
    let stats = try CLI.run(["stats", out, "--json"])
    #expect(stats.stdout.contains("\"trackersCompleted\": 2"))
  }

  @Test func calendarFlagsReachTheICalendarWriter() throws {
    let folder = try CLI.temporaryFolder()
    let out = folder.appendingPathComponent("habits.ics").path
    let result = try CLI.run(["convert", CLI.demo, out, "--history", "--until", "2027-01-01", "--timezone", "Europe/Moscow"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains(";UNTIL=20270101"))
    #expect(text.contains("BEGIN:VTIMEZONE"))
    // One "✓ name" event per completion of the demo.
    let records = try String(contentsOf: CLI.root.appendingPathComponent(CLI.demo), encoding: .utf8)
      .components(separatedBy: "\"trackerId\"").count - 1
    #expect(text.components(separatedBy: "SUMMARY:✓ ").count - 1 == records)
    #expect(try CLI.run(["convert", CLI.demo, out, "--force", "--start", "someday"]).status == 64)
  }
}
