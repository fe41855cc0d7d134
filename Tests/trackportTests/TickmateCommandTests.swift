import Foundation
import TrackerTestSupport
import Testing

/// The shared Tickmate fixtures, read in place.
private let tickmateFixtures = CLI.root.appendingPathComponent("../shared/fixtures/tickmate").standardizedFileURL.path

/// `trackport` on Tickmate backups, end to end.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: tickmateFixtures + "/tickmate-version14.db"),
                "the shared Tickmate fixtures are not at ../shared/fixtures/tickmate"))
struct TickmateCommandTests {
  static let fixtures = tickmateFixtures
  static let databases = ["smiley-version10.db", "tickmate-version12.db", "tickmate-version13.db", "tickmate-version14.db"]

  @Test(arguments: databases)
  func aBackupIsDetectedConvertsAndValidatesClean(_ name: String) throws {
    let path = Self.fixtures + "/" + name
    let detect = try CLI.run(["detect", path])
    #expect(detect.stdout.hasPrefix("tickmate\t"), "\(detect.stdout)")
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("tickmate.trackport.json").path
    let converted = try CLI.run(["convert", path, json])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.stderr.contains("[tickmate-assigned-defaults]"))
    let validated = try CLI.run(["validate", "--strict", json])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
  }

  /// Each backup → canonical JSON through the command line; the written file is read with
  /// Foundation's JSON parser and compared with `sqlite3`'s count of every track's ticks and
  /// tick days (the oracle: neither the codec nor TrackerPort's JSON reader).
  @Test(arguments: databases)
  func theWrittenJSONHasTheTickCountsOfSQLite(_ name: String) throws {
    let path = Self.fixtures + "/" + name
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("ticks.trackport.json").path
    let converted = try CLI.run(["convert", path, json])
    #expect(converted.status == 0, "\(converted.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let trackers = try #require(document["trackers"] as? [[String: Any]])
    let records = try #require(document["records"] as? [[String: Any]])
    let names = Dictionary(uniqueKeysWithValues: trackers.compactMap { t in (t["id"] as? String).map { ($0, t["name"] as? String ?? "") } })
    var days: [String: Int] = [:]
    var ticks: [String: Double] = [:]
    for record in records {
      let name = names[record["trackerId"] as? String ?? ""] ?? "?"
      days[name, default: 0] += 1
      ticks[name, default: 0] += (record["amount"] as? Double) ?? 1
    }
    let oracle = try sqlite(path, """
      SELECT t.name, count(DISTINCT printf('%d-%d-%d', k.year, k.month, k.day)), count(k._id)
      FROM tracks t JOIN ticks k ON k._track_id = t._id GROUP BY t._id ORDER BY t._id
      """)
    #expect(!oracle.isEmpty)
    var expectedDays: [String: Int] = [:]
    var expectedTicks: [String: Double] = [:]
    for line in oracle {
      let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      expectedDays[parts[0], default: 0] += Int(parts[1]) ?? -1
      expectedTicks[parts[0], default: 0] += Double(parts[2]) ?? -1
    }
    #expect(days == expectedDays)
    #expect(ticks == expectedTicks)
  }

  /// `sqlite3 -batch -readonly db sql`, one line per row.
  private func sqlite(_ db: String, _ sql: String) throws -> [String] {
    let sqlite3 = try #require(CLI.tool("sqlite3"), "sqlite3 is a test dependency (make deps)")
    let result = try CLI.run(["-batch", "-readonly", db, sql], executable: sqlite3)
    #expect(result.status == 0, "sqlite3 failed: \(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func theEmptyDatabaseIsALocatedError() throws {
    let path = Self.fixtures + "/empty-sqlitedb.db"
    let named = try CLI.run(["convert", path, "-", "--from", "tickmate", "--to", "json"])
    #expect(named.status == 65)
    #expect(named.stderr.hasPrefix(path + ": error: not a Tickmate backup: the database is empty"), "\(named.stderr)")
    let detected = try CLI.run(["convert", path, "-", "--to", "json"])
    #expect(detected.status == 65)
    #expect(detected.stderr.contains("[unknown-format]"))
  }

  @Test func tickmateIsReadOnly() throws {
    let formats = try CLI.run(["formats"])
    let row = try #require(formats.stdout.split(separator: "\n").first { $0.hasPrefix("tickmate ") })
    #expect(row.contains(" r- "), "\(row)")
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let refused = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("out.db").path, "--to", "tickmate"])
    #expect(refused.status != 0)
    let rules = try CLI.run(["rules"])
    #expect(rules.stdout.contains("tickmate-assigned-defaults"))
    #expect(rules.stdout.contains("tickmate-skipped-ticks"))
  }
}
