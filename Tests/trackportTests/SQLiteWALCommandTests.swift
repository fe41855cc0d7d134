import Foundation
import TrackerTestSupport
import Testing

/// A SQLite store in write-ahead-log mode copied without its `-wal` (where an app's newest rows,
/// or all of them, live): an empty read is never silent.
@Suite struct SQLiteWALCommandTests {
  /// A Loop backup turned into a WAL-mode database holding no rows, the way a store looks when
  /// copied without its log (Python's sqlite3 sets the mode; closing checkpoints and removes
  /// the log).
  static func emptyWALBackup(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("Loop Habits.db").path
    let written = try CLI.run(["convert", CLI.demo, path, "--quiet"])
    #expect(written.status == 0, "\(written.stderr)")
    _ = try runPython(oracle: "coredata.py", ["execute", path, "PRAGMA journal_mode=WAL", "DELETE FROM Repetitions", "DELETE FROM Habits"])
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    return path
  }

  @Test func anEmptyWALStoreWithoutItsLogIsWarnedAboutByName() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.emptyWALBackup(in: folder)
    let result = try CLI.run(["convert", path, folder.appendingPathComponent("out.ics").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Loop Habits.db: warning: the database is in write-ahead-log mode and holds no rows, and its log Loop Habits.db-wal is not beside it"), "\(result.stderr)")
    #expect(result.stderr.contains("[sqlite-missing-wal]"))
    #expect(result.stderr.contains("note: copy Loop Habits.db-wal (and Loop Habits.db-shm)"))
    let rules = try CLI.run(["rules"])
    #expect(rules.stdout.contains("sqlite-missing-wal"))
  }

  @Test func anEmptyWALStoreWithItsLogBesideItIsNotWarnedAbout() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.emptyWALBackup(in: folder)
    // A log that holds nothing new: the store is empty for real, and nothing is missing.
    _ = try runPython(oracle: "coredata.py", ["wal-copy", path, folder.appendingPathComponent("copy.db").path, "CREATE TABLE kept_in_log(x)"])
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.db-wal").path))
    let result = try CLI.run(["convert", folder.appendingPathComponent("copy.db").path, folder.appendingPathComponent("out.ics").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("sqlite-missing-wal"), "\(result.stderr)")
  }

  /// A WAL-mode backup with rows whose newest change is only in its log (copied while the app
  /// had it open): the main file alone is read with a warning that names the log, and with the
  /// log beside it the change is read and nothing is said.
  static func backupWithChangeInLog(in folder: URL) throws -> (main: String, withLog: String) {
    let path = folder.appendingPathComponent("Loop Habits.db").path
    let written = try CLI.run(["convert", CLI.demo, path, "--quiet"])
    #expect(written.status == 0, "\(written.stderr)")
    _ = try runPython(oracle: "coredata.py", ["execute", path, "PRAGMA journal_mode=WAL"])
    let withLog = folder.appendingPathComponent("with-log.db").path
    _ = try runPython(oracle: "coredata.py", ["wal-copy", path, withLog, "UPDATE Habits SET name = 'Renamed in the log' WHERE id = (SELECT min(id) FROM Habits)"])
    #expect(FileManager.default.fileExists(atPath: withLog + "-wal"))
    let main = folder.appendingPathComponent("without-log.db").path
    try FileManager.default.copyItem(atPath: withLog, toPath: main)
    return (main, withLog)
  }

  @Test func aWALStoreWithRowsButWithoutItsLogIsWarnedAbout() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (main, withLog) = try Self.backupWithChangeInLog(in: folder)
    let alone = try CLI.run(["convert", main, "-", "--to", "json"])
    #expect(alone.status == 0, "\(alone.stderr)")
    #expect(!alone.stdout.contains("Renamed in the log"))
    #expect(alone.stderr.contains("without-log.db: warning: the database is in write-ahead-log mode and its log without-log.db-wal is not beside it: if it was copied while the app had it open, its newest changes are in that file and missing here [sqlite-missing-wal]"),
            "\(alone.stderr)")
    #expect(alone.stderr.contains("note: copy without-log.db-wal (and without-log.db-shm)"), "\(alone.stderr)")
    let whole = try CLI.run(["convert", withLog, "-", "--to", "json"])
    #expect(whole.status == 0 && whole.stdout.contains("Renamed in the log"), "\(whole.stderr)")
    #expect(!whole.stderr.contains("sqlite-missing-wal"), "\(whole.stderr)")
  }
}
