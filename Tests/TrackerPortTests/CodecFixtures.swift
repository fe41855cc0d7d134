import Foundation
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
