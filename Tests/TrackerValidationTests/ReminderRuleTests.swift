import Testing
import TrackerModel
@testable import TrackerValidation

/// Rules about reminders.
@Suite struct ReminderRuleTests {
  typealias F = Finding

  @Test(arguments: [
    ("00:00", true), ("07:30", true), ("23:59", true), ("12:05", true),
    ("7:30", false), ("24:00", false), ("07:60", false), ("07:30:00", false), ("", false),
    ("ab:cd", false), ("07.30", false), ("0730", false), (" 07:30", false), ("٠٧:٣٠", false), ("7pm", false),
  ])
  func reminderTimesAreHHMM(_ time: String, _ valid: Bool) {
    var d = Fixture.rich
    d.trackers[3].reminders[1].time = time
    #expect(Fixture.findings(d) == (valid ? [] : [F("/trackers/3/reminders/1/time", "reminder-time-invalid")]))
  }

  @Test func aWeekdayTwiceInAReminderIsReportedAtTheRepeat() {
    var d = Fixture.rich
    d.trackers[3].reminders[0].days = [.mon, .wed, .mon, .mon]
    d.trackers[3].reminders[1].days = []  // rings on no day: not a repeat
    #expect(Fixture.findings(d) == [
      F("/trackers/3/reminders/0/days/2", "reminder-duplicate-day"),
      F("/trackers/3/reminders/0/days/3", "reminder-duplicate-day"),
    ])
    let notes = Validator(rules: [ReminderDuplicateDayRule.self]).validate(d).map(\.note)
    #expect(notes == ["first listed at /trackers/3/reminders/0/days/0", "first listed at /trackers/3/reminders/0/days/0"])
  }
}
