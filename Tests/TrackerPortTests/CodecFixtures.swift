import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// The fixtures and helpers of the codec test targets that the tests moved here (detection
/// among every codec, migrations from one app to another) still use: read from the source
/// tree, since resources belong to the target that declares them.
enum CodecFixtures {
  /// A hand-built fixture of a codec's test target: `Tests/<target>/Fixtures/<name>`.
  static func path(_ target: String, _ name: String) -> String {
    Repository.path("Tests/\(target)/Fixtures/\(name)")
  }

  /// beaverhabits' own storage files (April 2024), in the shared fixtures.
  /// Tickmate's own test databases, and the copy Loop's tests use (version 13, other data).
  static let tickmateDatabases = ["tickmate/smiley-version10.db", "tickmate/tickmate-version12.db", "tickmate/tickmate-version13.db",
                                  "tickmate/tickmate-version14.db", "loop_uhabits/tickmate.db"]

  /// Loop's and Rewire's databases in the shared fixtures.
  static let loopDatabases = ["loop_uhabits/loop.db", "loop_uhabits/databases/021.db", "loop_uhabits/databases/022.db",
                              "loop_uhabits/rewire.db"]

  static let beaverStorageFiles = ["beaverhabits/storage-2024-04-09.json", "beaverhabits/storage-2024-04-13.json"]
}

/// The Loop helpers the moved Loop tests use, on the support target (the Loop codec's own
/// tests have theirs in LoopCodecTests).
enum Loop: TestHelpers {
  static var temporaryPrefix: String { "trackport-loop" }

  /// `loop_uhabits/<name>` of the shared fixtures.
  static func fixture(_ name: String) -> String { SharedFixtures.path("loop_uhabits/" + name) }

  /// Whether the shared Loop fixtures are there (always under CI).
  static var haveFixtures: Bool { SharedFixtures.available(fixture("loop.db")) }

  /// `sqlite3 -batch db sql` as lines.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] { try SQLite3.lines(db, sql) }

  /// Removes the temporary folder holding `path`.
  static func removeFolder(of path: String) { remove(URL(fileURLWithPath: path).deletingLastPathComponent()) }

  /// Decodes a file or folder with the Loop codec.
  static func decode(_ path: String) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(LoopCodec(), path: path)
  }

  /// Writes `dataset` as a Loop backup at `path`.
  static func encode(_ dataset: TrackerDataset, to path: String) throws {
    try TrackerTestSupport.encode(LoopCodec(), dataset, toPath: path)
  }
}
