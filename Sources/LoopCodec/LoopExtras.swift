import TrackerModel

/// What a tracker keeps of its Loop habit in `extras["loop"]`, and how the writer reads it back.
///
/// Keys (all optional): `question`, `description`, `freqNum`, `freqDen`, `color`
/// (Loop's `#RRGGBB`), `colorIndex` (Loop's palette index), `archived`, `type` (`NUMERICAL`),
/// `unit`, `targetType` (`AT_LEAST`/`AT_MOST`), `targetValue`, `reminder` (`{hour, minute}`),
/// `reminderDays` (Loop's weekday mask), `uuid`, `entries` (day → `NO`/`SKIP`/`YES_AUTO`/
/// `UNKNOWN` or a number, days of a yes/no habit that are not completions, and `SKIP`/`UNKNOWN`
/// days of a measurable habit), `values` (day → value ×1000 of a measurable habit), `notes`
/// (day → text). `docs/loop.md` documents them.
enum LoopExtras {
  /// The `extras["loop"]` object of a habit; counts what is kept instead of completed.
  static func encode(_ habit: LoopHabit, counts: inout KeptCounts) -> JSONValue {
    var members: [JSONMember] = []
    if !habit.question.isEmpty { members.append(JSONMember("question", .string(habit.question))) }
    if !habit.description.isEmpty { members.append(JSONMember("description", .string(habit.description))) }
    members.append(JSONMember("freqNum", number(habit.frequency.numerator)))
    members.append(JSONMember("freqDen", number(habit.frequency.denominator)))
    if let hex = habit.colorHex {
      members.append(JSONMember("color", .string(hex)))
      members.append(JSONMember("colorIndex", number(LoopPalette.nearestIndex(toHex: hex))))
    }
    if habit.archived { members.append(JSONMember("archived", .bool(true))) }
    if habit.numerical {
      members.append(JSONMember("type", .string("NUMERICAL")))
      members.append(JSONMember("unit", .string(habit.unit)))
      members.append(JSONMember("targetType", .string(habit.targetType == 1 ? "AT_MOST" : "AT_LEAST")))
      members.append(JSONMember("targetValue", .number(decimal(habit.targetValue))))
    }
    if let hour = habit.reminderHour {
      members.append(JSONMember("reminder", .object([JSONMember("hour", number(hour)),
                                                     JSONMember("minute", number(habit.reminderMinute ?? 0))])))
    }
    if let days = habit.reminderDays { members.append(JSONMember("reminderDays", number(days))) }
    if let uuid = habit.uuid { members.append(JSONMember("uuid", .string(uuid))) }

    var entries: [JSONMember] = [], values: [JSONMember] = [], notes: [JSONMember] = []
    for entry in habit.entries.sorted(by: { $0.date < $1.date }) {
      let day = entry.date.description
      if let text = entry.notes, !text.isEmpty {
        notes.append(JSONMember(day, .string(text)))
        counts.notes += 1
      }
      if LoopEntry.isValue(entry.value, numerical: habit.numerical) {
        values.append(JSONMember(day, number(entry.value)))
        counts.values += 1
      } else if habit.numerical || entry.value != LoopEntry.yesManual {
        if let word = LoopEntry.word(for: entry.value) {
          entries.append(JSONMember(day, .string(word)))
          counts.byWord[word, default: 0] += 1
        } else {
          entries.append(JSONMember(day, number(entry.value)))
          counts.byWord["other", default: 0] += 1
        }
      }
    }
    if !entries.isEmpty { members.append(JSONMember("entries", .object(entries))) }
    if !values.isEmpty { members.append(JSONMember("values", .object(values))) }
    if !notes.isEmpty { members.append(JSONMember("notes", .object(notes))) }
    return .object(members)
  }

  /// The Loop habit a tracker's `extras["loop"]` describes (name, schedule and completions are
  /// the writer's to fill in); a habit with Loop's defaults when there are none.
  static func decode(_ extras: JSONValue?) -> LoopHabit {
    var habit = LoopHabit(position: 0, name: "")
    guard let extras else { return habit }
    habit.question = extras["question"]?.stringValue ?? ""
    habit.description = extras["description"]?.stringValue ?? ""
    if let num = int(extras["freqNum"]), let den = int(extras["freqDen"]) {
      habit.frequency = LoopFrequency(numerator: num, denominator: den)
    }
    habit.colorHex = extras["color"]?.stringValue
    habit.archived = extras["archived"] == .bool(true)
    habit.numerical = extras["type"]?.stringValue == "NUMERICAL"
    habit.unit = extras["unit"]?.stringValue ?? ""
    habit.targetType = extras["targetType"]?.stringValue == "AT_MOST" ? 1 : 0
    if case .number(let text)? = extras["targetValue"], let value = Double(text), value.isFinite { habit.targetValue = value }
    habit.reminderHour = int(extras["reminder"]?["hour"])
    habit.reminderMinute = int(extras["reminder"]?["minute"])
    habit.reminderDays = int(extras["reminderDays"])
    habit.uuid = extras["uuid"]?.stringValue
    var byDay: [LocalDate: LoopEntry] = [:]
    for (key, value) in members(extras["entries"]) {
      guard let date = LocalDate(key) else { continue }
      let raw = value.stringValue.flatMap(LoopEntry.value(ofCell:)) ?? int(value)
      if let raw { byDay[date] = LoopEntry(date: date, value: raw) }
    }
    for (key, value) in members(extras["values"]) {
      guard let date = LocalDate(key), let raw = int(value) else { continue }
      byDay[date] = LoopEntry(date: date, value: raw)
    }
    for (key, value) in members(extras["notes"]) {
      guard let date = LocalDate(key), let text = value.stringValue else { continue }
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
  /// writer then ignores (Loop's default is written instead).
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
