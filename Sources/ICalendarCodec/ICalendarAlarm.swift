import TrackerModel

/// Reminders as `VALARM`s of a tracker's event, and `VALARM`s of another calendar's events as
/// reminders (docs/ics-format.md).
///
/// A reminder is a time of day on the days the tracker is planned; an all-day event starts at
/// midnight of its day, so a reminder at 07:30 is `TRIGGER:PT7H30M` (after the start).
enum ICalendarAlarm {
  /// What one `VALARM` of another calendar gives.
  enum Reading: Equatable {
    /// A reminder at `minutes` after midnight; `loss` names what it could not keep (seconds,
    /// repetitions).
    case reminder(minutes: Int, loss: String?)
    /// Not an alarm anyone set (`ACTION:NONE`, RFC 9074's placeholder): nothing to report.
    case ignored
    /// No reminder: the phrase says why.
    case dropped(String)
  }

  /// The minutes after midnight of `HH:MM` (00:00 to 23:59, two digits each), or `nil`.
  static func minutes(_ time: String) -> Int? {
    let b = Array(time.utf8)
    func digit(_ i: Int) -> Int? { b[i] >= 0x30 && b[i] <= 0x39 ? Int(b[i] - 0x30) : nil }
    guard b.count == 5, b[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else {
      return nil
    }
    let hours = h1 * 10 + h2, minutes = m1 * 10 + m2
    return hours < 24 && minutes < 60 ? hours * 60 + minutes : nil
  }

  /// `HH:MM` for minutes after midnight.
  static func time(minutes: Int) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return two(minutes / 60) + ":" + two(minutes % 60)
  }

  /// The `VALARM` ringing `minutes` after the start of an all-day event, showing `text`.
  static func component(minutes: Int, text: String) -> ICalendarComponent {
    var alarm = ICalendarComponent("VALARM")
    alarm.add("ACTION", "DISPLAY")
    alarm.add("DESCRIPTION", text.isEmpty ? "Reminder" : text)
    alarm.add("TRIGGER", ICalendarDuration.text(minutes: minutes))
    return alarm
  }

  /// The reminder `alarm` gives on `event`, which starts at `start`: a `DISPLAY` or `AUDIO`
  /// alarm ringing on the event's first day, at a time of day.
  ///
  /// A relative trigger counts from the start (`RELATED=END`: from `DTEND`, or the start plus
  /// `DURATION`, or the day after an all-day start); an absolute one (`VALUE=DATE-TIME`) gives
  /// its wall-clock time as written, like task alarms.
  static func read(_ alarm: ICalendarComponent, on event: ICalendarComponent, start: ICalendarDate) -> Reading {
    let action = alarm.first("ACTION")?.value.trimmingSpaces.uppercased() ?? "DISPLAY"
    if action == "NONE" { return .ignored }
    guard let trigger = alarm.first("TRIGGER") else { return .dropped("VALARM without TRIGGER") }
    guard action == "DISPLAY" || action == "AUDIO" else { return .dropped("ACTION:\(action) alarm") }
    var seconds: Int
    if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
      guard let at = ICalendarDate(trigger.value), at.hasTime else { return .dropped("unreadable TRIGGER \(trigger.value)") }
      seconds = at.hour * 3600 + at.minute * 60 + at.second
    } else {
      guard let offset = ICalendarDuration.seconds(trigger.value.trimmingSpaces) else {
        return .dropped("unreadable TRIGGER \(trigger.value)")
      }
      let base: Int
      if trigger.parameter("RELATED")?.uppercased() == "END" {
        guard let end = end(of: event, start: start) else { return .dropped("TRIGGER;RELATED=END on an event with no readable end") }
        base = end
      } else {
        base = start.hour * 3600 + start.minute * 60 + start.second
      }
      seconds = base + offset
      guard seconds >= 0, seconds < 86_400 else {
        return .dropped("alarm TRIGGER:\(trigger.value) rings on another day than the event's")
      }
    }
    var losses: [String] = []
    if seconds % 60 != 0 { losses.append("seconds of TRIGGER \(trigger.value)") }
    if let repeats = alarm.first("REPEAT"), repeats.value.trimmingSpaces != "0" { losses.append("REPEAT:\(repeats.value)") }
    seconds -= seconds % 60
    return .reminder(minutes: seconds / 60, loss: losses.isEmpty ? nil : losses.joined(separator: ", "))
  }

  /// The event's end in seconds after midnight of its start day, or `nil` when it has none
  /// that can be read.
  static func end(of event: ICalendarComponent, start: ICalendarDate) -> Int? {
    let startSeconds = start.hour * 3600 + start.minute * 60 + start.second
    if let raw = event.first("DTEND") {
      guard let end = ICalendarDate(raw.value) else { return nil }
      return start.date.days(to: end.date) * 86_400 + end.hour * 3600 + end.minute * 60 + end.second
    }
    if let raw = event.first("DURATION") {
      return ICalendarDuration.seconds(raw.value.trimmingSpaces).map { startSeconds + $0 }
    }
    // RFC 5545 §3.6.1: an all-day event without an end lasts the day; a timed one, no time.
    return start.hasTime ? startSeconds : 86_400
  }
}
