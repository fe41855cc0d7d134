import TrackerCodec
import TrackerModel

/// The JSON values of the `X-TRACKPORT-*` properties that carry format version 2 (goal,
/// frequency, reminders, a record's amount and note, entries), both ways, in the shapes and
/// key order of canonical JSON (docs/ics-format.md).
enum ICalendarJSONFields {
  /// Why a value of our own properties cannot be read; the reader adds the property's line.
  struct Failure: Error {
    var message: String
  }

  // MARK: - Writing

  /// `{"target":5.5,"direction":"atLeast","unit":"km"}`, `unit` only when present.
  static func goal(_ goal: TrackerGoal) throws -> JSONValue {
    var members = [JSONMember("target", try number(goal.target)), JSONMember("direction", .string(goal.direction.rawValue))]
    if let unit = goal.unit { members.append(JSONMember("unit", .string(unit))) }
    if !goal.period.isDay { members.append(JSONMember("period", .string(goal.period.text))) }
    return .object(members)
  }

  /// `{"times":3,"days":7}`.
  static func frequency(_ frequency: TrackerFrequency) -> JSONValue {
    .object([JSONMember("times", .number(String(frequency.times))), JSONMember("days", .number(String(frequency.days)))])
  }

  /// `[{"time":"07:30","days":["mon","wed"]},{"time":"19:00"}]`: `days` only when not `nil`.
  static func reminders(_ reminders: [TrackerReminder]) -> JSONValue {
    .array(reminders.map { reminder in
      var members = [JSONMember("time", .string(reminder.time))]
      if let days = reminder.days { members.append(JSONMember("days", .array(days.map { .string($0.rawValue) }))) }
      return .object(members)
    })
  }

  /// A record as `{"trackerId"?,"date","amount"?,"note"?,"extras"?}`: with `trackerId` in
  /// the calendar's record list, without it in a tracker's own list.
  static func record(_ record: TrackerRecord, withTracker: Bool) throws -> JSONValue {
    var members: [JSONMember] = []
    if withTracker { members.append(JSONMember("trackerId", .string(record.trackerId))) }
    members.append(JSONMember("date", .string(record.date.description)))
    if let amount = record.amount { members.append(JSONMember("amount", try number(amount))) }
    if let note = record.note { members.append(JSONMember("note", .string(note))) }
    if !record.extras.isEmpty { members.append(JSONMember("extras", ICalendarDatasetWriter.object(record.extras))) }
    return .object(members)
  }

  /// An entry as `{"trackerId"?,"date","skipped"?,"amount"?,"note"?,"extras"?}`, `skipped`
  /// only when true.
  static func entry(_ entry: TrackerEntry, withTracker: Bool) throws -> JSONValue {
    var members: [JSONMember] = []
    if withTracker { members.append(JSONMember("trackerId", .string(entry.trackerId))) }
    members.append(JSONMember("date", .string(entry.date.description)))
    if entry.skipped { members.append(JSONMember("skipped", .bool(true))) }
    if let amount = entry.amount { members.append(JSONMember("amount", try number(amount))) }
    if let note = entry.note { members.append(JSONMember("note", .string(note))) }
    if !entry.extras.isEmpty { members.append(JSONMember("extras", ICalendarDatasetWriter.object(entry.extras))) }
    return .object(members)
  }

  /// An amount or target as canonical JSON writes it: a whole number without a fraction
  /// (`6`), otherwise Swift's shortest form that reads back to the same `Double` (`6.25`).
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an infinity or NaN, which JSON has no
  ///   number for.
  static func number(_ value: Double) throws -> JSONValue { .number(try numberText(value)) }

  /// The text of ``number(_:)``.
  static func numberText(_ value: Double) throws -> String {
    guard value.isFinite else { throw CodecError(.unsupportedOperation, "the amount or target \(value) is not a finite number") }
    return value.amountText
  }

  // MARK: - Reading (each the inverse of its writer above; a wrong shape is a ``Failure``)

  /// A goal: `target` a number, `direction` `atLeast` or `atMost`, `unit` a string or absent,
  /// `period` (version 3) `week`, `month`, `<n>d` or absent for a day.
  static func goal(_ value: JSONValue) throws(Failure) -> TrackerGoal {
    guard let target = double(value["target"]) else { throw Failure(message: "a goal needs a numeric target") }
    guard let name = value["direction"]?.stringValue, let direction = TrackerGoal.Direction(rawValue: name) else {
      throw Failure(message: "a goal's direction is atLeast or atMost")
    }
    let unit = value["unit"]
    guard unit == nil || unit?.stringValue != nil else { throw Failure(message: "a goal's unit is a string") }
    var period = TrackerGoal.Period.day
    if let text = value["period"] {
      guard let parsed = text.stringValue.flatMap(TrackerGoal.Period.init(text:)) else {
        throw Failure(message: "a goal's period is day, week, month or a number of days such as 10d")
      }
      period = parsed
    }
    return TrackerGoal(target: target, direction: direction, unit: unit?.stringValue, period: period)
  }

  /// A frequency: `times` and `days` whole numbers.
  static func frequency(_ value: JSONValue) throws(Failure) -> TrackerFrequency {
    guard case .number(let times)? = value["times"], case .number(let days)? = value["days"],
          let t = Int(times), let d = Int(days) else {
      throw Failure(message: "a frequency needs whole numbers times and days")
    }
    return TrackerFrequency(times: t, days: d)
  }

  /// Reminders: each a `time` string and `days` absent or an array of weekday ids.
  static func reminders(_ value: JSONValue) throws(Failure) -> [TrackerReminder] {
    guard case .array(let items) = value else { throw Failure(message: "expected a JSON array of reminders") }
    var reminders: [TrackerReminder] = []
    for item in items {
      guard let time = item["time"]?.stringValue else { throw Failure(message: "a reminder needs a time") }
      var days: [Weekday]?
      if let list = item["days"] {
        guard case .array(let names) = list else { throw Failure(message: "a reminder's days are a JSON array") }
        days = []
        for name in names {
          guard let day = name.stringValue.flatMap(Weekday.init(rawValue:)) else { throw Failure(message: "unknown weekday \(name)") }
          days?.append(day)
        }
      }
      reminders.append(TrackerReminder(time: time, days: days))
    }
    return reminders
  }

  /// A record of a list (`trackerId` from the item, or `tracker` for a tracker's own list).
  static func record(_ value: JSONValue, tracker: String?) throws(Failure) -> TrackerRecord {
    guard let id = tracker ?? value["trackerId"]?.stringValue, let day = value["date"]?.stringValue.flatMap({ LocalDate($0) }) else {
      throw Failure(message: tracker == nil ? "a record needs trackerId and date" : "a record needs a date")
    }
    return TrackerRecord(trackerId: id, date: day, amount: try amount(value), note: try note(value),
                         extras: extras(value["extras"]))
  }

  /// An entry of a list (`trackerId` from the item, or `tracker` for a tracker's own list).
  static func entry(_ value: JSONValue, tracker: String?) throws(Failure) -> TrackerEntry {
    guard let id = tracker ?? value["trackerId"]?.stringValue, let day = value["date"]?.stringValue.flatMap({ LocalDate($0) }) else {
      throw Failure(message: tracker == nil ? "an entry needs trackerId and date" : "an entry needs a date")
    }
    var skipped = false
    if let flag = value["skipped"] {
      guard case .bool(let set) = flag else { throw Failure(message: "an entry's skipped is true or false") }
      skipped = set
    }
    return TrackerEntry(trackerId: id, date: day, skipped: skipped, amount: try amount(value), note: try note(value),
                        extras: extras(value["extras"]))
  }

  /// The `amount` member of a record or entry: a number, or absent.
  static func amount(_ value: JSONValue) throws(Failure) -> Double? {
    guard let raw = value["amount"] else { return nil }
    guard let amount = double(raw) else { throw Failure(message: "an amount is a JSON number") }
    return amount
  }

  /// The `note` member of a record or entry: a string, or absent.
  static func note(_ value: JSONValue) throws(Failure) -> String? {
    guard let raw = value["note"] else { return nil }
    guard let note = raw.stringValue else { throw Failure(message: "a note is a JSON string") }
    return note
  }

  /// A JSON number as a `Double` (its literal text read exactly as written).
  static func double(_ value: JSONValue?) -> Double? {
    guard case .number(let text)? = value else { return nil }
    return Double(text)
  }

  /// A JSON object as extras; anything else as none.
  static func extras(_ value: JSONValue?) -> Extras {
    guard case .object(let members)? = value else { return [:] }
    var extras: Extras = [:]
    for member in members { extras[member.key] = member.value }
    return extras
  }
}
