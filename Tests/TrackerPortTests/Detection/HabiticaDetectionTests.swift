import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Among every built-in codec, Habitica's exports are Habitica's (moved from HabiticaInputTests:
/// detection needs every codec).
@Suite struct HabiticaDetectionTests {
  @Test func detectionIsByContent() throws {
    let registry = StandardCodecs.registry
    let small = try Habitica.bytes(Habitica.export())
    #expect(try registry.detect(CodecInput(.bytes(small, name: "a.json"))).descriptor.id == "habitica")
    // Long exports: "tasks" comes last, as Habitica writes it, beyond the 64 KiB head; a
    // long inbox may push "tasksOrder" beyond it too.
    for (big, tail) in [("stats", ",\"inbox\":{},\"tasksOrder\":{}"), ("profile", ",\"tasksOrder\":{}")] {
      var user = Habitica.planted(["preferences": ["dayStart": 0], "auth": [:], "flags": [:], "items": [:], "party": [:]])
      user[big] = ["blurb": String(repeating: "x", count: 70_000)]
      var bytes = try Habitica.bytes(user)
      bytes.removeLast()
      bytes += Array((tail + ",\"tasks\":{\"habits\":[]}}").utf8)
      let detected = try registry.detect(CodecInput(.bytes(bytes, name: "b.json")))
      #expect(detected.descriptor.id == "habitica", "\(big)")
    }
    let csv = CodecInput(.bytes(Array("Task Name,Task ID,Task Type,Date,Value\nA,1,habit,2022-03-01 10:00:00,1\n".utf8), name: "h.csv"))
    #expect(try registry.detect(csv).descriptor.id == "habitica")
    let canonical = CodecInput(.bytes(Array("{\"trackport\": 1, \"categories\": [], \"trackers\": [], \"records\": []}".utf8), name: "c.json"))
    #expect(try registry.detect(canonical).descriptor.id == "json")
    let other = CodecInput(.bytes(Array("{\"preferences\": {}, \"tasks\": {\"notes\": []}}".utf8), name: "o.json"))
    #expect(!HabiticaCodec().sniff(Array(try other.head())))
  }

  /// A folder holding both of Habitica's files is Habitica's (the JSON is read: HabiticaInputTests).
  @Test(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures"))
  func aFolderWithBothFilesIsHabitica() throws {
    let folder = try Habitica.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(try Habitica.bytes(try Habitica.fixtureExport())).write(to: folder.appendingPathComponent("habitica-user-data.json"))
    try Data("Task Name,Task ID,Task Type,Date,Value\nA,1,habit,2022-03-01 10:00:00,1\n".utf8)
      .write(to: folder.appendingPathComponent("habitica-tasks-history.csv"))
    #expect(try StandardCodecs.registry.detect(CodecInput(path: folder.path)).descriptor.id == "habitica")
  }
}
