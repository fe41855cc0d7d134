import Testing
import TrackerTestSupport
import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Another calendar's `DESCRIPTION` and `VALARM`s become a tracker's description and reminders
/// where an alarm rings at a time of day on the event's day; every other alarm is reported.
@Suite struct ICalendarForeignAlarmTests {
  /// As Google Calendar (an all-day habit), Apple Calendar (a timed one, with its `ACTION:NONE`
  /// placeholder) and a hand-written file (a dated event) write them.
  static let calendar = """
  BEGIN:VCALENDAR
  PRODID:-//Google Inc//Google Calendar 70.9054//EN
  VERSION:2.0
  BEGIN:VEVENT
  DTSTART;VALUE=DATE:20260105
  DTEND;VALUE=DATE:20260106
  RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
  UID:stretch@google.com
  DESCRIPTION:Ten minutes\\, every morning.\\nMat in the hall.
  SUMMARY:🧘 Stretch
  BEGIN:VALARM
  ACTION:DISPLAY
  DESCRIPTION:This is an event reminder
  TRIGGER:PT9H
  END:VALARM
  BEGIN:VALARM
  ACTION:AUDIO
  TRIGGER:PT9H
  END:VALARM
  BEGIN:VALARM
  ACTION:DISPLAY
  DESCRIPTION:This is an event reminder
  TRIGGER:-PT15H
  END:VALARM
  BEGIN:VALARM
  ACTION:EMAIL
  SUMMARY:Alarm notification
  DESCRIPTION:This is an event reminder
  TRIGGER:PT8H
  END:VALARM
  END:VEVENT
  BEGIN:VEVENT
  UID:run@apple
  DTSTART;TZID=Europe/Moscow:20260105T070000
  DTEND;TZID=Europe/Moscow:20260105T080000
  RRULE:FREQ=DAILY
  SUMMARY:Run
  DESCRIPTION:
  BEGIN:VALARM
  ACTION:DISPLAY
  TRIGGER:-PT15M
  DESCRIPTION:Reminder
  END:VALARM
  BEGIN:VALARM
  ACTION:DISPLAY
  TRIGGER;RELATED=END:PT0S
  REPEAT:2
  DURATION:PT5M
  END:VALARM
  BEGIN:VALARM
  ACTION:NONE
  TRIGGER;VALUE=DATE-TIME:19760401T005545Z
  END:VALARM
  END:VEVENT
  BEGIN:VEVENT
  UID:dentist
  DTSTART;VALUE=DATE:20260120
  SUMMARY:Dentist
  BEGIN:VALARM
  ACTION:DISPLAY
  TRIGGER;VALUE=DATE-TIME:20260120T063000Z
  END:VALARM
  BEGIN:VALARM
  ACTION:DISPLAY
  TRIGGER:PT10H0M30S
  END:VALARM
  BEGIN:VALARM
  ACTION:DISPLAY
  TRIGGER:soon
  END:VALARM
  END:VEVENT
  END:VCALENDAR
  """

  @Test func descriptionsAndAlarmsAtATimeOfDayAreKept() throws {
    let (dataset, context) = try Harness.decode(Self.calendar)
    let trackers = Dictionary(uniqueKeysWithValues: dataset.trackers.map { ($0.id, $0) })
    let stretch = try #require(trackers["stretch@google.com"])
    #expect(stretch.description == "Ten minutes, every morning.\nMat in the hall.")
    #expect(stretch.reminders == [TrackerReminder(time: "09:00")], "DISPLAY and AUDIO at 09:00 are one reminder")
    let run = try #require(trackers["run@apple"])
    #expect(run.description == nil, "an empty DESCRIPTION is none")
    #expect(run.reminders == [TrackerReminder(time: "06:45"), TrackerReminder(time: "08:00")])
    let dentist = try #require(trackers["dentist"])
    #expect(dentist.kind == .event && dentist.reminders == [TrackerReminder(time: "06:30"), TrackerReminder(time: "10:00")])

    let reported = context.diagnostics.map { "\($0.location.line ?? 0) \($0.message)" }
    #expect(context.diagnostics.allSatisfy { $0.code == "lossy-recurrence" })
    #expect(reported == [
      "23 stretch@google.com: alarm TRIGGER:-PT15H rings on another day than the event's (dropped)",
      "29 stretch@google.com: ACTION:EMAIL alarm (dropped)",
      "36 run@apple: time of day 20260105T070000 (kept as the day)",
      "46 run@apple: REPEAT:2 (kept as a reminder at 08:00)",
      "65 dentist: seconds of TRIGGER PT10H0M30S (kept as a reminder at 10:00)",
      "69 dentist: unreadable TRIGGER soon (dropped)",
    ], "\(reported)")
  }

  /// Our own file, edited in a calendar app that kept the `X-TRACKPORT-*` properties: a
  /// description or an alarm added there comes through; `X-TRACKPORT-*` wins where present.
  @Test func anOwnTrackerEditedInACalendarAppKeepsTheEdits() throws {
    let text = """
    BEGIN:VCALENDAR
    BEGIN:VEVENT
    UID:walk
    DTSTART;VALUE=DATE:20260105
    RRULE:FREQ=DAILY
    DESCRIPTION:Added in the calendar
    X-TRACKPORT-ID:walk
    X-TRACKPORT-KIND:habit
    X-TRACKPORT-NAME:Walk
    X-TRACKPORT-SCHEDULE:mon,tue,wed,thu,fri,sat,sun
    BEGIN:VALARM
    ACTION:DISPLAY
    TRIGGER:PT20H
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:swim
    DTSTART;VALUE=DATE:20260105
    RRULE:FREQ=DAILY
    DESCRIPTION:shown
    X-TRACKPORT-ID:swim
    X-TRACKPORT-KIND:habit
    X-TRACKPORT-NAME:Swim
    X-TRACKPORT-DESCRIPTION:exact
    X-TRACKPORT-REMINDERS:[{"time":"7:5"}]
    BEGIN:VALARM
    ACTION:DISPLAY
    TRIGGER:PT20H
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:row
    DTSTART;VALUE=DATE:20260105
    RRULE:FREQ=DAILY
    DESCRIPTION:two  words
    X-TRACKPORT-ID:row
    X-TRACKPORT-KIND:habit
    X-TRACKPORT-NAME:Row
    X-TRACKPORT-DESCRIPTION;X-TRACKPORT-ENCODING=JSON:"two\\\\u0007 words"
    END:VEVENT
    END:VCALENDAR
    """
    let (dataset, context) = try Harness.decode(text)
    // A DESCRIPTION other than the one written is an edit made in the calendar, and wins; the
    // one written (a control character shown as a space) leaves the exact copy in force.
    #expect(dataset.trackers.map(\.description) == ["Added in the calendar", "shown", "two\u{07} words"])
    #expect(dataset.trackers.map(\.reminders) == [[TrackerReminder(time: "20:00")], [TrackerReminder(time: "7:5")], []])
    #expect(context.diagnostics.isEmpty)
  }
}
