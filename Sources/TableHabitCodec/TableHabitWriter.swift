import Foundation
import TrackerCodec
import TrackerModel

/// Writes the model as a Table Habit export, `{"habits": [...], "groups": [...]}` in one line
/// as the app's `jsonEncode` does, with every key its importer needs (the database columns it
/// fills are `NOT NULL`: `type`, `status`, `daily_goal`, `daily_goal_unit`, `start_date`).
///
/// Values kept in `extras["tablehabit"]` by the reader are written back in place when they
/// still say what the model says (a colour, a frequency, a reminder), so a Table Habit file
/// read and written again keeps its values.
struct TableHabitWriter {
  let dataset: TrackerDataset
  let fileName: String
  /// The present, whose day starts a habit with no day of its own (``CodecContext/writingNow``).
  var now = Date()

  /// Group names and units longer than Table Habit's editor allows (`lib/common/rules.dart:40`,
  /// `lib/common/consts.dart:136-138`), in UTF-16 code units as Dart counts them.
  static let groupNameLimit = 100
  static let unitLimit = 16

  /// - Throws: ``CodecError`` `.io` when a value kept in extras is not a JSON number (only a
  ///   dataset built in code can hold one); nothing is written then.
  func bytes() throws -> [UInt8] {
    // A category the reader made up (Loop's, another app's default) is no group: its habits are in none.
    let ungrouped = Set(dataset.categories.filter(Self.isUngrouped).map(\.id)).union(dataset.inventedCategoryIds)
    let groups = dataset.categories.filter { !ungrouped.contains($0.id) }
    let groupIDs = Set(groups.map(\.id))
    var habits: [JSONValue] = []
    for (tracker, days) in Self.habits(of: dataset) {
      habits.append(habit(tracker, days: days, inGroup: groupIDs.contains(tracker.categoryId) && !tracker.invented.contains(.category)))
    }
    let root = JSONValue.object([JSONMember("habits", .array(habits)), JSONMember("groups", .array(groups.map(group)))]
                                + Self.kept(dataset.extras, except: ["habits", "groups"]))
    do {
      return Array(try JSONText.compact(root).utf8)
    } catch {
      throw CodecError(.io, "cannot write Table Habit: \(error.message)", location: SourceLocation(file: fileName))
    }
  }

  /// `lossy-frequency` warnings for habits whose weekdays are written as "k times per week",
  /// each at its tracker's schedule in the model (`/trackers/3/schedule`).
  func frequencyWarnings() -> [Diagnostic] {
    let positions = dataset.trackers.indices.filter { dataset.trackers[$0].kind == .habit }
    return Self.habits(of: dataset).enumerated().compactMap { index, item in
      let tracker = item.tracker
      guard Self.losesWeekdays(tracker) else { return nil }
      let days = (tracker.schedule ?? []).map(\.shortEnglishName).joined(separator: ", ")
      let written = Self.frequency(of: tracker)
      return Diagnostic(code: LossReport.lossyFrequency.code, severity: .warning,
                        message: "habit \"\(tracker.name)\" is planned on \(days); Table Habit plans times per period, so it is written as \(written.model.lost ?? "every day")",
                        location: SourceLocation(file: fileName, pointer: "/trackers/\(positions[index])/schedule"))
    }
  }

  // MARK: - Plan

  /// A day written for a habit: a completion, or an entry.
  typealias Day = HabitDay

  /// The habits written, in order, with their days: the first record of a day, else its
  /// first entry that Table Habit can hold; events, and days of a repeated id after its first
  /// tracker, are left out.
  static func habits(of dataset: TrackerDataset) -> [(tracker: Tracker, days: [Day])] {
    dataset.habitDays(keeping: writable)
  }

  /// Whether Table Habit can hold an entry: skipped, an amount of a habit with a goal, a note.
  static func writable(_ entry: TrackerEntry, of tracker: Tracker) -> Bool {
    entry.skipped || entry.note != nil || (entry.amount != nil && tracker.goal != nil)
      || kept(entry.extras, "record_type") != nil || kept(entry.extras, "record_value") != nil
  }

  static func isUngrouped(_ category: TrackerCategory) -> Bool {
    kept(category.extras, "ungrouped") == .bool(true)
  }

  // MARK: - Groups

  private func group(_ category: TrackerCategory) -> JSONValue {
    var members = [JSONMember("uuid", Self.kept(category.extras, "uuid") ?? .string(category.id)),
                   JSONMember("name", .string(Self.cut(category.title, to: Self.groupNameLimit)))]
    for key in ["desc", "icon", "color", "custom_color", "custom_color_tinted"] {
      if let value = Self.kept(category.extras, key) { members.append(JSONMember(key, value)) }
    }
    return .object(members + Self.kept(category.extras, except: ["uuid", "name", "desc", "icon", "color", "custom_color",
                                                                 "custom_color_tinted", "ungrouped"]))
  }

  // MARK: - Habits

  static let habitKeys: Set<String> = ["create_t", "modify_t", "type", "status", "name", "desc", "color", "custom_color",
                                       "custom_color_tinted", "daily_goal", "daily_goal_unit", "daily_goal_extra", "freq_type",
                                       "freq_custom", "reminder", "reminder_quest", "start_date", "target_days", "group_id",
                                       "records"]

  private func habit(_ tracker: Tracker, days: [Day], inGroup: Bool) -> JSONValue {
    let extras = tracker.extras
    let start = Self.startDate(of: tracker, days: days, now: now)
    let midnight = JSONValue.number(String(start.dayNumber * 86_400))
    var m: [JSONMember] = []
    m.append(JSONMember("create_t", Self.kept(extras, "create_t") ?? midnight))
    m.append(JSONMember("modify_t", Self.kept(extras, "modify_t") ?? midnight))
    let type = tracker.goal?.direction == .atMost ? 2 : (Self.kept(extras, "type") == .number("0") ? 0 : 1)
    m.append(JSONMember("type", .number(String(type))))
    let keptStatus = Self.kept(extras, "status")
    let status = tracker.archived ? (keptStatus == .number("2") ? 2 : 3) : (keptStatus == .number("0") ? 0 : 1)
    m.append(JSONMember("status", .number(String(status))))
    m.append(JSONMember("name", .string(tracker.name)))
    if let description = tracker.description { m.append(JSONMember("desc", .string(description))) }
    for (key, value) in Self.colorMembers(of: tracker) { m.append(JSONMember(key, value)) }
    switch tracker.goal {
    case let goal? where goal.direction == .atMost:
      m.append(JSONMember("daily_goal", Self.kept(extras, "daily_goal") ?? .number("0")))
      m.append(JSONMember("daily_goal_unit", .string(Self.cut(goal.unit ?? "", to: Self.unitLimit))))
      m.append(JSONMember("daily_goal_extra", Self.number(goal.target)))
    case let goal?:
      m.append(JSONMember("daily_goal", Self.number(goal.target.isFinite ? goal.target : 1)))
      m.append(JSONMember("daily_goal_unit", .string(Self.cut(goal.unit ?? "", to: Self.unitLimit))))
      if let extra = Self.kept(extras, "daily_goal_extra") { m.append(JSONMember("daily_goal_extra", extra)) }
    case nil:
      m.append(JSONMember("daily_goal", .number("1")))
      m.append(JSONMember("daily_goal_unit", .string("")))
      if let extra = Self.kept(extras, "daily_goal_extra") { m.append(JSONMember("daily_goal_extra", extra)) }
    }
    if let raw = Self.keptFrequency(of: tracker) {
      m.append(JSONMember("freq_type", raw.type))
      if let custom = raw.custom { m.append(JSONMember("freq_custom", custom)) }
    } else {
      let frequency = Self.frequency(of: tracker)
      m.append(JSONMember("freq_type", .number(String(frequency.type))))
      m.append(JSONMember("freq_custom", .string(frequency.customText)))
    }
    if let reminder = Self.reminderText(of: tracker) { m.append(JSONMember("reminder", .string(reminder))) }
    if let question = Self.kept(extras, "reminder_quest") { m.append(JSONMember("reminder_quest", question)) }
    m.append(JSONMember("start_date", .number(String(start.dayNumber))))
    m.append(JSONMember("target_days", Self.kept(extras, "target_days") ?? .number("66")))
    if inGroup {
      m.append(JSONMember("group_id", .string(tracker.categoryId)))
    } else if let group = Self.kept(extras, "group_id") {
      m.append(JSONMember("group_id", group))
    }
    m += Self.kept(extras, except: Self.habitKeys)
    m.append(JSONMember("records", .array(days.map { record($0, of: tracker) })))
    return .object(m)
  }

  /// `createdOn`, else the first day written, else the day of `now` (Table Habit needs a start day).
  static func startDate(of tracker: Tracker, days: [Day], now: Date) -> LocalDate {
    if let created = tracker.createdOn { return created }
    if let first = days.first { return first.date }
    return LocalDate(dayNumber: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
  }

  /// The colour members: those kept from Table Habit when they still give the tracker's
  /// colour, else the built-in code, and for a colour that is none of the built-ins the exact
  /// colour as `custom_color` with `custom_color_tinted` 0. Without that key the app shows a
  /// custom colour tinted, a Material tone derived from it rather than the colour itself
  /// (`lib/models/habit_color.dart:30-44`, `lib/extensions/custom_color_extensions.dart:104-124`).
  static func colorMembers(of tracker: Tracker) -> [(String, JSONValue)] {
    if tracker.extras[TableHabitReader.namespace] != nil {
      let code = kept(tracker.extras, "color").flatMap(int)
      let custom = kept(tracker.extras, "custom_color").flatMap(int)
      let reads = TableHabitPalette.modelColor(code: code, custom: custom) ?? PaletteEmoji.stableChoice(for: tracker.name).color.rawValue
      if reads == tracker.color {
        return ["color", "custom_color", "custom_color_tinted"].compactMap { key in kept(tracker.extras, key).map { (key, $0) } }
      }
    }
    let written = TableHabitPalette.written(tracker.color)
    guard let custom = written.custom else { return [("color", .number(String(written.code)))] }
    return [("color", .number(String(written.code))), ("custom_color", .number(String(custom))),
            ("custom_color_tinted", .number("0"))]
  }

  /// `freq_type` and `freq_custom` kept from Table Habit, when they plan the tracker as it is.
  static func keptFrequency(of tracker: Tracker) -> (type: JSONValue, custom: JSONValue?)? {
    guard let type = kept(tracker.extras, "freq_type"), let number = int(type) else { return nil }
    let custom = kept(tracker.extras, "freq_custom")
    var args: [Int] = []
    if case .string(let text)? = custom, case .array(let elements)? = try? JSONText.parse(text) {
      args = elements.compactMap(int)
    }
    return TableHabitFrequency(type: number, args: args).plans(tracker) ? (type, custom) : nil
  }

  /// The frequency written for the tracker's plan.
  static func frequency(of tracker: Tracker) -> TableHabitFrequency {
    TableHabitFrequency(schedule: tracker.schedule, frequency: tracker.frequency)
  }

  /// Whether the tracker's weekdays (not every day) are written as times per week.
  static func losesWeekdays(_ tracker: Tracker) -> Bool {
    keptFrequency(of: tracker) == nil && (1...6).contains(Set(tracker.schedule ?? []).count)
  }

  /// The `reminder` string: the one kept from Table Habit when it reads as the tracker's
  /// reminders, else the tracker's first reminder; `nil` for none.
  static func reminderText(of tracker: Tracker) -> String? {
    if case .string(let text)? = kept(tracker.extras, "reminder"), let value = try? JSONText.parse(text) {
      let reminder = reminder(value)
      if (reminder?.model.map { [$0] } ?? []) == tracker.reminders { return text }
    }
    return tracker.reminders.first.flatMap(TableHabitReminder.init)?.text
  }

  private static func reminder(_ value: JSONValue) -> TableHabitReminder? {
    guard let type = value["type"].flatMap(int), let time = value["time"],
          let hour = time["hour"].flatMap(int), let minute = time["minute"].flatMap(int) else { return nil }
    var extra: [Int] = []
    if case .array(let elements)? = value["extra"] { extra = elements.compactMap(int) }
    return TableHabitReminder(type: type, hour: hour, minute: minute, extra: extra)
  }

  // MARK: - Records

  static let recordKeys: Set<String> = ["record_date", "record_type", "record_value", "create_t", "modify_t", "reason"]

  private func record(_ day: Day, of tracker: Tracker) -> JSONValue {
    let type: Int, value: JSONValue, note: String?, extras: Extras
    switch day {
    case .record(let record):
      type = 1
      note = record.note
      extras = record.extras
      if let amount = record.amount, amount.isFinite, tracker.goal != nil {
        value = Self.number(amount)
      } else if let goal = tracker.goal {
        value = goal.direction == .atLeast ? Self.number(goal.target.isFinite ? goal.target : 1) : .number("0")
      } else {
        value = Self.kept(extras, "record_value") ?? .number("1")
      }
    case .entry(let entry):
      note = entry.note
      extras = entry.extras
      if entry.skipped {
        type = 2
      } else if entry.amount != nil, tracker.goal != nil {
        type = 1
      } else {
        type = 0
      }
      if let amount = entry.amount, amount.isFinite, tracker.goal != nil {
        value = Self.number(amount)
      } else {
        value = Self.kept(extras, "record_value") ?? .number("0")
      }
    }
    let midnight = JSONValue.number(String(day.date.dayNumber * 86_400))
    return .object([
      JSONMember("record_date", .number(String(day.date.dayNumber))),
      JSONMember("record_type", .number(String(type))),
      JSONMember("record_value", value),
      JSONMember("create_t", Self.kept(extras, "create_t") ?? midnight),
      JSONMember("modify_t", Self.kept(extras, "modify_t") ?? midnight),
      JSONMember("reason", .string(note ?? "")),
    ] + Self.kept(extras, except: Self.recordKeys))
  }

  // MARK: - Values

  /// A member of `extras["tablehabit"]`.
  static func kept(_ extras: Extras, _ key: String) -> JSONValue? {
    extras[TableHabitReader.namespace]?[key]
  }

  /// The members of `extras["tablehabit"]` not in `known`, in order.
  static func kept(_ extras: Extras, except known: Set<String>) -> [JSONMember] {
    guard case .object(let members)? = extras[TableHabitReader.namespace] else { return [] }
    return members.filter { !known.contains($0.key) }
  }

  static func int(_ value: JSONValue) -> Int? {
    guard case .number(let text) = value else { return nil }
    if let whole = Int(text) { return whole }
    guard let number = Double(text), number.rounded() == number, abs(number) < 9.0e15 else { return nil }
    return Int(number)
  }

  static func number(_ value: Double) -> JSONValue {
    .number(value.isFinite ? value.amountText : "0")
  }

  /// `text` cut to `limit` UTF-16 code units (Dart's `String.length`), at a character boundary.
  static func cut(_ text: String, to limit: Int) -> String {
    guard text.utf16.count > limit else { return text }
    var result = ""
    var count = 0
    for character in text {
      let size = character.utf16.count
      guard count + size <= limit else { break }
      result.append(character)
      count += size
    }
    return result
  }
}
