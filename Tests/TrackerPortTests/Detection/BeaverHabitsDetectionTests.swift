import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// `.json` files are beaverhabits' by their content, and only theirs.
@Suite struct BeaverHabitsDetectionTests {
  static func detected(_ text: String, name: String = "file.json") throws -> String {
    try StandardCodecs.registry.detect(CodecInput(.bytes(Array(text.utf8), name: name))).id
  }

  @Test func theExportTheStoredListAndTheStorageFileAreRecognised() throws {
    for name in ["export.json", "backup.json"] {
      let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: CodecFixtures.path("BeaverHabitsCodecTests", name))), as: UTF8.self)
      #expect(try Self.detected(text) == "beaverhabits", "\(name)")
      #expect(try Self.detected(text, name: "-") == "beaverhabits", "\(name) on standard input")
    }
    #expect(try Self.detected(#"{"data": {"habits": [{"name": "A", "records": [{"day": "2024-04-04", "done": false}]}]}}"#) == "beaverhabits")
    #expect(try Self.detected("\u{FEFF}\n {\"user_email\": \"\", \"exported_at\": \"2026-01-01 00:00:00\", \"habits\": []}") == "beaverhabits")
  }

  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path(CodecFixtures.beaverStorageFiles[0])), "the shared fixtures are not there"),
        arguments: CodecFixtures.beaverStorageFiles)
  func theAppsOwnStorageFilesAreRecognised(_ name: String) throws {
    #expect(try StandardCodecs.registry.detect(CodecInput(path: SharedFixtures.path(name))).id == "beaverhabits")
  }

  /// Other apps' JSON with a `"habits"` key is never taken for beaverhabits': Table Habit's
  /// export (`record_date`, `create_t`), Habo's backup (`twoDayRule`, `habit_categories`),
  /// Habitica's user data (`dailys`, `tasksOrder`), TrackerPort's own JSON (whatever its extras
  /// hold).
  @Test(arguments: [
    #"{"habits": [{"create_t": 1700000000, "name": "A", "records": [{"record_date": 19700, "record_type": 1}]}], "groups": []}"#,
    #"{"habits": [{"id": 1, "title": "A", "twoDayRule": 0, "events": {}}], "events": {}, "categories": [], "habit_categories": []}"#,
    #"{"trackport": 2, "categories": [], "trackers": [], "records": [], "extras": {"beaverhabits": {"exportedAt": "x", "habits": 1, "done": 2}}}"#,
    #"{"habits": [{"name": "A"}]}"#,
    #"{"tasks": {"habits": [{"text": "A", "done": false}], "dailys": []}, "tasksOrder": {"habits": []}}"#,
    #"["habits", "done"]"#,
  ])
  func otherJSONIsNotBeaverHabits(_ text: String) throws {
    #expect(!BeaverHabitsCodec().sniff(Array(text.utf8)))
  }

  /// Writing: `.json` stays TrackerPort's JSON; `.beaverhabits.json` (or `--to`) is beaverhabits.
  @Test func theOutputNameChoosesTheWriter() throws {
    #expect(try StandardCodecs.registry.detectOutput(CodecOutput(path: "out.json")).id == "json")
    #expect(try StandardCodecs.registry.detectOutput(CodecOutput(path: "beaverhabits_2026_04_04.beaverhabits.json")).id == "beaverhabits")
    #expect(try StandardCodecs.registry.codec(id: "beaverhabits").descriptor.canWrite)
  }
}
