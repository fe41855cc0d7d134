import Foundation
import Testing

/// The shared Loop fixtures, read in place.
private let loopFixtures = CLI.root.appendingPathComponent("../shared/fixtures/loop_uhabits").standardizedFileURL.path

/// `trackport` on Loop files, end to end.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: loopFixtures + "/loop.db"),
                "the shared Loop fixtures are not at ../shared/fixtures/loop_uhabits"))
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

  @Test func aDamagedBackupIsExit65NamingTheFile() throws {
    let folder = try CLI.temporaryFolder()
    let bad = folder.appendingPathComponent("broken.db")
    try Data(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/loop.db")).prefix(3000)).write(to: bad)
    let result = try CLI.run(["convert", bad.path, "-", "--to", "json", "--from", "loop"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("broken.db"))
  }
}
