import Foundation
import TrackerTestSupport
import Testing

/// The shared fixtures (beaverhabits' own storage files, Loop's backup), read in place.
private let sharedFixtures = SharedFixtures.folder.path

/// `trackport` on beaverhabits files, end to end.
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("beaverhabits/storage-2024-04-09.json")),
                "the shared fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct BeaverHabitsCommandTests {
  static let fixtures = CLI.root.appendingPathComponent("Tests/BeaverHabitsCodecTests/Fixtures").path
  static let storage = sharedFixtures + "/beaverhabits/storage-2024-04-09.json"

  static func json(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
  }

  /// Detected by content (a plain `.json`), converted and valid.
  @Test(arguments: ["export.json", "backup.json", "storage"])
  func aFileIsDetectedConvertsAndValidatesClean(_ name: String) throws {
    let path = name == "storage" ? Self.storage : Self.fixtures + "/" + name
    let detect = try CLI.run(["detect", path])
    #expect(detect.stdout == "beaverhabits\tBeaver Habits\n", "\(detect.stdout)\(detect.stderr)")
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("me.trackport.json").path
    let converted = try CLI.run(["convert", path, json])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("[beaverhabits-assigned-defaults]"))
    let validated = try CLI.run(["validate", "--strict", json])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
  }

  /// Loop's backup → beaverhabits: each habit's days done are `sqlite3`'s count of its
  /// repetitions, its archived flag its status, read back with Foundation's JSON parser.
  @Test func loopsBackupBecomesAnExportWithSQLitesCounts() throws {
    let db = sharedFixtures + "/loop_uhabits/loop.db"
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("loop.beaverhabits.json").path
    let converted = try CLI.run(["convert", db, out])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("[dropped-field]"))
    let habits = try #require(try Self.json(out)["habits"] as? [[String: Any]])
    let got = habits.map { habit in
      let records = habit["records"] as? [[String: Any]] ?? []
      return "\(habit["name"] as? String ?? "")|\(records.count { $0["done"] as? Bool == true })|\(habit["status"] as? String == "archive" ? 1 : 0)"
    }
    let oracle = try SQLite3.lines(db, """
      SELECT h.name, count(DISTINCT r.timestamp), h.archived FROM Habits h LEFT JOIN Repetitions r ON r.habit = h.id
      GROUP BY h.id ORDER BY h.position
      """, readOnly: true)
    #expect(got == oracle)
    #expect(got.count == 9)
  }

  /// No e-mail address unless `--option email=` gives one; `--to` or the ending
  /// `.beaverhabits.json` chooses the writer (a plain `.json` stays TrackerPort's JSON).
  @Test func theEmailAddressIsWrittenOnlyWithTheOption() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = Self.fixtures + "/export.json"
    let plain = folder.appendingPathComponent("plain.json").path
    let converted = try CLI.run(["convert", source, plain, "--to", "beaverhabits"])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("the e-mail address read from beaverhabits is not written without --option email=ADDR"))
    let text = try String(contentsOfFile: plain, encoding: .utf8)
    #expect(!text.contains("user_email") && !text.contains("@"))
    #expect(try Self.json(plain)["habits"] as? [[String: Any]] != nil)

    let mailed = folder.appendingPathComponent("mailed.beaverhabits.json").path
    let withOption = try CLI.run(["convert", source, mailed, "--option", "email=me@example.org", "--fail-on-loss"])
    #expect(withOption.status == 0, "\(withOption.stderr)")
    #expect(try Self.json(mailed)["user_email"] as? String == "me@example.org")

    let canonical = folder.appendingPathComponent("canonical.json").path
    #expect(try CLI.run(["convert", source, canonical]).status == 0)
    #expect(try Self.json(canonical)["trackport"] as? Int == 2)

    let bad = try CLI.run(["convert", source, folder.appendingPathComponent("bad.beaverhabits.json").path, "--option", "email=nobody"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("beaverhabits option email: 'nobody' is not an e-mail address"))
  }

  /// `--fail-on-loss` refuses before writing, listing what the export cannot carry.
  @Test func failOnLossRefusesAndWritesNothing() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("demo.beaverhabits.json").path
    let result = try CLI.run(["convert", CLI.demo, out, "--fail-on-loss"])
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
    for field in ["/trackers.emoji", "/trackers[kind=event]", "/tasks"] {
      #expect(result.stderr.contains("\(out) \(field): warning: Beaver Habits cannot carry"), "\(field)")
    }
    // Weekdays written as "N per week": said once per habit, before writing.
    #expect(result.stderr.contains("/schedule: warning: habit \"") && result.stderr.contains("[lossy-frequency]"), "\(result.stderr)")
    #expect(result.stderr.contains("error: nothing written: the output format would drop data (--fail-on-loss)"))
  }

  /// Bad input: the file, line and column, the message and code; exit 65.
  @Test func badInputIsALocatedErrorWithExit65() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json").path
    try Data("{\"exported_at\": \"2026-01-01 00:00:00\", \"habits\": [\n  {\"name\": \"A\", \"status\": \"paused\"}]}".utf8)
      .write(to: URL(fileURLWithPath: bad))
    let result = try CLI.run(["convert", bad, "-", "--to", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix(bad + ":2:27: error: unknown habit status \"paused\" at /habits/0/status [malformed-input]"), "\(result.stderr)")
    let truncated = folder.appendingPathComponent("truncated.json").path
    try Data("{\"exported_at\": \"2026-01-01 00:00:00\", \"habits\": [{\"name\": \"A\", \"records\": [{\"day\": \"2026-".utf8)
      .write(to: URL(fileURLWithPath: truncated))
    let cut = try CLI.run(["convert", truncated, "-", "--from", "beaverhabits", "--to", "json"])
    #expect(cut.status == 65)
    #expect(cut.stderr.hasPrefix(truncated + ":1:"), "\(cut.stderr)")
    #expect(cut.stderr.contains("not a beaverhabits export (JSON)"))
  }

  @Test func formatsAndRulesListBeaverHabits() throws {
    let formats = try CLI.run(["formats"])
    let row = try #require(formats.stdout.split(separator: "\n").first { $0.hasPrefix("beaverhabits ") })
    #expect(row.contains(" rw ") && row.contains(".beaverhabits.json"), "\(row)")
    let rules = try CLI.run(["rules"])
    #expect(rules.stdout.contains("beaverhabits-assigned-defaults"))
    let lossy = try #require(rules.stdout.split(separator: "\n").first { $0.hasPrefix("lossy-frequency ") })
    #expect(lossy.contains("beaverhabits"))
  }
}
