import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// A `.json` is Habo's by its content, and other `.json` formats are not taken for Habo.
@Suite struct HaboDetectionTests {
  static func detected(_ bytes: [UInt8], name: String = "backup.json") throws -> String {
    try StandardCodecs.registry.detect(CodecInput(.bytes(bytes, name: name))).descriptor.id
  }

  @Test(arguments: ["envelope.json", "legacy-array.json"])
  func aHaboBackupIsDetected(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CodecFixtures.path("HaboCodecTests", name))))
    #expect(HaboCodec().sniff(bytes))
    #expect(try Self.detected(bytes, name: "habo_backup_2024-01-19_21-00-00.json") == "habo")
  }

  @Test func anEmptyEnvelopeIsDetectedByItsLinksKey() {
    #expect(HaboCodec().sniff(Array(#" {"habits":[],"events":{},"categories":[],"habit_categories":[]}"#.utf8)))
    #expect(HaboCodec().sniff([0xEF, 0xBB, 0xBF] + Array(#"[{"id":1,"title":"A","twoDayRule":0}]"#.utf8)))
  }

  @Test func otherJSONIsNotHabo() throws {
    let codec = HaboCodec()
    #expect(!codec.sniff(Array(#"{"trackport": 2, "categories": [], "trackers": []}"#.utf8)))
    #expect(!codec.sniff(Array(#"{"habits": [], "groups": []}"#.utf8)))
    #expect(!codec.sniff(Array(#""twoDayRule""#.utf8)))
    for name in ["beaverhabits/storage-2024-04-09.json", "beaverhabits/storage-2024-04-13.json"] where SharedFixtures.available(SharedFixtures.path(name)) {
      #expect(!codec.sniff(try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedFixtures.path(name))))), "\(name)")
    }
    let demo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Repository.demoPath)))
    #expect(!codec.sniff(demo))
  }

  /// Writing a `.json` name gives canonical JSON (the format that loses nothing), Habo only
  /// with `--to habo`; `.csv` stays the CSV codec's.
  @Test func aJSONOutputNameIsCanonicalJSON() throws {
    #expect(try StandardCodecs.registry.detectOutput(CodecOutput(path: "/tmp/out.json")).descriptor.id == "json")
    #expect(try StandardCodecs.registry.detectOutput(CodecOutput(path: "/tmp/out.csv")).descriptor.id == "csv")
    #expect(try StandardCodecs.registry.codec(id: "habo").descriptor.canWrite)
  }
}
