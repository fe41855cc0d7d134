import Foundation
import TrackerTestSupport
import Testing

/// `trackport` on Table Habit exports, end to end: detection by content, both directions,
/// `--fail-on-loss`, located errors with exit 65.
@Suite struct TableHabitCommandTests {
  static let fixtures = CLI.root.appendingPathComponent("Tests/TableHabitCodecTests/Fixtures").path
  static let export = fixtures + "/export-all.json"

  static func json(_ path: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary)
  }

  @Test func anExportIsDetectedByContentAndConverts() throws {
    let detect = try CLI.run(["detect", Self.export])
    #expect(detect.stdout.hasPrefix("tablehabit\t"), "\(detect.stdout)")
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let canonical = folder.appendingPathComponent("habits.trackport.json").path
    let converted = try CLI.run(["convert", Self.export, canonical])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains(Self.export + ":3:93: warning: habit \"Read\" is planned 3 time(s) per week in Table Habit"))
    #expect(converted.stderr.contains("[tablehabit-assigned-defaults]") && converted.stderr.contains("[tablehabit-kept-in-extras]"))
    let validated = try CLI.run(["validate", canonical, "--today", "2026-02-01"])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
    // And back: the same values as the export, key for key.
    let back = folder.appendingPathComponent("export-again.json").path
    let written = try CLI.run(["convert", canonical, back, "--to", "tablehabit"])
    #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
    #expect(try Self.json(back) == (try Self.json(Self.export)))
  }

  @Test func standardInputIsDetectedByContent() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/first-export.json"))
    let result = try CLI.run(["convert", "-", "-", "--to", "json", "--option", "default-category=Imported"], input: bytes)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"title\": \"Imported\"") && result.stdout.contains("\"unit\": \"steps\""))
  }

  @Test func lossesAreReportedBeforeWritingAndRefusedWithFailOnLoss() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("tablehabit.json").path
    let refused = try CLI.run(["convert", CLI.demo, out, "--to", "tablehabit", "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
    // The demo's weekday habits: each said once, by the habit, before writing.
    #expect(refused.stderr.contains("/schedule: warning: habit \""), "\(refused.stderr)")
    #expect(refused.stderr.contains("[lossy-frequency]") && !refused.stderr.contains("cannot carry trackers.schedule"), "\(refused.stderr)")
    #expect(refused.stderr.contains("nothing written"))
    let written = try CLI.run(["convert", CLI.demo, out, "--to", "tablehabit"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr.contains("[lossy-frequency]") && written.stderr.contains("[dropped-field]"))
    #expect(try CLI.run(["detect", out]).stdout.hasPrefix("tablehabit\t"))
  }

  @Test func badInputIsALocatedErrorWithExit65() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json").path
    try Data("{\"habits\": [\n{\"name\": \"H\", \"type\": 7, \"records\": []}\n]}".utf8).write(to: URL(fileURLWithPath: bad))
    let result = try CLI.run(["convert", bad, "-", "--from", "tablehabit", "--to", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix(bad + ":2:23: error: unknown habit type 7 at /habits/0/type [malformed-input]"), "\(result.stderr)")
    let truncated = folder.appendingPathComponent("truncated.json").path
    try Data("{\"habits\": [{\"name\": \"H\", \"freq_custom\": \"[1,1]\", \"records\": [".utf8).write(to: URL(fileURLWithPath: truncated))
    let cut = try CLI.run(["convert", truncated, "-", "--to", "json"])
    #expect(cut.status == 65)
    #expect(cut.stderr.hasPrefix(truncated + ":1:"), "\(cut.stderr)")
  }

  @Test func tableHabitReadsAndWritesAndListsItsCodes() throws {
    let formats = try CLI.run(["formats"])
    let row = try #require(formats.stdout.split(separator: "\n").first { $0.hasPrefix("tablehabit ") })
    #expect(row.contains(" rw "), "\(row)")
    let rules = try CLI.run(["rules"])
    for code in ["tablehabit-assigned-defaults", "tablehabit-kept-in-extras", "tablehabit-text-cut", "lossy-frequency"] {
      #expect(rules.stdout.contains(code), "\(code)")
    }
  }
}
