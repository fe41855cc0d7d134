import Foundation
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
