import Foundation
import Testing
import TrackerPort

/// Loop → a canonical format → Loop keeps every habit column and repetition (amounts, notes,
/// skips), now that they travel in the model's own fields rather than in `extras["loop"]`.
///
/// Each test runs when its codec carries the model's version-2 fields (``carriesSharedFields(_:)``):
/// on a branch where the JSON or XML codec does not yet, the test says so by not running.
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not at ../shared/fixtures/loop_uhabits"))
struct LoopThroughCanonicalFormatsTests {
  /// Whether writing and reading `codec` keeps an archived flag, a goal, a record's amount and
  /// note and a skipped entry.
  static func carriesSharedFields(_ codec: some TrackerCodec) -> Bool {
    let day = LocalDate("2024-03-04")!
    let probe = TrackerDataset(
      categories: [TrackerCategory(id: "C", title: "C")],
      trackers: [Tracker(id: "T", kind: .habit, name: "Run", categoryId: "C", emoji: "🏃", color: "#FF674D",
                         schedule: Weekday.allCases, archived: true, goal: TrackerGoal(target: 5, unit: "km"))],
      records: [TrackerRecord(trackerId: "T", date: day, amount: 6.25, note: "park")],
      entries: [TrackerEntry(trackerId: "T", date: day.adding(days: 1), skipped: true)])
    let memory = MemoryOutput()
    var writing = CodecContext(fileName: "probe")
    var reading = CodecContext(fileName: "probe")
    guard (try? codec.encode(probe, to: CodecOutput(.memory(memory)), context: &writing)) != nil,
          let back = try? codec.decode(CodecInput(.bytes(memory.bytes, name: "probe")), context: &reading) else { return false }
    return back.trackers.first?.archived == true && back.trackers.first?.goal == probe.trackers[0].goal
      && back.records == probe.records && back.entries == probe.entries
  }

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

  @Test(.enabled(if: carriesSharedFields(JSONCodec()), "the JSON codec does not carry the model's version-2 fields yet"))
  func loopThroughJSONAndBack() throws { try throughFormat(JSONCodec()) }

  @Test(.enabled(if: carriesSharedFields(XMLCodec()), "the XML codec does not carry the model's version-2 fields yet"))
  func loopThroughXMLAndBack() throws { try throughFormat(XMLCodec()) }
}
