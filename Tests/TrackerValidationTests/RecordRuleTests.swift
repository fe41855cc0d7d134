import Testing
import TrackerModel
@testable import TrackerValidation

/// Rules about records.
@Suite struct RecordRuleTests {
  typealias F = Finding

  static func record(_ trackerId: String, _ day: String) -> TrackerRecord {
    TrackerRecord(trackerId: trackerId, date: Fixture.day(day))
  }

  @Test func recordOfUnknownTrackerIsReportedAndSkippedByOtherRules() {
    var d = Fixture.valid
    let ghost = "99999999-9999-4999-8999-999999999999"
    d.records.append(Self.record(ghost, "2026-01-06"))
    d.records.append(Self.record(ghost, "2026-01-06"))
    #expect(Fixture.findings(d) == [
      F("/records/4/trackerId", "record-unknown-tracker"), F("/records/5/trackerId", "record-unknown-tracker"),
    ])
  }

  @Test func sameTrackerAndDayTwiceIsReportedFromTheSecond() {
    var d = Fixture.valid
    d.records.append(Self.record(Fixture.doctor, "2026-02-01"))
    d.records.append(Self.record(Fixture.water, "2026-01-05"))
    d.records.append(Self.record(Fixture.water, "2026-01-05"))
    #expect(Fixture.findings(d) == [
      F("/records/4/date", "record-duplicate"), F("/records/5/date", "record-duplicate"),
      F("/records/6/date", "record-duplicate"),
    ])
    let notes = Validator(rules: [RecordDuplicateRule.self]).validate(d).map(\.note)
    #expect(notes == ["first recorded at /records/2", "first recorded at /records/0", "first recorded at /records/0"])
  }

  @Test func sameDayForDifferentTrackersIsNotADuplicate() {
    var d = Fixture.valid
    d.trackers[2].createdOn = nil
    d.records[3] = Self.record(Fixture.flowers, "2026-01-05")
    #expect(Fixture.findings(d) == [])
  }

  @Test func recordOnUnscheduledWeekday() {
    var d = Fixture.valid
    d.records.append(Self.record(Fixture.water, "2026-01-06"))  // a Tuesday
    d.records.append(Self.record(Fixture.water, "2026-01-11"))  // a Sunday
    d.records.append(Self.record(Fixture.water, "2026-01-09"))  // a Friday: scheduled
    #expect(Fixture.findings(d) == [
      F("/records/4/date", "record-off-schedule"), F("/records/5/date", "record-off-schedule"),
    ])
  }

  @Test func recordBeforeCreatedOn() {
    var d = Fixture.valid
    d.records.append(Self.record(Fixture.water, "2026-01-02"))  // a Friday, before 2026-01-05
    #expect(Fixture.findings(d) == [F("/records/4/date", "record-before-created")])
    d.trackers[0].createdOn = Fixture.day("2026-01-02")
    #expect(Fixture.findings(d) == [])
  }

  @Test func recordAfterTodayOnlyWhenTodayIsKnown() {
    var d = Fixture.valid
    d.records.append(Self.record(Fixture.water, "2099-01-02"))  // a Friday
    #expect(Fixture.findings(d) == [F("/records/4/date", "record-in-future")])
    #expect(Fixture.findings(d, today: nil) == [])
    #expect(Fixture.findings(d, today: Fixture.day("2099-01-02")) == [])
  }

  @Test func datedEventRecordedOnAnotherDay() {
    var d = Fixture.valid
    d.records[2] = Self.record(Fixture.doctor, "2026-02-02")
    #expect(Fixture.findings(d) == [F("/records/2/date", "event-record-off-date")])
  }

  @Test func datedEventWithSeveralRecordDaysIsOnlyOffDate() {
    var d = Fixture.valid
    d.records.append(Self.record(Fixture.doctor, "2026-01-20"))
    #expect(Fixture.findings(d) == [F("/records/4/date", "event-record-off-date")])
  }

  @Test func undatedEventRecordedOnSeveralDaysReportsAllButTheEarliest() {
    var d = Fixture.valid
    d.records.insert(Self.record(Fixture.flowers, "2026-01-12"), at: 0)
    d.records.append(Self.record(Fixture.flowers, "2026-01-08"))
    // Records now: 0 flowers 01-12, 1-2 water, 3 doctor, 4 flowers 01-10, 5 flowers 01-08.
    #expect(Fixture.findings(d) == [
      F("/records/0/date", "event-multiple-records"), F("/records/4/date", "event-multiple-records"),
    ])
  }

  /// A dataset shaped like a large one (many trackers, thousands of records, interleaved),
  /// checked for correctness only: the per-tracker shortcuts must give the same answers.
  @Test func largeInterleavedDatasetFindsExactlyThePlantedProblems() {
    var d = Fixture.valid
    d.records = []
    let start = Fixture.day("2024-01-01")  // a Monday
    var expected: [F] = []
    var trackers: [Tracker] = []
    for t in 0..<50 {
      trackers.append(Tracker(id: "T\(t)", kind: .habit, name: "Привычка \(t)", categoryId: Fixture.home,
                              emoji: "🙂", color: "#FF881E", schedule: Weekday.allCases))
    }
    d.trackers = trackers
    for offset in 0..<400 {
      for t in 0..<50 { d.records.append(TrackerRecord(trackerId: "T\(t)", date: start.adding(days: offset))) }
    }
    // Plant: one duplicate, one record of an unknown tracker, one in the future.
    d.records.append(TrackerRecord(trackerId: "T7", date: start.adding(days: 123)))
    expected.append(F("/records/20000/date", "record-duplicate"))
    d.records.append(TrackerRecord(trackerId: "T404", date: start))
    expected.insert(F("/records/20001/trackerId", "record-unknown-tracker"), at: 0)
    d.records.append(TrackerRecord(trackerId: "T3", date: Fixture.day("2030-01-01")))
    expected.append(F("/records/20002/date", "record-in-future"))
    #expect(Fixture.findings(d) == expected)
  }
}
