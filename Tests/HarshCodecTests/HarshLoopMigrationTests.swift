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
/// knows habits by name, so the days of habits sharing a name (Loop's example has two "Sport")
/// go to one (reported as `trackers.name[repeated]`).
@Suite struct HarshLoopMigrationTests {
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
  func everyCompletionReachesTheLogAndComesBack() throws {
    let loopDB = SharedFixtures.path("loop_uhabits/loop.db")
    var reading = CodecContext(fileName: loopDB)
    let loop = try LoopCodec().decode(CodecInput(path: loopDB), context: &reading)
    let folder = try temporaryFolder("trackport-harsh-loop").appendingPathComponent("harsh").path
    try encode(HarshCodec(), loop, toPath: folder)
    let expected = try SQLite3.lines(loopDB, """
      SELECT h.name, group_concat(d, ',') FROM (SELECT DISTINCT name FROM Habits) h JOIN (SELECT DISTINCT n.name, date(r.timestamp / 1000, 'unixepoch') AS d
      FROM Repetitions r JOIN Habits n ON n.id = r.habit ORDER BY d) x ON x.name = h.name GROUP BY h.name ORDER BY h.name
      """, readOnly: true).map { $0.replacingOccurrences(of: "|", with: "\t") }
    var done: [String: [String]] = [:]
    for line in try String(contentsOfFile: folder + "/log", encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.components(separatedBy: " : ")
      if parts.count >= 3, parts[2] == "y" { done[parts[1], default: []].append(parts[0]) }
    }
    let written = done.map { "\($0.key)\t" + Set($0.value).sorted().joined(separator: ",") }.sorted()
    #expect(written == expected && !expected.isEmpty, "\(written) ≠ \(expected)")
    let (back, _) = try decode(HarshCodec(), path: folder)
    let backDays = back.trackers.compactMap { tracker -> String? in
      let days = back.records.filter { $0.trackerId == tracker.id }.map(\.date.description)
      return days.isEmpty ? nil : tracker.name + "\t" + days.joined(separator: ",")
    }.sorted()
    #expect(backDays == expected)
  }
}
