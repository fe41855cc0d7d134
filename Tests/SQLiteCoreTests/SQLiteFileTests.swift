import Foundation
import GRDB
@testable import SQLiteCore
import Testing
import TrackerTestSupport
import TrackerCodec

/// The hardened connection of ``SQLiteFile/read(_:fileName:app:_:)``: what a hostile file
/// cannot make it do, checked on databases built here with `sqlite3`.
@Suite struct SQLiteFileTests {
  private func database(_ sql: String) throws -> (folder: URL, path: String) {
    let folder = try temporaryFolder("trackport-sqlite-test")
    let path = folder.appendingPathComponent("x.db").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", "-batch", path]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(sql.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return (folder, path)
  }

  private func failure(_ body: () throws -> Void) -> CodecError? {
    do { try body() } catch { return error as? CodecError }
    return nil
  }

  @Test func theConnectionIsHardenedBeforeTheFirstRead() throws {
    let (folder, path) = try database("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = try SQLiteFile.read(path, fileName: "x.db", app: "Test") { db in
      try ["trusted_schema", "query_only", "cell_size_check", "mmap_size"].map { try Int.fetchOne(db, sql: "PRAGMA \($0)") ?? -1 }
    }
    #expect(settings == [0, 1, 1, 0])
  }

  @Test func viewsAreRefused() throws {
    let (folder, path) = try database("CREATE TABLE t(x); INSERT INTO t VALUES (1); CREATE VIEW v AS SELECT x FROM t;")
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = failure { _ = try SQLiteFile.read(path, fileName: "x.db", app: "Test") { db in try Int.fetchAll(db, sql: "SELECT x FROM v") } }
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.hasPrefix("not a readable Test database: access to view \"v\" prohibited") == true, "\(String(describing: error))")
    #expect(error?.location.file == "x.db")
  }

  @Test func extensionsCannotBeLoaded() throws {
    let (folder, path) = try database("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = failure { _ = try SQLiteFile.read(path, fileName: "x.db", app: "Test") { db in try String.fetchAll(db, sql: "SELECT load_extension('/nonexistent/evil')") } }
    #expect(error?.message.contains("not authorized") == true, "\(String(describing: error))")
  }

  @Test func aStatementRunningPastTheDeadlineIsInterrupted() throws {
    let (folder, path) = try database("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
    defer { try? FileManager.default.removeItem(at: folder) }
    let start = Date()
    // An endless query: only the progress handler ends it.
    let error = failure {
      _ = try SQLiteFile.read(path, fileName: "x.db", app: "Test", timeLimit: 0.3) { db in
        try Int.fetchOne(db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n")
      }
    }
    #expect(error?.message.contains("took longer than 0.3 s") == true, "\(String(describing: error))")
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test func theTimeLimitComesFromTheEnvironmentAndIsChecked() throws {
    #expect(try SQLiteFile.timeLimitSeconds(environment: [:]) == 10)
    #expect(try SQLiteFile.timeLimitSeconds(environment: ["TRACKPORT_SQLITE_SECONDS": "0.5"]) == 0.5)
    for bad in ["0", "-1", "soon", "nan", "1e9"] {
      let error = failure { _ = try SQLiteFile.timeLimitSeconds(environment: ["TRACKPORT_SQLITE_SECONDS": bad]) }
      #expect(error?.kind == .unsupportedOperation, "\(bad)")
    }
  }

  @Test func aPrivateCopyIsReadAndRemoved() throws {
    let (folder, path) = try database("CREATE TABLE t(x); INSERT INTO t VALUES (7);")
    defer { try? FileManager.default.removeItem(at: folder) }
    var seen = ""
    let value = try SQLiteFile.withReadablePath(CodecInput(path: path), fileName: path, scratchPrefix: "sqlite-test",
                                                notSQLite: CodecError(.malformedInput, "no")) { copy in
      seen = copy
      return try SQLiteFile.read(copy, fileName: path, app: "Test") { db in try Int.fetchOne(db, sql: "SELECT x FROM t") }
    }
    #expect(value == 7)
    #expect(seen != path)
    #expect(!FileManager.default.fileExists(atPath: seen))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.db"])
  }
}
