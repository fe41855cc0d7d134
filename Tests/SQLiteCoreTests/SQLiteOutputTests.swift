import Foundation
@testable import SQLiteCore
import Testing
import TrackerCodec

/// ``SQLiteOutput``: a database is never written where SQLite would apply an old one's log to it.
@Suite struct SQLiteOutputTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-sqlite-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func failure(_ body: () throws -> Void) -> CodecError? {
    do { try body() } catch { return error as? CodecError }
    return nil
  }

  @Test(arguments: ["-wal", "-shm", "-journal"])
  func aSidecarBesideTheOutputIsRefusedEvenWithForce(_ suffix: String) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("x.db").path
    try Data("old log".utf8).write(to: URL(fileURLWithPath: path + suffix))
    var built = false
    let error = failure {
      try SQLiteOutput.write(to: CodecOutput(path: path, overwrite: true)) {
        built = true
        return [1, 2, 3]
      }
    }
    #expect(error?.kind == .cannotCreateOutput)
    #expect(error?.message == "\(path)\(suffix) is beside the output: SQLite would apply the old database's log to the new one")
    #expect(error?.note == "write to a new name, or move \(path)\(suffix) away first")
    #expect(error?.location.file == path)
    #expect(!built, "refused before the database is built")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func everySidecarFoundIsNamedAndALinkToNothingCounts() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("store.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: folder.appendingPathComponent("gone").path)
    try Data().write(to: URL(fileURLWithPath: path + "-journal"))
    let error = failure { try SQLiteOutput.refuseSidecars(beside: CodecOutput(path: path), noun: "store") }
    #expect(error?.message == "\(path)-wal is beside the output: SQLite would apply the old store's log to the new one")
    #expect(error?.note == "write to a new name, or move \(path)-wal and \(path)-journal away first")
  }

  @Test func withoutSidecarsTheBytesAreWrittenAndAnotherNameDoesNotCount() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("x.db").path
    // Not a sidecar of x.db: another database's log, and a name that only starts the same.
    try Data().write(to: URL(fileURLWithPath: folder.appendingPathComponent("y.db-wal").path))
    try Data().write(to: URL(fileURLWithPath: path + ".wal"))
    try SQLiteOutput.write(to: CodecOutput(path: path)) { [7, 8, 9] }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([7, 8, 9]))
    // Memory has no sidecars.
    let memory = MemoryOutput()
    try SQLiteOutput.write(to: CodecOutput(.memory(memory))) { [1] }
    #expect(memory.bytes == [1])
  }

  @Test func anExistingOutputIsStillRefusedWithoutForce() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("x.db").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    let error = failure { try SQLiteOutput.write(to: CodecOutput(path: path)) { [1] } }
    #expect(error?.kind == .cannotCreateOutput)
    #expect(error?.message == "output file exists")
  }
}
