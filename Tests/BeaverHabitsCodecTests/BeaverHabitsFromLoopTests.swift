import Foundation
import Testing
import TrackerPort

/// Where Loop users go: Loop's CSV export → beaverhabits keeps every completion and every note
/// (beaverhabits' own Loop import drops the notes and fails on current exports), checked by
/// Python's `csv` on Loop's files and Python's `json` on the export written.
@Suite(.enabled(if: Beaver.haveFixtures, "the shared fixtures are not at ../shared/fixtures"))
struct BeaverHabitsFromLoopTests {
  /// Loop's export, habit by habit: `name<TAB>day<TAB>value<TAB>note` for every Checkmarks row
  /// that is YES_MANUAL or has a note.
  static let loopScript = """
    import csv, os, sys
    root = sys.argv[1]
    names = {row["Position"]: row["Name"] for row in csv.DictReader(open(os.path.join(root, "Habits.csv"), encoding="utf-8"))}
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder, "Checkmarks.csv")
        if not os.path.isfile(path):
            continue
        for row in csv.DictReader(open(path, encoding="utf-8")):
            if row["Value"] == "YES_MANUAL" or row["Notes"]:
                print("\\t".join([names[folder[:3]], row["Date"], "done" if row["Value"] == "YES_MANUAL" else "not done", row["Notes"]]))
    """

  /// The same rows from a beaverhabits export: records done, and records with a text.
  static let exportScript = """
    import json, sys
    for h in json.load(open(sys.argv[1], encoding="utf-8"))["habits"]:
        for r in h["records"]:
            if r["done"] or r.get("text"):
                print("\\t".join([h["name"], r["day"], "done" if r["done"] else "not done", r.get("text", "")]))
    """

  @Test func loopsCompletionsAndNotesReachBeaverHabits() throws {
    let loopExport = Beaver.shared("loop_uhabits/csv_export")
    var context = CodecContext(fileName: loopExport)
    let loop = try LoopCodec().decode(CodecInput(path: loopExport), context: &context)
    let losses = BeaverHabitsCodec().losses(writing: loop, to: CodecOutput(path: "/tmp/loop.beaverhabits.json"), options: [:])
    // Loop's colours and questions, its own extras and the category's id: nothing of the days.
    #expect(losses.map { $0.location.pointer ?? "" } == ["/categories.id", "/trackers.color", "/trackers.description", "/extras"])
    let (bytes, warnings) = try Beaver.encode(loop)
    #expect(warnings.isEmpty)  // "2 times in 3 days" is a period of its own: nothing lossy
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-beaverhabits-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("loop.json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let expected = Set(try Beaver.runPython(Self.loopScript, [loopExport]).split(separator: "\n"))
    let written = Set(try Beaver.runPython(Self.exportScript, [path]).split(separator: "\n"))
    #expect(expected.count == 9)  // 6 YES_MANUAL days, 3 notes (one on a YES_AUTO day, one on a NO day)
    #expect(written == expected)
    let period = try Beaver.runPython("import json,sys; print(json.load(open(sys.argv[1]))['habits'][1]['period'])", [path])
    #expect(period == "{'period_type': 'D', 'period_count': 3, 'target_count': 2}\n")
  }
}
