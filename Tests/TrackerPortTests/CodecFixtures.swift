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
  static let beaverStorageFiles = ["beaverhabits/storage-2024-04-09.json", "beaverhabits/storage-2024-04-13.json"]
}
