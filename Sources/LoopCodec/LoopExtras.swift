import TrackerModel

/// What a tracker keeps of its Loop habit in `extras["loop"]` — what Loop has and the model
/// cannot say — and how the writer reads it back.
///
/// The reader writes (all optional): `question` (Loop's question, when the model's
/// description is not the question alone: `""` when Loop has only a description), `freqNum`
/// and `freqDen` (the target period of a measurable habit whose target is not per day),
/// `color` (Loop's `#RRGGBB`), `colorIndex` (Loop's palette index), `type` (`NUMERICAL`),
/// `unit`, `targetType` (`AT_LEAST`/`AT_MOST`) and `targetValue` (the same habit's target),
/// `reminder` (`{hour, minute}`, a time no `HH:MM` says), `reminderDays` (Loop's weekday mask,
/// when the model's schedule and reminder do not give it back), `uuid`, `entries` (day →
/// `YES_AUTO`, `NO`, `UNKNOWN` or a number: days that are neither completions nor the model's
/// entries, or the value of an entry's day that is not `UNKNOWN`), `values` (day → value ×1000
/// of that measurable habit). The writer also reads `description`, `archived` and `notes`
/// (day → text), which files of format version 1 kept here. `docs/loop.md` documents them.
enum LoopExtras {
  /// What the reader keeps of one habit.
  struct Kept {
    /// `question`.
    var question: String?
    /// `freqNum`, `freqDen`.
    var frequency: LoopFrequency?
    /// `color` (and `colorIndex`, derived from it).
    var colorHex: String?
    /// `type`, `unit`, `targetType`, `targetValue` of a measurable habit, from its `LoopHabit`.
    var measurable: LoopHabit?
    /// `reminder`.
    var reminder: (hour: Int, minute: Int)?
    /// `reminderDays`.
    var reminderDays: Int?
    /// `uuid`.
    var uuid: String?
    /// `entries`, in day order.
    var entries: [LoopEntry] = []
    /// `values`, in day order.
    var values: [LoopEntry] = []
  }

  /// The `extras["loop"]` object of what a habit keeps; `nil` when it keeps nothing.
  static func encode(_ kept: Kept) -> JSONValue? {
    var members: [JSONMember] = []
    if let question = kept.question { members.append(JSONMember("question", .string(question))) }
    if let frequency = kept.frequency {
      members.append(JSONMember("freqNum", number(frequency.numerator)))
      members.append(JSONMember("freqDen", number(frequency.denominator)))
    }
    if let hex = kept.colorHex {
      members.append(JSONMember("color", .string(hex)))
      members.append(JSONMember("colorIndex", number(LoopPalette.nearestIndex(toHex: hex))))
    }
    if let habit = kept.measurable {
      members.append(JSONMember("type", .string("NUMERICAL")))
      members.append(JSONMember("unit", .string(habit.unit)))
      members.append(JSONMember("targetType", .string(habit.targetType == 1 ? "AT_MOST" : "AT_LEAST")))
      members.append(JSONMember("targetValue", .number(decimal(habit.targetValue))))
    }
    if let reminder = kept.reminder {
      members.append(JSONMember("reminder", .object([JSONMember("hour", number(reminder.hour)),
                                                     JSONMember("minute", number(reminder.minute))])))
    }
    if let days = kept.reminderDays { members.append(JSONMember("reminderDays", number(days))) }
    if let uuid = kept.uuid { members.append(JSONMember("uuid", .string(uuid))) }
    if !kept.entries.isEmpty {
      members.append(JSONMember("entries", .object(kept.entries.map { entry in
        JSONMember(entry.date.description, LoopEntry.word(for: entry.value).map(JSONValue.string) ?? number(entry.value))
      })))
    }
    if !kept.values.isEmpty {
      members.append(JSONMember("values", .object(kept.values.map { JSONMember($0.date.description, number($0.value)) })))
    }
    return members.isEmpty ? nil : .object(members)
  }

  /// The keys the writer reads: those ``encode(_:)`` writes, and `description`, `archived`
  /// and `notes` of files written before format version 2.
  static let keys: Set<String> = [
    "question", "description", "freqNum", "freqDen", "color", "colorIndex", "archived", "type", "unit",
    "targetType", "targetValue", "reminder", "reminderDays", "uuid", "entries", "values", "notes",
  ]

  /// The Loop habit a tracker's `extras["loop"]` describes (name, schedule and completions are
  /// the writer's to fill in; a habit with Loop's defaults when there are none), listing in
  /// `ignored` the members Loop cannot store, each as its keys below
  /// `extras.loop` (`["freqNum"]`, `["values", "2024-05-01"]`; `[]` for all of it):
  /// a key Loop has no place for, a string where a number belongs or a word Loop does not use
  /// (`"type": "BOOL"`), a number that is not a whole 32-bit one (`1e300`), a day that is not
  /// `YYYY-MM-DD`. The writer leaves them out (Loop's default is written instead); the loss
  /// report names them. (`colorIndex` is read from `color`, never on its own.)
  static func decode(_ extras: JSONValue?, ignored: inout [[String]]) -> LoopHabit {
    var habit = LoopHabit(position: 0, name: "")
    guard let extras else { return habit }
    guard case .object(let all) = extras else {
      ignored.append([])
      return habit
    }
    for member in all where !keys.contains(member.key) { ignored.append([member.key]) }
    func string(_ key: String) -> String? {
      guard let value = extras[key] else { return nil }
      if let text = value.stringValue { return text }
      ignored.append([key])
      return nil
    }
    func whole(_ value: JSONValue?, _ path: String...) -> Int? {
      guard let value else { return nil }
      if let number = int(value) { return number }
      ignored.append(path)
      return nil
    }
    habit.question = string("question") ?? ""
    habit.description = string("description") ?? ""
    let num = whole(extras["freqNum"], "freqNum"), den = whole(extras["freqDen"], "freqDen")
    if let num, let den {
      habit.frequency = LoopFrequency(numerator: num, denominator: den)
    } else if num != nil || den != nil {  // one without the other says no frequency
      ignored.append([num != nil ? "freqNum" : "freqDen"])
    }
    habit.colorHex = string("color")
    if let archived = extras["archived"] {
      if case .bool(let flag) = archived { habit.archived = flag } else { ignored.append(["archived"]) }
    }
    if let type = string("type") {
      habit.numerical = type == "NUMERICAL"
      habit.measurableInExtras = habit.numerical
      if !["NUMERICAL", "YES_NO"].contains(type) { ignored.append(["type"]) }
    }
    habit.unit = string("unit") ?? ""
    if let targetType = string("targetType") {
      habit.targetType = targetType == "AT_MOST" ? 1 : 0
      if !["AT_MOST", "AT_LEAST"].contains(targetType) { ignored.append(["targetType"]) }
    }
    if let target = extras["targetValue"] {
      if case .number(let text) = target, let value = Double(text), value.isFinite {
        habit.targetValue = value
      } else {
        ignored.append(["targetValue"])
      }
    }
    if let reminder = extras["reminder"], !reminder.isObject { ignored.append(["reminder"]) }
    habit.reminderHour = whole(extras["reminder"]?["hour"], "reminder", "hour")
    habit.reminderMinute = whole(extras["reminder"]?["minute"], "reminder", "minute")
    habit.reminderDays = whole(extras["reminderDays"], "reminderDays")
    habit.uuid = string("uuid")
    for key in ["entries", "values", "notes"] where extras[key].map({ !$0.isObject }) == true { ignored.append([key]) }
    var byDay: [LocalDate: LoopEntry] = [:]
    for (key, value) in members(extras["entries"]) {
      let raw = value.stringValue.flatMap(LoopEntry.value(ofCell:)).flatMap { Int32(exactly: $0) != nil ? $0 : nil }
        ?? int(value)
      guard let date = LocalDate(key), let raw else {
        ignored.append(["entries", key])
        continue
      }
      byDay[date] = LoopEntry(date: date, value: raw)
    }
    for (key, value) in members(extras["values"]) {
      guard let date = LocalDate(key), let raw = int(value) else {
        ignored.append(["values", key])
        continue
      }
      byDay[date] = LoopEntry(date: date, value: raw)
    }
    for (key, value) in members(extras["notes"]) {
      guard let date = LocalDate(key), let text = value.stringValue else {
        ignored.append(["notes", key])
        continue
      }
      byDay[date, default: LoopEntry(date: date, value: LoopEntry.unknown)].notes = text
    }
    habit.entries = byDay.values.sorted { $0.date < $1.date }
    return habit
  }

  /// `2.0` as Kotlin writes a double (a JSON number; `0` for a value that is not finite).
  static func decimal(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

  private static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// A whole number Loop can store (its columns are Kotlin `Int`s, 32 bits): `7`, `7.0`;
  /// `nil` for anything else, a fraction, or a number out of that range (`1e300`), which the
  /// writer then leaves out (Loop's default is written instead) and the loss report names.
  private static func int(_ value: JSONValue?) -> Int? {
    guard case .number(let text)? = value else { return nil }
    let number = Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
    return number.flatMap { Int32(exactly: $0) != nil ? $0 : nil }
  }

  private static func members(_ value: JSONValue?) -> [(String, JSONValue)] {
    guard case .object(let members)? = value else { return [] }
    return members.map { ($0.key, $0.value) }
  }
}

private extension JSONValue {
  var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
