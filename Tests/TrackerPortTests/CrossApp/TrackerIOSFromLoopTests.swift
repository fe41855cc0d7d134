import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// A Loop backup written as an iOS Tracker store and read back through canonical JSON (moved
/// from TrackerIOSWriteTests: it needs the Loop and JSON codecs).
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.coreData("stores/azonaz/Tracker.sqlite"))
                  && SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "needs the shared coredata and Loop fixtures"))
struct TrackerIOSFromLoopTests {
  /// Writes `dataset` as a store with `options`; returns its path.
  static func write(_ dataset: TrackerDataset, _ options: [String: String]) throws -> (String, CodecContext) {
    let path = try temporaryFolder("trackport-ios-test").appendingPathComponent("Tracker.sqlite").path
    return (path, try encode(TrackerIOSCodec(), dataset, toPath: path, options: options))
  }

  @Test func loopBackupToAnIOSStoreKeepsHabitsSchedulesAndCompletions() throws {
    let loop = try DatasetFile.load(SharedFixtures.path("loop_uhabits/loop.db")).dataset
    try #require(!loop.records.isEmpty)
    for id in ["azonaz", "xcode73"] {
      let (path, _) = try Self.write(loop, ["variant": id, "timezone": "America/New_York"])
      // Through the whole tool's path: the store → canonical JSON.
      let json = try temporaryFolder("trackport-ios-test").appendingPathComponent("back.trackport.json").path
      var reading = CodecContext(fileName: path, options: ["timezone": "America/New_York"])
      let back = try TrackerIOSCodec().decode(CodecInput(path: path), context: &reading)
      var writing = CodecContext(fileName: json)
      try JSONCodec().encode(back, to: CodecOutput(path: json), context: &writing)
      let again = try DatasetFile.load(json).dataset
      let habits = loop.trackers.filter { $0.kind == .habit }
      #expect(again.trackers.map(\.name) == habits.map(\.name), "\(id)")
      for (original, read) in zip(habits, again.trackers) {
        #expect(read.schedule == (original.schedule ?? Weekday.allCases), "\(id) \(original.name)")
      }
      let names = Dictionary(loop.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      let backNames = Dictionary(again.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      #expect(Set(again.records.map { "\(backNames[$0.trackerId]!) \($0.date)" })
              == Set(loop.records.filter { names[$0.trackerId] != nil }.map { "\(names[$0.trackerId]!) \($0.date)" }), "\(id)")
    }
  }
}
