import Foundation
import Testing
import TrackerCodec
import TrackerTestSupport

/// The Loop writer does not write a backup where an old database's log is beside it.
@Suite struct LoopSidecarTests {
  @Test func anOldJournalBesideTheOutputIsRefusedBeforeAnythingIsWritten() throws {
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let path = folder.appendingPathComponent("backup.db").path
    try Data("old journal".utf8).write(to: URL(fileURLWithPath: path + "-journal"))
    let dataset = LoopGeneratedRoundTripTests.dataset(seed: 1)
    var refused: CodecError?
    do { try Loop.encode(dataset, to: path) } catch { refused = error as? CodecError }
    #expect(refused?.kind == .cannotCreateOutput)
    #expect(refused?.message == "\(path)-journal is beside the output: SQLite would apply the old database's log to the new one")
    #expect(!FileManager.default.fileExists(atPath: path))
    try FileManager.default.removeItem(atPath: path + "-journal")
    try Loop.encode(dataset, to: path)
    #expect(try Loop.sqlite(path, "PRAGMA integrity_check") == ["ok"])
  }
}
