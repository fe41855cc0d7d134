import Foundation
import Testing
import HarshCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Loop → harsh → back: every completed day reaches harsh's log, counted by `sqlite3` on Loop's
/// own example backup (schema 12: every repetition is a completion) and by reading the written
/// log's lines here, as harsh splits them (`date : habit : y`), apart from the codec. harsh
/// knows habits by name, so a habit sharing an earlier one's name (Loop's example has two
/// "Sport", two "Vegan", two "I love you") is written as "Sport (2)": each keeps its own days.
@Suite struct HarshLoopMigrationTests {
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
  func everyCompletionReachesTheLogAndComesBack() throws {
    let loopDB = SharedFixtures.path("loop_uhabits/loop.db")
    var reading = CodecContext(fileName: loopDB)
    let loop = try LoopCodec().decode(CodecInput(path: loopDB), context: &reading)
    let folder = try temporaryFolder("trackport-harsh-loop").appendingPathComponent("harsh").path
    try encode(HarshCodec(), loop, toPath: folder)
    // Per Loop habit (by id, not name): its name and its days.
    let expected = try SQLite3.lines(loopDB, """
      SELECT n.name, group_concat(x.d, ',') FROM (SELECT DISTINCT habit, date(timestamp / 1000, 'unixepoch') AS d FROM Repetitions
      ORDER BY d) x JOIN Habits n ON n.id = x.habit GROUP BY x.habit
      """, readOnly: true).map { $0.replacingOccurrences(of: "|", with: "\t") }.sorted()
    let completions = try SQLite3.lines(loopDB, "SELECT count(*) FROM (SELECT DISTINCT habit, date(timestamp / 1000, 'unixepoch') FROM Repetitions)", readOnly: true)
    #expect(completions == ["164"])
    /// "Sport (2)" is the second "Sport": compared under Loop's name.
    func loopName(_ name: String) -> String { name.wholeMatch(of: /(.+) \([2-9]\)/).map { String($0.1) } ?? name }
    var done: [String: [String]] = [:]
    for line in try String(contentsOfFile: folder + "/log", encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.components(separatedBy: " : ")
      if parts.count >= 3, parts[2] == "y" { done[parts[1], default: []].append(parts[0]) }
    }
    let written = done.map { "\(loopName($0.key))\t" + Set($0.value).sorted().joined(separator: ",") }.sorted()
    #expect(written == expected && !expected.isEmpty, "\(written) ≠ \(expected)")
    #expect(done.keys.contains("Sport (2)") && done.values.map { Set($0).count }.reduce(0, +) == 164)
    let (back, _) = try decode(HarshCodec(), path: folder)
    let backDays = back.trackers.compactMap { tracker -> String? in
      let days = back.records.filter { $0.trackerId == tracker.id }.map(\.date.description)
      return days.isEmpty ? nil : loopName(tracker.name) + "\t" + days.joined(separator: ",")
    }.sorted()
    #expect(backDays == expected)
  }
}
