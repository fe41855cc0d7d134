import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Among every built-in codec, Streaks' CSV export and backup are Streaks', by content (and
/// `.streaks` by its ending), and other formats' files stay theirs.
@Suite struct StreaksDetectionTests {
  static func detected(_ bytes: [UInt8], name: String) throws -> String {
    try StandardCodecs.registry.detect(CodecInput(.bytes(bytes, name: name))).descriptor.id
  }

  static func fixture(_ name: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: CodecFixtures.path("StreaksCodecTests", name))))
  }

  @Test(arguments: ["with-optional-columns.csv", "without-optional-columns.csv", "columns-reordered.csv", "quoted-header-with-bom.csv"])
  func aStreaksCSVIsDetected(_ name: String) throws {
    #expect(try Self.detected(try Self.fixture(name), name: "Streaks export.csv") == "streaks")
  }

  @Test func aBackupIsDetectedByItsEndingOrItsContent() throws {
    let backup = try Self.fixture("backup.streaks")
    #expect(try Self.detected(backup, name: "iPhone - 20251213T162603.streaks") == "streaks")
    #expect(try Self.detected(backup, name: "backup.json") == "streaks")
    #expect(try Self.detected(backup, name: "backup") == "streaks")
  }

  @Test func otherFormatsStayTheirs() throws {
    let daylio = Array("full_date,date,weekday,time,mood,activities,note_title,note\n2024-01-02,January 2,Tuesday,10:00,rad,walk,,\n".utf8)
    #expect(try Self.detected(daylio, name: "export.csv") == "daylio")
    let habitbull = Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,2024-01-02,1,\n".utf8)
    #expect(try Self.detected(habitbull, name: "export.csv") == "habitbull")
    let habitica = Array("Task Name,Task ID,Task Type,Date,Value\nA,1,habit,2022-03-01 10:00:00,1\n".utf8)
    #expect(try Self.detected(habitica, name: "h.csv") == "habitica")
    // A table that merely has an entry_date column is the CSV codec's.
    let table = Array("name,entry_date,entry_type\nRead,20240101,done\n".utf8)
    #expect(try Self.detected(table, name: "t.csv") == "csv")
    let canonical = Array(#"{"trackport": 2, "categories": [], "trackers": [], "records": [], "tasks": [{"id": "1", "title": "T", "log": []}]}"#.utf8)
    #expect(try Self.detected(canonical, name: "c.json") == "json")
    let user = Array(#"{"preferences": {"dayStart": 0}, "tasks": {"habits": [{"history": [], "log": []}]}}"#.utf8)
    #expect(try Self.detected(user, name: "userdata.json") == "habitica")
    let demo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Repository.demoPath)))
    #expect(!StreaksCodec().sniff(demo))
  }
}
