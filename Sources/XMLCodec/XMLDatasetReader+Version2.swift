import TrackerCodec
import TrackerModel

/// The elements and attributes of format version 2: a tracker's goal, frequency and
/// reminders, and `<entries>`. Records' `amount` and `note` are read with the record.
extension XMLDatasetReader {
  /// What a `<tracker>` holds: `<goal>`, `<frequency>`, `<reminder>`s, then `<extras>`; unknown
  /// children (and unknown attributes of the known ones) kept in its extras.
  func trackerChildren(_ unknown: inout XMLUnknowns, pointer: String, at: XMLPosition) throws
    -> (goal: TrackerGoal?, frequency: TrackerFrequency?, reminders: [TrackerReminder], extras: Extras) {
    var goal: TrackerGoal?, frequency: TrackerFrequency?, reminders: [TrackerReminder] = []
    var extras: Extras?
    if !cursor.isEmptyElement {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: pointer) }
        if name == names.goal {
          goal = try readGoal(&unknown, pointer: pointer + "/goal")
        } else if name == names.frequency {
          frequency = try readFrequency(&unknown, pointer: pointer + "/frequency")
        } else if name == names.reminder {
          reminders.append(try readReminder(&unknown, pointer: pointer + "/reminders/\(reminders.count)"))
        } else if name == names.extras {
          extras = try readExtras(pointer: pointer + "/extras")
        } else {
          try unknownElement(&unknown, pointer: pointer)
        }
      }
    }
    let merged = try unknown.merged(into: extras ?? [:], at: at, pointer: pointer + "/extras", fileName: fileName)
    return (goal, frequency, reminders, merged)
  }

  /// `<goal target="5.5" direction="atLeast" unit="km"/>`; `direction` defaults to `atLeast`,
  /// `period` (version 3: `week`, `month`, `10d`) to a day.
  func readGoal(_ unknown: inout XMLUnknowns, pointer: String) throws -> TrackerGoal {
    _ = position()
    var target: Double?, direction = TrackerGoal.Direction.atLeast, unit: String?, period = TrackerGoal.Period.day
    try attributes(&unknown, pointer: pointer) { name, value in
      if name == names.target { target = try number(value, pointer: pointer + "/target") }
      else if name == names.direction {
        guard let parsed = TrackerGoal.Direction(rawValue: String(decoding: value, as: UTF8.self)) else {
          throw fail("direction must be atLeast or atMost", pointer: pointer + "/direction")
        }
        direction = parsed
      }
      else if name == names.unit { unit = try text(value) }
      else if name == names.period {
        guard let parsed = TrackerGoal.Period(text: String(decoding: value, as: UTF8.self)) else {
          throw fail("period must be day, week, month or a number of days such as 10d", pointer: pointer + "/period")
        }
        period = parsed
      }
      else { return false }
      return true
    }
    let goal = TrackerGoal(target: try required(target, "target", of: "goal", pointer), direction: direction, unit: unit,
                           period: period)
    try skipContent(&unknown, pointer: pointer)
    return goal
  }

  /// `<frequency times="3" days="7"/>`: both required.
  func readFrequency(_ unknown: inout XMLUnknowns, pointer: String) throws -> TrackerFrequency {
    _ = position()
    var times: Int?, days: Int?
    try attributes(&unknown, pointer: pointer) { name, value in
      if name == names.times { times = try integer(value, "times", pointer: pointer + "/times") }
      else if name == names.days { days = try integer(value, "days", pointer: pointer + "/days") }
      else { return false }
      return true
    }
    let frequency = TrackerFrequency(times: try required(times, "times", of: "frequency", pointer),
                                     days: try required(days, "days", of: "frequency", pointer))
    try skipContent(&unknown, pointer: pointer)
    return frequency
  }

  /// `<reminder time="07:30" days="mon wed"/>`: the time as written (the validator checks it),
  /// `days` absent for every planned day.
  func readReminder(_ unknown: inout XMLUnknowns, pointer: String) throws -> TrackerReminder {
    _ = position()
    var time: String?, days: [Weekday]?
    try attributes(&unknown, pointer: pointer) { name, value in
      if name == names.time { time = try text(value) }
      else if name == names.days { days = try weekdays(value, pointer: pointer + "/days") }
      else { return false }
      return true
    }
    let reminder = TrackerReminder(time: try required(time, "time", of: "reminder", pointer), days: days)
    try skipContent(&unknown, pointer: pointer)
    return reminder
  }

  /// `<entry trackerId="…" date="…" skipped="true" amount="2.5" note="…"/>`: a day marked but
  /// not done.
  func readEntry(index: Int) throws -> TrackerEntry {
    func pointer() -> String { "/entries/\(index)" }
    let at = position()
    locator.entries.append(at)
    var trackerId: String?, date: LocalDate?, skipped = false, amount: Double?, note: String?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer()) { name, value in
      if name == names.trackerId {
        trackerId = value.starts(with: XMLText.base64Prefix) ? try text(value) : interner.intern(value)
      }
      else if name == names.date { date = try day(value, pointer: pointer() + "/date") }
      else if name == names.skipped { skipped = try boolean(value, pointer: pointer() + "/skipped") }
      else if name == names.amount { amount = try number(value, pointer: pointer() + "/amount") }
      else if name == names.note { note = try text(value) }
      else { return false }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer(), at: at)
    return TrackerEntry(trackerId: try required(trackerId, "trackerId", of: "entry", pointer()),
                        date: try required(date, "date", of: "entry", pointer()), skipped: skipped,
                        amount: amount, note: note, extras: extras)
  }

  /// An amount or a target: a finite JSON number (``XMLNumber``).
  func number(_ value: UnsafeRawBufferPointer, pointer: @autoclosure () -> String) throws -> Double {
    guard let number = XMLNumber.parse(value) else {
      throw fail("\"\(String(decoding: value, as: UTF8.self))\" is not a number", pointer: pointer())
    }
    guard number.isFinite else {
      throw fail("\(String(decoding: value, as: UTF8.self)) is too large for a number", pointer: pointer())
    }
    return number
  }
}
