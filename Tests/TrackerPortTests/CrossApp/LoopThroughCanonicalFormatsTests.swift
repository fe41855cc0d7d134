import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Loop → a canonical format → Loop keeps every habit column and repetition (amounts, notes,
/// skips), now that they travel in the model's own fields rather than in `extras["loop"]`.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct LoopThroughCanonicalFormatsTests {
  /// The rich backup through `codec` (in memory) and back to Loop is the backup Loop → Loop writes.
  func throughFormat(_ codec: some TrackerCodec) throws {
    let db = try LoopRichSample.make()
    defer { Loop.removeFolder(of: db) }
    let (dataset, _) = try Loop.decode(db)
    let memory = MemoryOutput()
    var writing = CodecContext(fileName: "rich")
    try codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &writing)
    var reading = CodecContext(fileName: "rich")
    let read = try codec.decode(CodecInput(.bytes(memory.bytes, name: "rich")), context: &reading)
    let out = URL(fileURLWithPath: db).deletingLastPathComponent().appendingPathComponent("through.db").path
    try Loop.encode(read, to: out)
    let habits = "SELECT archived, color, description, freq_den, freq_num, name, position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid FROM Habits ORDER BY position"
    #expect(try Loop.sqlite(out, habits) == (try Loop.sqlite(db, habits)))
    let repetitions = "SELECT h.uuid, r.timestamp, r.value, quote(r.notes) FROM Repetitions r JOIN Habits h ON h.id = r.habit ORDER BY h.uuid, r.timestamp"
    #expect(try Loop.sqlite(out, repetitions) == (try Loop.sqlite(db, repetitions)))
  }

  @Test func loopThroughJSONAndBack() throws { try throughFormat(JSONCodec()) }

  @Test func loopThroughXMLAndBack() throws { try throughFormat(XMLCodec()) }
}
