import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Where Loop users go: Loop's CSV export → beaverhabits keeps every completion and every note
/// (beaverhabits' own Loop import drops the notes and fails on current exports), checked by
/// Python's `csv` on Loop's files and Python's `json` on the export written.
@Suite(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/csv_export/Habits.csv")), "the shared fixtures are not there"))
struct BeaverHabitsFromLoopTests {
  @Test func loopsCompletionsAndNotesReachBeaverHabits() throws {
    let loopExport = SharedFixtures.path("loop_uhabits/csv_export")
    var context = CodecContext(fileName: loopExport)
    let loop = try LoopCodec().decode(CodecInput(path: loopExport), context: &context)
    let losses = BeaverHabitsCodec().losses(writing: loop, to: CodecOutput(path: "/tmp/loop.beaverhabits.json"), options: [:])
    // Loop's colours and questions and its own extras: nothing of the days. Not the category,
    // which Loop's reader made up: written as no tag, it is no loss.
    #expect(losses.map { $0.location.pointer ?? "" } == ["/trackers.color", "/trackers.description", "/extras"])
    let (bytes, writing) = try encode(BeaverHabitsCodec(), loop, name: "out.beaverhabits.json")
    let warnings = writing.diagnostics
    #expect(warnings.isEmpty)  // "2 times in 3 days" is a period of its own: nothing lossy
    let folder = try temporaryFolder("trackport-beaverhabits-loop")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("loop.json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let expected = Set(try runPython(oracle: "beaverhabits.py", ["loop-rows", loopExport]).split(separator: "\n"))
    let written = Set(try runPython(oracle: "beaverhabits.py", ["rows", path]).split(separator: "\n"))
    #expect(expected.count == 9)  // 6 YES_MANUAL days, 3 notes (one on a YES_AUTO day, one on a NO day)
    #expect(written == expected)
    let period = try runPython(oracle: "beaverhabits.py", ["period", path, "1"])
    #expect(period == "{'period_type': 'D', 'period_count': 3, 'target_count': 2}\n")
  }
}
