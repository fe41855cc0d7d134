import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Tickmate's backups are Tickmate's, Loop's and Rewire's never, by content.
@Suite(.enabled(if: Tickmate.haveFixtures, "the shared fixtures are not at ../shared/fixtures"))
struct TickmateDetectionTests {
  static func head(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(65536))
  }

  @Test(arguments: Tickmate.databases)
  func aTickmateBackupIsTickmateAndNotLoop(_ name: String) throws {
    let path = Tickmate.fixture(name)
    #expect(TickmateCodec().sniff(try Self.head(path)))
    #expect(!LoopCodec().sniff(try Self.head(path)))
    #expect(try StandardCodecs.registry.detect(CodecInput(path: path)).descriptor.id == "tickmate")
  }

  @Test(arguments: Tickmate.loopDatabases)
  func loopAndRewireDatabasesAreNotTickmate(_ name: String) throws {
    let path = Tickmate.fixture(name)
    #expect(!TickmateCodec().sniff(try Self.head(path)))
    let detected = try? StandardCodecs.registry.detect(CodecInput(path: path))
    #expect(detected?.descriptor.id != "tickmate")
    let error = try #require(Tickmate.error { _ = try Tickmate.decode(path) })
    #expect(error.kind == .malformedInput)
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
    #expect(descriptor.diagnostics.map(\.code) == ["tickmate-assigned-defaults", "tickmate-skipped-ticks"])
  }
}
