import Foundation
import TrackerTestSupport
import Testing

/// `trackport` on Habo backups, end to end.
struct HaboCommandTests {
  static let fixtures = CLI.root.appendingPathComponent("Tests/HaboCodecTests/Fixtures").path

  /// A backup is recognised by its content (any `.json` name), converts to canonical JSON with
  /// Habo's warnings, and the result validates.
  @Test(arguments: ["envelope.json", "legacy-array.json"])
  func aBackupIsDetectedByContentAndConverts(_ name: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let renamed = folder.appendingPathComponent("habo_backup_2024-01-19_21-00-00.json").path
    try FileManager.default.copyItem(atPath: Self.fixtures + "/" + name, toPath: renamed)
    let detect = try CLI.run(["detect", renamed])
    #expect(detect.stdout.hasPrefix("habo\t"), "\(detect.stdout)")
    let json = folder.appendingPathComponent("habo.trackport.json").path
    let converted = try CLI.run(["convert", renamed, json])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("[habo-assigned-defaults]"))
    let validated = try CLI.run(["validate", json])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
  }

  /// An app's double ending picks the app (`x.habo.json`, `x.tablehabit.json`); a plain `.json`
  /// stays canonical JSON, with a note naming the app's ending when the input was the app's
  /// or the name says the app; `formats` lists the endings.
  @Test func doubleEndingsPickTheAppAndAPlainJSONSaysHowToGetIt() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, app) in [("x.habo.json", "habo"), ("x.tablehabit.json", "tablehabit"), ("x.beaverhabits.json", "beaverhabits")] {
      let path = folder.appendingPathComponent(name).path
      let written = try CLI.run(["convert", CLI.demo, path, "--quiet"])
      #expect(written.status == 0, "\(written.stderr)")
      #expect(try CLI.run(["detect", path]).stdout.hasPrefix(app + "\t"), "\(name)")
      #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("\"trackport\""), "\(name) is not canonical JSON")
    }
    let formats = try CLI.run(["formats"])
    #expect(formats.stdout.contains(".habo.json") && formats.stdout.contains(".tablehabit.json"), "\(formats.stdout)")
    let named = folder.appendingPathComponent("habo_backup.json").path
    let plain = try CLI.run(["convert", CLI.demo, named])
    #expect(plain.status == 0)
    #expect(try String(contentsOfFile: named, encoding: .utf8).contains("\"trackport\""))
    #expect(plain.stderr.contains("habo_backup.json: note: written as TrackerPort JSON (the plain .json ending); for Habo's own format name it \(folder.path)/habo_backup.habo.json or pass --to habo"), "\(plain.stderr)")
    let fromApp = try CLI.run(["convert", folder.appendingPathComponent("x.tablehabit.json").path, folder.appendingPathComponent("back.json").path])
    #expect(fromApp.stderr.contains("for Table Habit's own format name it"), "\(fromApp.stderr)")
    let canonical = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("plain.json").path])
    #expect(!canonical.stderr.contains("note: written as"), "no app in sight, no note")
  }

  /// Canonical JSON → Habo with `--to habo`: the losses are named field by field, each habit
  /// on fewer weekdays is a `lossy-frequency`, and Habo → canonical → Habo reads back the same.
  @Test func theDemoIsWrittenWithItsLossesNamed() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let habo = folder.appendingPathComponent("demo.json").path
    let written = try CLI.run(["convert", CLI.demo, habo, "--to", "habo"])
    #expect(written.status == 0, "\(written.stderr)")
    for field in ["trackers.pinned", "trackers[kind=event]", "tasks"] {
      #expect(written.stderr.contains("/\(field): warning: Habo cannot carry \(field)"), "\(field)")
    }
    // A habit's weekdays are said once, by the habit: no count of trackers.schedule besides.
    #expect(written.stderr.contains("[lossy-frequency]"))
    #expect(!written.stderr.contains("Habo cannot carry trackers.schedule"))
    let top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: habo))) as? [String: Any])
    #expect(Set(top.keys) == ["habits", "events", "categories", "habit_categories", "metadata"])
    let again = folder.appendingPathComponent("again.json").path
    let back = folder.appendingPathComponent("back.trackport.json").path
    #expect(try CLI.run(["convert", habo, back]).status == 0)
    let rewritten = try CLI.run(["convert", back, again, "--to", "habo"])
    #expect(rewritten.status == 0, "\(rewritten.stderr)")
    #expect(!rewritten.stderr.contains("dropped-field"), "\(rewritten.stderr)")
    let a = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: habo))) as? NSDictionary
    let b = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: again))) as? NSDictionary
    #expect(a?["habits"] as? NSArray == b?["habits"] as? NSArray)
    #expect(a?["categories"] as? NSArray == b?["categories"] as? NSArray)
  }

  @Test func failOnLossRefusesBeforeWriting() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let habo = folder.appendingPathComponent("refused.json").path
    let refused = try CLI.run(["convert", CLI.demo, habo, "--to", "habo", "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("nothing written"))
    #expect(!FileManager.default.fileExists(atPath: habo))
    // A backup read from Habo goes back to Habo with nothing lost.
    let json = folder.appendingPathComponent("habo.trackport.json").path
    #expect(try CLI.run(["convert", Self.fixtures + "/envelope.json", json]).status == 0)
    let again = try CLI.run(["convert", json, folder.appendingPathComponent("again.json").path, "--to", "habo", "--fail-on-loss"])
    #expect(again.status == 0, "\(again.stderr)")
  }

  /// Bad input ends in exit 65 with the file, line and column.
  @Test func aBadBackupIsALocatedErrorWithExit65() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.json").path
    try Data("[{\"id\":1,\"title\":\"A\",\"twoDayRule\":0,\n \"events\":{\"2024-01-15 12:00:00.000Z\":[\"DayType.maybe\",\"\"]}}]".utf8)
      .write(to: URL(fileURLWithPath: bad))
    let unknown = try CLI.run(["convert", bad, "-", "--to", "json"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.hasPrefix(bad + ":2:40: error: unknown day type \"DayType.maybe\""), "\(unknown.stderr)")
    let truncated = folder.appendingPathComponent("truncated.json").path
    try Data("[{\"id\":1,\"title\":\"A\",\"twoDayRule\":0,\n \"events\":{".utf8).write(to: URL(fileURLWithPath: truncated))
    let cut = try CLI.run(["convert", truncated, "-", "--to", "json"])
    #expect(cut.status == 65)
    #expect(cut.stderr.hasPrefix(truncated + ":2:12: error: not a Habo backup"), "\(cut.stderr)")
  }

  @Test func formatsAndRulesListHabo() throws {
    let formats = try CLI.run(["formats"])
    let row = try #require(formats.stdout.split(separator: "\n").first { $0.hasPrefix("habo ") })
    #expect(row.contains(" rw "), "\(row)")
    let rules = try CLI.run(["rules"])
    for code in ["habo-assigned-defaults", "habo-deleted-habits", "habo-kept-days", "habo-skipped-links", "habo-file-too-large"] {
      #expect(rules.stdout.contains(code), "\(code)")
    }
  }

  /// Loop's own example backup → Habo → canonical JSON through the command line: every
  /// completion comes back, counted by `sqlite3` (the oracle); the frequencies Habo cannot plan
  /// are `lossy-frequency` warnings, what it cannot carry `dropped-field` ones.
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db"))))
  func loopsBackupThroughHaboKeepsEveryCompletion() throws {
    let db = SharedFixtures.path("loop_uhabits/loop.db")
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let habo = folder.appendingPathComponent("habo.json").path
    let written = try CLI.run(["convert", db, habo, "--to", "habo"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr.contains(habo + " /trackers/0/frequency: warning: habit \"Wake up early\" is planned 3 time(s) in 7 day(s)"), "\(written.stderr)")
    #expect(!written.stderr.contains("Habo cannot carry trackers.frequency"), "each frequency said once, by its habit")
    let json = folder.appendingPathComponent("back.trackport.json").path
    #expect(try CLI.run(["convert", habo, json]).status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let records = try #require(document["records"] as? [[String: Any]])
    let sqlite3 = try #require(CLI.tool("sqlite3"), "sqlite3 is a test dependency (make deps)")
    let oracle = try CLI.run(["-batch", "-readonly", db, "SELECT count(DISTINCT habit || '-' || (timestamp / 86400000)) FROM Repetitions"],
                             executable: sqlite3)
    #expect(records.count == Int(oracle.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(records.count > 100)
  }
}
