import Foundation
import Testing
import TrackerServeAPI
import TrackerTestSupport

/// `trackport inspect`: the page's and the API's answer on the command line (issue 45,
/// "Command line"): `--format json` is `POST /api/inspect`'s document, byte for byte.
@Suite struct InspectCommandTests {
  static let loop = SharedFixtures.path("loop_uhabits/loop.db")

  /// The API's answer for `bytes` uploaded as `name`, with `fields`.
  static func api(_ name: String, _ bytes: [UInt8], _ fields: [(String, String)]) -> (status: Int, body: String) {
    let answer = ServeAPI().respond(method: "POST", path: "/api/inspect", contentType: FormBody.contentType,
                                    body: FormBody.upload(name, bytes, fields))
    return (answer.status, String(decoding: answer.body, as: UTF8.self))
  }

  /// Where two texts part: the offset and a little of each from there.
  static func firstDifference(_ a: String, _ b: String) -> String {
    let x = Array(a.utf8), y = Array(b.utf8)
    let i = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
    let show = { (bytes: [UInt8]) in String(decoding: bytes[min(i, bytes.count)..<min(i + 80, bytes.count)], as: UTF8.self) }
    return "they part at byte \(i): CLI '\(show(x))', API '\(show(y))'"
  }

  @Test(.enabled(if: SharedFixtures.available(loop)))
  func theJSONIsTheAPIsAnswer() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.loop)))
    try Data(bytes).write(to: folder.appendingPathComponent("loop.db"))
    let demo = try [UInt8](Data(contentsOf: CLI.root.appendingPathComponent(CLI.demo)))
    try Data(demo).write(to: folder.appendingPathComponent("demo.trackport.json"))
    for (file, contents, to) in [("loop.db", bytes, "tablehabit"), ("loop.db", bytes, "harsh"), ("loop.db", bytes, nil),
                                 ("demo.trackport.json", demo, "habo"), ("demo.trackport.json", demo, "ics")] {
      let cli = try CLI.run(["inspect", file, "--format", "json"] + (to.map { ["--to", $0] } ?? []), in: folder)
      #expect(cli.status == 0, "\(file) \(to ?? "-"): \(cli.stderr)")
      let api = Self.api(file, contents, to.map { [("to", $0)] } ?? [])
      #expect(api.status == 200)
      #expect(cli.stdout == api.body, "\(file) to \(to ?? "nothing"): \(Self.firstDifference(cli.stdout, api.body))")
      // And it says something: the counts, and with a target what arrives.
      let document = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
      #expect((document["counts"] as? [String: Int])?["trackers"] ?? 0 > 0)
      #expect((document["arrives"] != nil) == (to != nil))
    }
  }

  @Test(.enabled(if: SharedFixtures.available(loop)))
  func theTextNamesWhatArrivesPerHabitAndWhatIsLost() throws {
    let run = try CLI.run(["inspect", Self.loop, "--to", "tablehabit"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("read  \(Self.loop) as Loop Habit Tracker (loop): 9 trackers, 164 records"), "\(run.stdout)")
    #expect(run.stdout.contains("arrives in Table Habit (tablehabit), written and read back:"))
    // Loop's example backup: "Wake up early" has 33 done days; every one of the 164 comes back.
    #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("  Wake up early") && $0.hasSuffix("33 days") },
            "\(run.stdout)")
    #expect(run.stdout.contains("  checked: 9 habits, 164 days, 0 amounts, 0 notes, 0 skips"), "\(run.stdout)")
    #expect(run.stdout.contains("lost  trackers.color"), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("3 losses\n"), "\(run.stdout)")
    // The reader's findings go to standard error, as convert's do; nothing is left behind.
    #expect(run.stderr.contains("[lossy-frequency]"))
    // Without a target: the read line only.
    let plain = try CLI.run(["inspect", Self.loop])
    #expect(plain.status == 0 && plain.stdout.split(separator: "\n").count == 1, "\(plain.stdout)")
  }

  @Test func aFileNoFormatReadsIsTheMalformedInputStatusWithItsNote() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: folder.appendingPathComponent("photo.jpg"))
    let run = try CLI.run(["inspect", "photo.jpg", "--to", "tablehabit"], in: folder)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("photo.jpg: error: cannot tell the format of this file [unknown-format]"), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    // A CSV with a broken row: 65, the row located, nothing converted but the plan shown.
    let csv = folder.appendingPathComponent("log.csv")
    try Data("tracker,date\nRun,2026-01-01\nRun,not-a-day\n".utf8).write(to: csv)
    let broken = try CLI.run(["inspect", "log.csv", "--to", "json"], in: folder)
    #expect(broken.status == 65, "\(broken.stdout)\(broken.stderr)")
    #expect(broken.stderr.contains("log.csv:3"), "\(broken.stderr)")
    #expect(broken.stdout.contains("not converted to TrackerPort JSON (json): part of the file cannot be read"), "\(broken.stdout)")
    // Nothing is written beside the input.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["log.csv", "photo.jpg"])
  }

  @Test func aMisspeltTargetIsAUsageError() throws {
    let run = try CLI.run(["inspect", CLI.demo, "--to", "tabelhabit"])
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains("did you mean 'tablehabit'?"), "\(run.stderr)")
  }
}
