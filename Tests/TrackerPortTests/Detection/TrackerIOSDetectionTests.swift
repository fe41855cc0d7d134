import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Among every built-in codec, an iOS Tracker store is the tracker-ios codec's (moved from
/// CoreDataGenericTests' detection test: it needs every codec).
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.coreData("stores/azonaz/Tracker.sqlite")), "needs the shared coredata"))
struct TrackerIOSDetectionTests {
  /// The registry picks the codec for a store under any name.
  @Test func theRegistryPicksAStoreUnderAnyName() throws {
    let path = SharedFixtures.coreData("stores/azonaz/Tracker.sqlite")
    #expect(type(of: try StandardCodecs.registry.detect(CodecInput(path: path))).descriptor.id == "tracker-ios")
  }
}
