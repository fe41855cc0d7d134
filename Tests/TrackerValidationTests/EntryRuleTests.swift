import Testing
import TrackerModel
@testable import TrackerValidation

/// Rules about entries and amounts: what format version 2 adds to days.
@Suite struct EntryRuleTests {
  typealias F = Finding

  static func entry(_ trackerId: String, _ day: String, skipped: Bool = false, amount: Double? = nil,
                    note: String? = nil) -> TrackerEntry {
    TrackerEntry(trackerId: trackerId, date: Fixture.day(day), skipped: skipped, amount: amount, note: note)
  }

  @Test func theRichFixtureIsValid() {
    #expect(Fixture.findings(Fixture.rich) == [])
    #expect(Fixture.findings(Fixture.rich, today: nil) == [])
  }

  @Test func anAmountWithoutAGoalIsAWarningOnRecordsAndEntries() {
    var d = Fixture.rich
    d.records[1].amount = 2             // the watering habit has no goal
    d.entries.append(Self.entry(Fixture.water, "2026-01-09", amount: 0.5))
    d.entries.append(Self.entry("nobody", "2026-01-09", amount: 0.5))  // left to entry-unknown-tracker
    #expect(Fixture.findings(d) == [
      F("/entries/3/trackerId", "entry-unknown-tracker"),
      F("/records/1/amount", "amount-without-goal"), F("/entries/2/amount", "amount-without-goal"),
    ])
    let report = Validator().report(d)
    #expect(report.warningCount == 2)
  }

  @Test func aRecordBelowItsGoalIsNotACompletion() {
    var d = Fixture.rich
    d.records[4].amount = 5.49
    d.records.append(TrackerRecord(trackerId: Fixture.run, date: Fixture.day("2026-01-08"), amount: 5.5))  // meets it
    d.records.append(TrackerRecord(trackerId: Fixture.run, date: Fixture.day("2026-01-09")))  // no amount: done
    #expect(Fixture.findings(d) == [F("/records/4/amount", "amount-below-goal")])
    let found = Validator(rules: [AmountBelowGoalRule.self]).validate(d)
    #expect(found.map(\.message) == ["amount 5.49 does not meet the goal of at least 5.5 km, so the day is not done"])
    #expect(found.first?.severity == .error)
  }

  @Test func anAtMostGoalIsMetFromBelow() {
    var d = Fixture.rich
    d.trackers[3].goal = TrackerGoal(target: 2, direction: .atMost, unit: "cups")
    d.records[4].amount = 3
    d.entries[1].amount = 5      // an entry above an at-most goal is below it: fine
    #expect(Fixture.findings(d) == [F("/records/4/amount", "amount-below-goal")])
    d.records[4].amount = 2
    #expect(Fixture.findings(d) == [])
    d.trackers[3].goal?.target = 0  // at most 0 is a real goal
    d.records[4].amount = 0
    #expect(Fixture.findings(d) == [])
  }

  @Test func anEntryThatMeetsItsGoalIsAWarning() {
    var d = Fixture.rich
    d.entries[1].amount = 5.5
    d.entries[0].amount = 9      // a skipped day's amount is not measured
    #expect(Fixture.findings(d) == [F("/entries/1/amount", "entry-meets-goal")])
  }

  @Test(arguments: [
    (TrackerGoal(target: 0, direction: .atLeast), true),
    (TrackerGoal(target: -1, direction: .atLeast), true),
    (TrackerGoal(target: 0.001, direction: .atLeast), false),
    (TrackerGoal(target: 0, direction: .atMost), false),
    (TrackerGoal(target: -0.5, direction: .atMost), true),
    (TrackerGoal(target: .nan, direction: .atLeast), true),
    (TrackerGoal(target: .infinity, direction: .atMost), true),
    (TrackerGoal(target: 10_000, direction: .atLeast, unit: "steps"), false),
  ])
  func goalsThatEveryOrNoDayMeetsAreInvalid(_ goal: TrackerGoal, _ invalid: Bool) {
    var d = Fixture.rich
    d.trackers[3].goal = goal
    d.records[4].amount = nil   // keep amount rules out of it
    d.entries[1].amount = nil
    d.entries[1].note = "устал"
    #expect(Fixture.findings(d) == (invalid ? [F("/trackers/3/goal/target", "goal-invalid")] : []))
  }

  @Test func anInvalidGoalIsNotMeasuredAgainst() {
    var d = Fixture.rich
    d.trackers[3].goal?.target = .nan
    #expect(Fixture.findings(d) == [F("/trackers/3/goal/target", "goal-invalid")])
  }

  @Test(arguments: [
    (1, 1, nil), (3, 7, nil), (7, 7, nil), (1, 30, nil),
    (0, 7, "/trackers/3/frequency/times"), (-2, 7, "/trackers/3/frequency/times"),
    (8, 7, "/trackers/3/frequency/times"), (3, 0, "/trackers/3/frequency/days"),
    (0, 0, "/trackers/3/frequency/days"), (1, -7, "/trackers/3/frequency/days"),
  ] as [(Int, Int, String?)])
  func frequencies(_ times: Int, _ days: Int, _ pointer: String?) {
    var d = Fixture.rich
    d.trackers[3].frequency = TrackerFrequency(times: times, days: days)
    #expect(Fixture.findings(d) == (pointer.map { [F($0, "frequency-invalid")] } ?? []))
  }

  @Test func aDayBothSkippedAndDoneIsAnError() {
    var d = Fixture.rich
    d.entries.append(Self.entry(Fixture.water, "2026-01-07", skipped: true))  // record 1
    d.entries.append(Self.entry(Fixture.water, "2026-01-09", skipped: true))  // not done: fine
    #expect(Fixture.findings(d) == [F("/entries/2/skipped", "skipped-and-done")])
    let notes = Validator(rules: [SkippedAndDoneRule.self]).validate(d).map(\.note)
    #expect(notes == ["recorded at /records/1"])
  }

  @Test func anAmountOrNoteOnADoneDayIsAnError() {
    var d = Fixture.rich
    d.entries.append(Self.entry(Fixture.run, "2026-01-05", amount: 3))      // record 4
    d.entries.append(Self.entry(Fixture.water, "2026-01-05", note: "рано"))  // record 0
    #expect(Fixture.findings(d) == [
      F("/entries/2/date", "entry-on-done-day"), F("/entries/3/date", "entry-on-done-day"),
    ])
    let notes = Validator(rules: [EntryOnDoneDayRule.self]).validate(d).map(\.note)
    #expect(notes == ["recorded at /records/4; put the amount or note there",
                      "recorded at /records/0; put the amount or note there"])
  }

  @Test func anEntryOfNoTrackerIsReportedAndSkippedByOtherRules() {
    var d = Fixture.rich
    d.entries.append(Self.entry("nobody", "2026-01-05", skipped: true))
    d.entries.append(Self.entry("nobody", "2026-01-05", skipped: true))
    #expect(Fixture.findings(d) == [
      F("/entries/2/trackerId", "entry-unknown-tracker"), F("/entries/3/trackerId", "entry-unknown-tracker"),
    ])
  }

  @Test func twoEntriesOfOneTrackerOnOneDayAreReportedFromTheSecond() {
    var d = Fixture.rich
    d.entries.append(Self.entry(Fixture.run, "2026-01-07", note: "ещё"))
    d.entries.append(Self.entry(Fixture.water, "2026-01-07", note: "другой трекер"))  // also a done day
    d.entries.append(Self.entry(Fixture.run, "2026-01-06", skipped: true))
    #expect(Fixture.findings(d, select: ["entry-duplicate"]) == [
      F("/entries/2/date", "entry-duplicate"), F("/entries/4/date", "entry-duplicate"),
    ])
    let notes = Validator(rules: [EntryDuplicateRule.self]).validate(d).map(\.note)
    #expect(notes == ["first entry at /entries/1", "first entry at /entries/0"])
  }

  @Test func anEntryThatSaysNothingIsAWarning() {
    var d = Fixture.rich
    d.entries.append(Self.entry(Fixture.run, "2026-01-08"))
    d.entries.append(Self.entry(Fixture.run, "2026-01-09", note: ""))  // an empty note is still a note
    #expect(Fixture.findings(d) == [F("/entries/2", "entry-empty")])
  }

  @Test func theIndexKeepsAmountsAndEntriesApartFromRecords() {
    let plain = DatasetIndex(Fixture.valid)
    #expect(plain.measuredRecords.isEmpty && plain.entryTracker.isEmpty)
    #expect(plain.entryDays.count == 3 && plain.skippedDays.allSatisfy(\.isEmpty))
    let index = DatasetIndex(Fixture.rich)
    #expect(index.measuredRecords == [4])
    #expect(index.entryTracker == [3, 3])
    #expect(index.entryCounts == [0, 0, 0, 2])
    #expect(Array(index.skippedDays[3]) == [Fixture.day("2026-01-06")])
    #expect(index.lastMarked[3] == Fixture.day("2026-01-07"))
    #expect(index.lastMarked[0] == Fixture.day("2026-01-07"))
    #expect(index.isSkipped(3, on: Fixture.day("2026-01-06")))
    #expect(!index.isPlanned(Fixture.rich.trackers[3], at: 3, on: Fixture.day("2026-01-06")))
    #expect(index.isPlanned(Fixture.rich.trackers[3], at: 3, on: Fixture.day("2026-01-07")))
  }
}
