import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Detection by content: a `.json` is Table Habit's only when it looks like one.
@Suite struct TableHabitDetectionTests {
  @Test(arguments: ["export-all.json", "first-export.json"])
  func theFixturesAreDetected(_ name: String) throws {
    let codec = try StandardCodecs.registry.detect(CodecInput(path: CodecFixtures.path("TableHabitCodecTests", name)))
    #expect(codec.descriptor.id == "tablehabit")
  }

  @Test(arguments: [
    // Habo's envelope (migration-targets.md, Habo §1) and legacy array, beaverhabits' export,
    // canonical JSON, a habits list of another app.
    #"{"habits": [{"id": 1, "title": "Walk", "events": {}}], "events": {}, "categories": [], "habit_categories": [], "metadata": {}}"#,
    #"[{"id": 1, "title": "Walk", "twoDayRule": false, "events": {}}]"#,
    #"{"user_email": "a@b.c", "exported_at": "2026-01-01", "habits": [{"name": "Walk", "records": [{"day": "2026-01-01", "done": true}]}]}"#,
    #"{"trackport": 1, "categories": [], "trackers": [], "records": [], "tasks": []}"#,
    #"{"habits": []}"#,
  ])
  func otherJSONIsNotTableHabit(_ text: String) {
    #expect(!TableHabitCodec().sniff(Array(text.utf8)))
  }

  @Test func anEmptyExportWithGroupsIsTableHabit() {
    #expect(TableHabitCodec().sniff(Array(#"  {"habits":[],"groups":[]}"#.utf8)))
  }

  @Test func itReadsAndWritesJSONByContent() {
    let d = TableHabitCodec.descriptor
    #expect(d.id == "tablehabit" && d.canRead && d.canWrite && d.sniffedExtensions == ["json"] && d.extensions == ["tablehabit.json"])
  }
}
