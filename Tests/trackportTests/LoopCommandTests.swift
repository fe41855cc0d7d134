import Foundation
import TrackerTestSupport
import Testing

/// The shared Loop fixtures, read in place.
private let loopFixtures = SharedFixtures.path("loop_uhabits")

/// `trackport` on Loop files, end to end.
@Suite(.enabled(if: SharedFixtures.available(loopFixtures + "/loop.db"),
                "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopCommandTests {
  static let fixtures = loopFixtures

  @Test func aBackupConvertsToJSONWithItsWarnings() throws {
    let result = try CLI.run(["convert", Self.fixtures + "/loop.db", "-", "--to", "json", "--default-category", "Здоровье"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"title\": \"Здоровье\""))
    #expect(result.stdout.contains("\"name\": \"Wake up early\""))
    #expect(result.stderr.contains("[lossy-frequency]"))
    #expect(result.stderr.contains("[loop-assigned-defaults]"))
  }

  @Test func theCSVExportFolderIsDetected() throws {
    let detect = try CLI.run(["detect", Self.fixtures + "/csv_export"])
    #expect(detect.stdout.hasPrefix("loop\t"))
    let result = try CLI.run(["convert", Self.fixtures + "/csv_export", "-", "--to", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("3 YES_AUTO, 1 NO"))
  }

  @Test func aDatasetBecomesALoopBackupAndComesBack() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("for-loop.db").path
    let written = try CLI.run(["convert", CLI.demo, db])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr.contains("cannot carry tasks"))
    #expect(written.stderr.contains("[dropped-field]"))
    let detect = try CLI.run(["detect", db])
    #expect(detect.stdout.hasPrefix("loop\t"))
    let back = try CLI.run(["convert", db, folder.appendingPathComponent("back.trackport.json").path])
    #expect(back.status == 0, "\(back.stderr)")
    let refusedPath = folder.appendingPathComponent("refused.db").path
    let refused = try CLI.run(["convert", CLI.demo, refusedPath, "--fail-on-loss"])
    #expect(refused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: refusedPath))
  }

  @Test func keptNumbersBeyondLoopsRangeDoNotCrashTheConversion() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("huge.trackport.json")
    try Data("""
      {"trackport": 1, "categories": [{"id": "C", "title": "C"}],
       "trackers": [{"id": "H", "kind": "habit", "name": "Huge", "categoryId": "C", "emoji": "🙂", "color": "#007BFA",
                     "extras": {"loop": {"freqNum": 1e300, "freqDen": 7, "type": "NUMERICAL", "targetValue": 1e300}}}],
       "records": [{"trackerId": "H", "date": "2024-03-04"}]}
      """.utf8).write(to: json)
    let db = folder.appendingPathComponent("huge.db").path
    let result = try CLI.run(["convert", json.path, db])
    #expect(result.status == 0, "\(result.stderr)")
    let csv = folder.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: csv.appendingPathComponent("001 Run"), withIntermediateDirectories: true)
    try Data("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Run,NUMERICAL,,,1,1,#E64A19,km,AT_LEAST,1e400,false\n".utf8)
      .write(to: csv.appendingPathComponent("Habits.csv"))
    try Data("Date,Value,Notes\n2020-01-01,1000,\n".utf8).write(to: csv.appendingPathComponent("001 Run/Checkmarks.csv"))
    let fromCSV = try CLI.run(["convert", csv.path, folder.appendingPathComponent("run.db").path])
    #expect(fromCSV.status == 65, "\(fromCSV.stderr)")
    #expect(fromCSV.stderr.contains("Target Value \"1e400\""))
  }

  @Test func temporaryCopiesAreRemovedFromTheTemporaryFolder() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let db = folder.appendingPathComponent("wal.db").path
    let written = try CLI.run(["convert", CLI.demo, db], environment: ["TMPDIR": tmp.path])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [])
    // A WAL-mode backup is read from a copy in the temporary folder.
    try SQLite3.execute(db, script: "PRAGMA journal_mode=WAL;")
    let read = try CLI.run(["convert", db, "-", "--to", "json"], environment: ["TMPDIR": tmp.path])
    #expect(read.status == 0, "\(read.stderr)")
    #expect(read.stdout.contains("\"kind\": \"habit\""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["tmp", "wal.db"])
  }

  @Test func aDamagedBackupIsExit65NamingTheFile() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("broken.db")
    try Data(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/loop.db")).prefix(3000)).write(to: bad)
    let result = try CLI.run(["convert", bad.path, "-", "--to", "json", "--from", "loop"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("broken.db"))
  }
}
