import Foundation
import Testing
import HabitKitCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import TrackerValidation

/// Reading HabitKit exports: each hand-made fixture tests one fact of the format or one place
/// where its descriptions disagree (`Fixtures/README.md`).
@Suite struct HabitKitReadTests {
  static let h1 = "1b2f6a0c-4d3e-4f51-9a62-7c8d9e0f1a21"
  static let h2 = "2c3a7b1d-5e4f-4a62-8b73-8d9e0f1a2b32"
  static let h3 = "3d4b8c2e-6f5a-4b73-9c84-9e0f1a2b3c43"

  /// The civil day is the instant plus that completion's own offset: 23:30 on 5 March in UTC−5
  /// (04:30Z on the 6th) is the 5th, 00:30 on 6 March in UTC+14 (10:30Z on the 5th) is the 6th.
  @Test func daysAreTheInstantPlusEachCompletionsOffset() throws {
    let (dataset, _) = try HabitKit.read("time-zones.json")
    #expect(HabitKit.days(dataset, of: Self.h1).records == ["2026-03-05", "2026-03-06"])
    // createdAt 14:00Z in the first completion's zone (UTC−5) is 1 March.
    #expect(dataset.trackers[0].createdOn == HabitKit.day("2026-03-01"))
  }

  /// Each day is judged by the interval in force on it: 1 a day until 10 March, then 3.
  @Test func aGoalThatChangedJudgesEachDayByTheIntervalInForce() throws {
    let (dataset, _) = try HabitKit.read("interval-change.json")
    let tracker = dataset.trackers[0]
    #expect(tracker.goal == TrackerGoal(target: 3))
    let records = dataset.records.map { "\($0.date) \($0.amount.map { "\($0)" } ?? "-")" }
    let entries = dataset.entries.map { "\($0.date) \($0.amount.map { "\($0)" } ?? "-")" }
    // 8 and 9 March met the old 1 a day (9 March with 2: kept for HabitKit, below today's 3);
    // 11 March's 1 is below the new 3; 12 March's 3 meets it.
    #expect(records == ["2026-03-08 -", "2026-03-09 -", "2026-03-12 3.0"])
    #expect(entries == ["2026-03-11 1.0"])
    #expect(dataset.records[1].extras["habitkit"]?["amountOfCompletions"] == .number("2"))
    #expect(Validator(options: ValidationOptions(today: HabitKit.day("2026-04-01"))).validate(dataset).filter { $0.severity == .error }.isEmpty)
  }

  /// An inverse habit's completions are slips: a day with slips is not done, a 0 row is a clean
  /// day the person marked, and the goal says "none at all".
  @Test func anInverseHabitsCompletionsAreSlips() throws {
    let (dataset, _) = try HabitKit.read("inverse.json")
    let tracker = dataset.trackers[0]
    #expect(tracker.goal == TrackerGoal(target: 0, direction: .atMost))
    #expect(dataset.entries.map { "\($0.date) \($0.amount ?? -1) \($0.note ?? "")" } == ["2026-03-04 1.0 cake at work", "2026-03-06 2.0 "])
    #expect(dataset.records.map(\.date.description) == ["2026-03-07"])
    #expect(tracker.extras["habitkit"]?["inverseStartDate"] == .string("2026-03-01"))
  }

  /// Against a goal of 3 a day: 1 and 2 are days below it (entries), 3 meets it, and two rows
  /// on one day (2 + 2, morning and evening) add up to 4.
  @Test func amountsAreJudgedAgainstAGoalOfThreeADay() throws {
    let (dataset, _) = try HabitKit.read("goal-3-per-day.json")
    #expect(dataset.trackers[0].goal == TrackerGoal(target: 3))
    #expect(dataset.entries.map { "\($0.date) \($0.amount ?? -1)" } == ["2026-03-02 1.0", "2026-03-03 2.0"])
    #expect(dataset.records.map { "\($0.date) \($0.amount ?? -1) \($0.note ?? "")" } == ["2026-03-04 3.0 all three", "2026-03-05 4.0 "])
    // The two rows of 5 March are kept as they were, for HabitKit.
    guard case .array(let rows)? = dataset.records[1].extras["habitkit"]?["completions"] else {
      Issue.record("the rows of 5 March are not kept"); return
    }
    #expect(rows.count == 2)
  }

  /// Disagreement: a completion of amount 0 on a plain habit is no completion (one reader drops
  /// it, another counts it done); it is kept as a day not done, so it is written back.
  @Test func aZeroAmountIsADayNotDone() throws {
    let (dataset, _) = try HabitKit.read("zero-amount.json")
    #expect(HabitKit.days(dataset, of: Self.h1).records == ["2026-03-03"])
    #expect(HabitKit.days(dataset, of: Self.h1).entries == ["2026-03-02"])
    #expect(dataset.entries[0].amount == nil)
  }

  /// Disagreement: `iconName` for `icon`, colours by Material name and by hex; an emoji is taken.
  @Test func everySpellingOfIconsAndColoursIsRead() throws {
    let (dataset, diagnostics) = try HabitKit.read("icon-name-and-colours.json")
    let walk = dataset.trackers[0], journal = dataset.trackers[1]
    #expect(walk.emoji == "🚶" && !walk.invented.contains(.emoji))
    #expect(walk.extras["habitkit"]?["iconName"] == .string("footprints"))
    #expect(walk.color == PaletteColor.nearest(toHex: "#FF5722")?.rawValue)
    #expect(journal.color == PaletteColor.nearest(toHex: "#3F51B5")?.rawValue)
    #expect(journal.invented.contains(.emoji))
    #expect(!diagnostics.contains { $0.code == "habitkit-unexpected" }, "\(diagnostics)")
  }

  /// Disagreement: `weekdayIndices` with a 0 and no 7 count Monday 0 … Sunday 6, and the file
  /// is told which base was taken.
  @Test func weekdaysCountedFromZeroAreReadSoAndNamed() throws {
    let (dataset, diagnostics) = try HabitKit.read("weekdays-from-zero.json")
    #expect(dataset.trackers[0].reminders == [TrackerReminder(time: "07:05", days: [.mon, .wed, .fri])])
    #expect(diagnostics.contains { $0.code == "habitkit-weekday-base" && $0.message.contains("Monday 0") })
  }

  /// Week goals: a yes/no habit 3 times a week is a frequency, a counted one (50 a day, 100 a
  /// week) a goal over the week; categories through `categoryMappings`; reminders from 1.
  @Test func weeklyIntervalsCategoriesAndReminders() throws {
    let (dataset, diagnostics) = try HabitKit.read("weekly-and-categories.json")
    let gym = dataset.trackers[0], pages = dataset.trackers[1]
    #expect(gym.frequency == TrackerFrequency(times: 3, days: 7) && gym.goal == nil)
    #expect(pages.goal == TrackerGoal(target: 100, period: .week) && pages.archived)
    #expect(gym.description == "Strength days")
    #expect(dataset.categories.first { $0.id == gym.categoryId }?.title == "Fitness")
    #expect(dataset.categories.first { $0.id == pages.categoryId }?.title == "HabitKit" && pages.invented.contains(.category))
    #expect(gym.reminders == [TrackerReminder(time: "18:30", days: [.mon, .wed, .sun])])
    #expect(diagnostics.contains { $0.code == "habitkit-weekday-base" && $0.message.contains("Monday 1") })
    #expect(HabitKit.days(dataset, of: pages.id).records == ["2026-03-03", "2026-03-04"])
  }

  /// What no description shows is kept and named once per kind, with its place.
  @Test func valuesNoDescriptionShowsAreNamedAndKept() throws {
    let (dataset, diagnostics) = try HabitKit.read("unexpected-values.json")
    let unexpected = diagnostics.filter { $0.code == "habitkit-unexpected" }
    #expect(unexpected.contains { $0.message.contains("\"exportedBy\"") && $0.location.line != nil })
    #expect(unexpected.contains { $0.message.contains("\"streakGoal\"") && $0.location.pointer == "/habits/0/streakGoal" })
    #expect(unexpected.contains { $0.message.contains("\"fortnight\"") })
    #expect(dataset.trackers[0].extras["habitkit"]?["streakGoal"] == .number("30"))
    let written = try HabitKit.foundationJSON(try HabitKit.encode(dataset))
    #expect(written["exportedBy"] as? String == "HabitKit 9")
    #expect(((written["habits"] as? [NSDictionary])?.first?["streakGoal"] as? Int) == 30)
  }

  /// Bad input is refused with its place.
  @Test(arguments: [
    (#"{"formatVersion":2,"habits":[{"id":"x","name":"A"}],"completions":[{"id":"c","habitId":"x","date":"yesterday","timezoneOffsetInMinutes":0,"amountOfCompletions":1}]}"#,
     "/completions/0/date"),
    (#"{"formatVersion":2,"habits":[{"id":"x","name":"A"}],"completions":[{"id":"c","habitId":"y","date":"2026-03-01T00:00:00.000Z","timezoneOffsetInMinutes":0,"amountOfCompletions":1}]}"#,
     "/completions/0/habitId"),
    (#"{"formatVersion":2,"habits":[{"id":"x","name":"A"}],"completions":[{"id":"c","habitId":"x","date":"2026-03-01T00:00:00.000Z","timezoneOffsetInMinutes":9000,"amountOfCompletions":1}]}"#,
     "/completions/0/timezoneOffsetInMinutes"),
    (#"{"formatVersion":2,"habits":[{"id":"x","name":"A","archived":"no"}]}"#, "/habits/0/archived"),
    (#"{"formatVersion":2,"habits":[{"id":"x","name":"A"},{"id":"x","name":"B"}]}"#, "/habits/1"),
  ])
  func badValuesAreLocated(_ text: String, _ pointer: String) throws {
    let error = try #require(decodeError(HabitKitCodec(), bytes: Array(text.utf8), name: "bad.json"))
    #expect(error.kind == .malformedInput)
    #expect(error.location.pointer == pointer, "\(error)")
    #expect(error.location.line == 1 && error.location.column != nil, "\(error)")
  }

  /// Detection by content: HabitKit's own keys, not another app's `"habits"` file.
  @Test func detectionIsByContent() throws {
    let head = Array(try Data(contentsOf: URL(fileURLWithPath: HabitKit.fixture("time-zones.json"))))
    #expect(HabitKitCodec().sniff(head))
    #expect(!HabitKitCodec().sniff(Array(#"{"habits":[{"name":"Run","freq_custom":"[1,1]"}]}"#.utf8)))
  }
}
