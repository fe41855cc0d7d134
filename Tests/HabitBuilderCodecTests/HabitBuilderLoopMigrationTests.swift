import Foundation
import Testing
import HabitBuilderCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Loop → Habit Builder → back: every completed day of Loop's own example backup (schema 12:
/// every repetition is a completion) reaches the backup's actions and comes back, counted by
/// `sqlite3` on the Loop file and, apart from the codec, by splitting the written actions.csv
/// and turning its instants into days with Foundation's calendar in the phone's zone. Habit
/// Builder keys habits by number, so Loop's habits of one name (two "Sport") stay apart.
@Suite struct HabitBuilderLoopMigrationTests {
  static let loopDB = SharedFixtures.path("loop_uhabits/loop.db")

  @Test(.enabled(if: SharedFixtures.available(loopDB), "the shared fixtures are not there"),
        arguments: ["Pacific/Kiritimati", "America/Los_Angeles"])
  func everyCompletionReachesTheBackupAndComesBack(zone: String) throws {
    var reading = CodecContext(fileName: Self.loopDB)
    let loop = try LoopCodec().decode(CodecInput(path: Self.loopDB), context: &reading)
    // Per Loop habit, in Loop's order: its name and its days.
    let expected = try SQLite3.lines(Self.loopDB, """
      SELECT n.name || ': ' || coalesce((SELECT group_concat(d, ' ') FROM (SELECT DISTINCT date(timestamp / 1000, 'unixepoch') AS d
      FROM Repetitions r WHERE r.habit = n.id ORDER BY d)), '') FROM Habits n ORDER BY n.position
      """, readOnly: true)
    let completions = try SQLite3.lines(Self.loopDB, "SELECT count(*) FROM (SELECT DISTINCT habit, date(timestamp / 1000, 'unixepoch') FROM Repetitions)", readOnly: true)
    #expect(completions == ["164"])

    let path = try temporaryFolder("trackport-habitbuilder-loop").appendingPathComponent("backup.zip").path
    let options = ["timezone": zone]
    let losses = HabitBuilderCodec().losses(writing: loop, to: CodecOutput(path: path), options: options)
    #expect(!losses.contains { ["/records", "/trackers.archived", "/trackers.description", "/trackers.order"].contains($0.location.pointer) })
    try encode(HabitBuilderCodec(), loop, toPath: path, options: options)

    // The written backup, read here as the app's importer reads it: habits by id, actions' instants.
    let members = Dictionary(uniqueKeysWithValues: try HabitBuilderFixtures.unzip(path))
    let habitLines = try #require(members["habits.csv"]).split(separator: "\n").dropFirst()
    let names = Dictionary(uniqueKeysWithValues: habitLines.map { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      return (String(cells[0]), String(cells[1]))
    })
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    var written: [String: Set<String>] = [:]
    for line in try #require(members["actions.csv"]).split(separator: "\n").dropFirst() {
      let cells = line.split(separator: ",")
      let instant = Date(timeIntervalSince1970: Double(try #require(Int64(cells[2]))) / 1000)
      let parts = calendar.dateComponents([.year, .month, .day], from: instant)
      written[String(cells[1]), default: []].insert(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))
    }
    let writtenLines = names.keys.sorted { Int($0)! < Int($1)! }.map { id in
      try! #require(names[id]) + ": " + (written[id] ?? []).sorted().joined(separator: " ")
    }
    #expect(writtenLines == expected)
    #expect(written.values.map(\.count).reduce(0, +) == 164)

    let (back, _) = try decode(HabitBuilderCodec(), path: path, options: options)
    #expect(HabitBuilderFixtures.days(back) == expected)
    #expect(back.records.count == 164)
    #expect(back.trackers.map(\.archived) == loop.trackers.map(\.archived))
    #expect(back.trackers.map(\.description) == loop.trackers.map(\.description))
  }
}
