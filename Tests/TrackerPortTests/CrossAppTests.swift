import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// The shared Loop fixtures (Loop's own test files, HabitBull's among them), read in place.
private let loopFixtures = SharedFixtures.path("loop_uhabits")

/// What habit apps share travels between two of them through the model's own fields, not
/// through one app's extras: Loop → HabitBull and HabitBull → Loop, in process.
@Suite(.enabled(if: SharedFixtures.available(loopFixtures + "/loop.db"),
                "the shared Loop fixtures are not there (TRACKPORT_SHARED_FIXTURES)"))
struct CrossAppTests {
  static let fixtures = loopFixtures

  static func decode(_ codec: some TrackerCodec, _ input: CodecInput) throws -> TrackerDataset {
    var context = CodecContext(fileName: input.displayName)
    return try codec.decode(input, context: &context)
  }

  static func encode(_ codec: some TrackerCodec, _ dataset: TrackerDataset, name: String) throws -> [UInt8] {
    var context = CodecContext(fileName: name)
    let memory = MemoryOutput()
    try codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return memory.bytes
  }

  /// Loop's notes (on days not done) reach HabitBull's comments; its frequency is reported lost.
  @Test func loopsNotesBecomeHabitBullComments() throws {
    let loop = try Self.decode(LoopCodec(), CodecInput(path: Self.fixtures + "/csv_export"))
    let losses = HabitBullCodec().losses(writing: loop, to: CodecOutput(path: "/tmp/out.habitbull.csv"), options: [:])
    // Loop's made-up category is no loss: HabitCategory is left empty.
    #expect(losses.map { $0.location.pointer ?? "" } == ["/trackers[without days]", "/trackers.id",
                                                         "/trackers.color", "/trackers.frequency", "/extras"])
    let text = String(decoding: try Self.encode(HabitBullCodec(), loop, name: "out.habitbull.csv"), as: UTF8.self)
    #expect(text.contains("Wake up early,Did you wake up before 6am?,,2015-01-24,0,Sick\r\n"))
    #expect(text.contains("Wake up early,Did you wake up before 6am?,,2015-01-19,0,\"\"\"Vacation\"\"\"\r\n"))
    let back = try Self.decode(HabitBullCodec(), CodecInput(.bytes(Array(text.utf8), name: "out.habitbull.csv")))
    #expect(back.entries.map(\.note) == loop.entries.map(\.note))
  }

  /// HabitBull's amounts, descriptions and comments land in Loop's columns: a measurable habit
  /// (×1000), its question, and the repetitions' notes; and come back.
  @Test func habitBullsAmountsAndCommentsLandInLoop() throws {
    let source = try Self.decode(HabitBullCodec(), CodecInput(path: Self.fixtures + "/habitbull3.csv"))
    let losses = LoopCodec().losses(writing: source, to: CodecOutput(path: "/tmp/out.db"), options: [:])
    // Categories: nothing of the days; and the palette colours come back (each is written as
    // Loop's colour of the same name, which reads back as that palette colour).
    #expect(losses.map { $0.location.pointer ?? "" } == ["/categories"])
    #expect(source.trackers.allSatisfy { PaletteColor(hex: $0.color ?? "") != nil })
    let bytes = try Self.encode(LoopCodec(), source, name: "out.db")
    let back = try Self.decode(LoopCodec(), CodecInput(.bytes(bytes, name: "out.db")))
    #expect(back.trackers.map(\.goal) == source.trackers.map(\.goal))
    #expect(back.records.map(\.amount) == source.records.map(\.amount))
    #expect(back.records.map(\.date) == source.records.map(\.date))
    let habitbull2 = try Self.decode(HabitBullCodec(), CodecInput(path: Self.fixtures + "/habitbull2.csv"))
    let again = try Self.decode(LoopCodec(), CodecInput(.bytes(try Self.encode(LoopCodec(), habitbull2, name: "h2.db"), name: "h2.db")))
    #expect(again.trackers.map(\.description) == habitbull2.trackers.map(\.description))
    #expect(again.entries.map(\.note) == habitbull2.entries.map(\.note))
  }
}
