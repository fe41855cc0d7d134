import Foundation
import Testing
import HabitKitCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Writing: a HabitKit file read and written again keeps its values; another app's data comes
/// back from HabitKit as far as the losses say; Loop → HabitKit → back keeps every completion.
@Suite struct HabitKitWriteTests {
  static let fixtureNames = ["time-zones.json", "interval-change.json", "inverse.json", "goal-3-per-day.json",
                             "zero-amount.json", "icon-name-and-colours.json", "weekdays-from-zero.json",
                             "weekly-and-categories.json", "unexpected-values.json"]

  /// Every fixture read and written again has the same values, key for key, compared by
  /// Foundation's JSON parser; and nothing is reported lost.
  @Test(arguments: fixtureNames)
  func aFileReadAndWrittenAgainHasTheSameValues(_ name: String) throws {
    let (dataset, _) = try HabitKit.read(name)
    #expect(HabitKit.losses(dataset).isEmpty, "\(HabitKit.losses(dataset))")
    let written = try HabitKit.foundationJSON(try HabitKit.encode(dataset))
    let original = try HabitKit.foundationJSON(Array(try Data(contentsOf: URL(fileURLWithPath: HabitKit.fixture(name))))).mutableCopy() as! NSMutableDictionary
    // The writer always writes every list, empty or not.
    for key in ["completions", "intervals", "reminders", "categories", "categoryMappings"] where original[key] == nil { original[key] = [Any]() }
    #expect(written == original as NSDictionary, "\(name)")
  }

  /// Writing is deterministic.
  @Test func writingIsDeterministic() throws {
    let (dataset, _) = try HabitKit.read("weekly-and-categories.json")
    #expect(try HabitKit.encode(dataset) == HabitKit.encode(dataset))
  }

  /// A dataset from elsewhere (ids not UUIDs, no intervals kept): goals, frequencies, an at-most
  /// habit, reminders and notes come back; what does not is reported.
  @Test func anotherAppsDataComesBackAsTheLossesSay() throws {
    let categories = [TrackerCategory(id: "c1", title: "Health")]
    var trackers = [
      Tracker(id: "run", kind: .habit, name: "Run", categoryId: "c1", emoji: "🏃", color: PaletteColor.red.rawValue,
              schedule: Weekday.allCases, createdOn: HabitKit.day("2026-01-05"), goal: TrackerGoal(target: 3),
              reminders: [TrackerReminder(time: "07:30", days: [.mon, .thu])]),
      Tracker(id: "gym", kind: .habit, name: "Gym", categoryId: "c1", emoji: "🏋️", color: PaletteColor.blue.rawValue,
              schedule: Weekday.allCases, createdOn: HabitKit.day("2026-01-05"), frequency: TrackerFrequency(times: 2, days: 7)),
      Tracker(id: "smoke", kind: .habit, name: "Cigarettes", categoryId: "c1", emoji: "🚭", color: PaletteColor.green.rawValue,
              schedule: [.mon, .tue], createdOn: HabitKit.day("2026-01-05"), goal: TrackerGoal(target: 0, direction: .atMost)),
    ]
    trackers[0].description = "Outdoors"
    let d = HabitKit.day("2026-01-06")
    let dataset = TrackerDataset(
      categories: categories, trackers: trackers,
      records: [TrackerRecord(trackerId: "run", date: d, amount: 3, note: "park"), TrackerRecord(trackerId: "gym", date: d),
                TrackerRecord(trackerId: "smoke", date: d)],
      entries: [TrackerEntry(trackerId: "run", date: d.adding(days: 1), amount: 2),
                TrackerEntry(trackerId: "smoke", date: d.adding(days: 1), amount: 4, note: "party")])
    let losses = HabitKit.losses(dataset)
    #expect(Set(losses.compactMap(\.location.pointer)) == ["/categories.id", "/trackers.id", "/trackers.schedule"], "\(losses)")
    let (back, _) = try HabitKit.decode(try HabitKit.encode(dataset))
    for (a, b) in zip(dataset.trackers, back.trackers) {
      #expect(a.goal == b.goal && a.frequency == b.frequency && a.reminders == b.reminders && a.createdOn == b.createdOn
              && a.emoji == b.emoji && a.color == b.color && a.description == b.description, "\(a.name)")
    }
    #expect(back.records.map { "\($0.date) \($0.amount ?? -1) \($0.note ?? "")" } == ["2026-01-06 3.0 park", "2026-01-06 -1.0 ", "2026-01-06 -1.0 "])
    #expect(back.entries.map { "\($0.date) \($0.amount ?? -1) \($0.note ?? "")" } == ["2026-01-07 2.0 ", "2026-01-07 4.0 party"])
  }

  /// Loop → HabitKit → back: every completed day of Loop's own example backup, counted by
  /// `sqlite3` on the backup, is a completion in the written file (read by Foundation, apart
  /// from the codec) and comes back.
  @Test(.enabled(if: SharedFixtures.available(SharedFixtures.path("loop_uhabits/loop.db")), "the shared fixtures are not there"))
  func everyLoopCompletionReachesHabitKitAndComesBack() throws {
    let loopDB = SharedFixtures.path("loop_uhabits/loop.db")
    var reading = CodecContext(fileName: loopDB)
    let loop = try LoopCodec().decode(CodecInput(path: loopDB), context: &reading)
    let expected = try SQLite3.lines(loopDB, """
      SELECT count(*) FROM (SELECT DISTINCT habit, date(timestamp / 1000, 'unixepoch') FROM Repetitions)
      """, readOnly: true)
    let bytes = try HabitKit.encode(loop)
    let written = try HabitKit.foundationJSON(bytes)
    let completions = try #require(written["completions"] as? [NSDictionary])
    let done = Set(completions.filter { ($0["amountOfCompletions"] as? Int ?? 0) > 0 }.map { "\($0["habitId"]!) \($0["date"]!)" })
    #expect([String(done.count)] == expected)
    let (back, _) = try HabitKit.decode(bytes)
    #expect([String(back.records.count)] == expected)
    #expect(Set(back.records.map { "\($0.trackerId) \($0.date)" }).count == loop.records.count)
    #expect(back.trackers.map(\.name) == loop.trackers.filter { $0.kind == .habit }.map(\.name))
  }
}
