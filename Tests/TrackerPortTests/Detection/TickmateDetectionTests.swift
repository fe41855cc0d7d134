import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Tickmate's backups are Tickmate's, Loop's and Rewire's never, by content.
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("tickmate/tickmate-version14.db")), "the shared fixtures are not there"))
struct TickmateDetectionTests {
  static func head(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(65536))
  }

  @Test(arguments: CodecFixtures.tickmateDatabases)
  func aTickmateBackupIsTickmateAndNotLoop(_ name: String) throws {
    let path = SharedFixtures.path(name)
    #expect(TickmateCodec().sniff(try Self.head(path)))
    #expect(!LoopCodec().sniff(try Self.head(path)))
    #expect(try StandardCodecs.registry.detect(CodecInput(path: path)).descriptor.id == "tickmate")
  }

  @Test(arguments: CodecFixtures.loopDatabases)
  func loopAndRewireDatabasesAreNotTickmate(_ name: String) throws {
    let path = SharedFixtures.path(name)
    #expect(!TickmateCodec().sniff(try Self.head(path)))
    let detected = try? StandardCodecs.registry.detect(CodecInput(path: path))
    #expect(detected?.descriptor.id != "tickmate")
    let error = try #require(codecError { _ = try decode(TickmateCodec(), path: path) })
    #expect(error.kind == .malformedInput)
  }

  /// An empty SQLite file is no format at all (moved from TickmateReadTests' located-error test).
  @Test func theEmptyDatabaseIsNoKnownFormat() throws {
    let path = SharedFixtures.path("tickmate/empty-sqlitedb.db")
    let detection = try #require(codecError { _ = try StandardCodecs.registry.detect(CodecInput(path: path)) })
    #expect(detection.kind == .unknownFormat)
  }

  @Test func textThatOnlyMentionsTheTablesIsNotTickmate() {
    let header = Array("SQLite format 3\u{0}".utf8)
    #expect(!TickmateCodec().sniff(header + Array("CREATE TABLE notes(text) -- tracks and ticks".utf8)))
    #expect(TickmateCodec().sniff(header + Array("CREATE TABLE \"tracks\" (a); CREATE TABLE ticks(b)".utf8)))
    #expect(!TickmateCodec().sniff(Array("CREATE TABLE tracks(a); CREATE TABLE ticks(b)".utf8)))
  }

  @Test func theDescriptorIsReadOnly() {
    let descriptor = TickmateCodec.descriptor
    #expect(descriptor.id == "tickmate")
    #expect(descriptor.canRead && !descriptor.canWrite)
    #expect(descriptor.sniffedExtensions == ["db"])
    #expect(descriptor.diagnostics.map(\.code) == ["tickmate-assigned-defaults", "tickmate-skipped-ticks", "sqlite-missing-wal"])
  }
}
