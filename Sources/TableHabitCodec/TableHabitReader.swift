import TrackerCodec
import TrackerModel

/// Reads a Table Habit export into the model (`docs/tablehabit.md` has the mapping).
///
/// Every value is type-checked where it is read, so an error names its JSON pointer, line and
/// column; what the model has no field for goes to `extras["tablehabit"]` under the key Table
/// Habit uses, and ``TableHabitWriter`` puts it back.
struct TableHabitReader {
  let document: ForeignJSON
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  /// The extras namespace.
  static let namespace = "tablehabit"
  /// Members of a habit the model carries itself (the rest are kept in extras).
  static let habitKeys: Set<String> = ["type", "status", "name", "desc", "daily_goal", "daily_goal_unit", "start_date",
                                       "group_id", "records"]
  /// The first and last day `YYYY-MM-DD` can write, as epoch days.
  static let days = LocalDate.dayNumbers

  init(document: ForeignJSON, options: [String: String]) {
    self.document = document
    self.options = options
  }

  mutating func read() throws -> TrackerDataset {
    let top = document.top
    var dataset = TrackerDataset()
    var kept: [JSONMember] = []
    for (key, value) in try top.members() where key != "habits" && key != "groups" {
      kept.append(JSONMember(key, value.value))
    }
    if !kept.isEmpty { dataset.extras[Self.namespace] = .object(kept) }
    var groupIDs: [String: String] = [:]
    for (index, group) in try (top.member("groups")?.elements() ?? []).enumerated() {
      dataset.categories.append(try category(group, index: index, ids: &groupIDs))
    }
    let habits = try top.required("habits").elements()
    var ungrouped: TrackerCategory?
    var assigned = false
    for (index, habit) in habits.enumerated() {
      let read = try self.habit(habit, index: index, groups: groupIDs)
      var tracker = read.tracker
      if tracker.categoryId.isEmpty {
        if ungrouped == nil {
          let title = options["default-category"] ?? "Table Habit"
          ungrouped = TrackerCategory(id: StableID.uuid("tablehabit-category:" + title), title: title,
                                      extras: [Self.namespace: .object([JSONMember("ungrouped", .bool(true))])])
        }
        tracker.categoryId = ungrouped?.id ?? ""
        tracker.invented.insert(.category)
      }
      assigned = true
      dataset.trackers.append(tracker)
      dataset.records += read.records
      dataset.entries += read.entries
    }
    if let ungrouped { dataset.categories.append(ungrouped) }
    if assigned {
      warnings.append(Diagnostic(
        code: TableHabitCodec.assignedDefaults.code, severity: .warning,
        message: "Table Habit has no emoji: \(habits.count) habit(s) got a palette emoji chosen from the name and the nearest palette colour"
          + (ungrouped.map { ", and those in no group went into category \"\($0.title)\"" } ?? ""),
        location: SourceLocation(pointer: "/habits"),
        note: "the original colours are kept in extras[\"tablehabit\"] and written back when writing Table Habit"))
    }
    return dataset
  }

  // MARK: - Groups

  private func category(_ group: ForeignJSONValue, index: Int, ids: inout [String: String]) throws -> TrackerCategory {
    var kept: [JSONMember] = []
    var uuid = "", name = ""
    for (key, value) in try group.members() {
      switch key {
      case "uuid": uuid = try optionalString(value) ?? ""
      case "name": name = try optionalString(value) ?? ""
      case "desc": _ = try optionalString(value); kept.append(JSONMember(key, value.value))
      case "icon", "color", "custom_color", "custom_color_tinted":
        if value.value != .null { _ = try value.int() }
        kept.append(JSONMember(key, value.value))
      default: kept.append(JSONMember(key, value.value))
      }
    }
    var id = uuid
    if id.isEmpty || ids[id] != nil {
      id = StableID.uuid("tablehabit-group:\(index):\(name)")
      kept.insert(JSONMember("uuid", .string(uuid)), at: 0)
    }
    if !uuid.isEmpty, ids[uuid] == nil { ids[uuid] = id }
    return TrackerCategory(id: id, title: name, extras: kept.isEmpty ? [:] : [Self.namespace: .object(kept)])
  }

  // MARK: - Habits

  private mutating func habit(_ habit: ForeignJSONValue, index: Int, groups: [String: String])
    throws -> (tracker: Tracker, records: [TrackerRecord], entries: [TrackerEntry]) {
    var kept: [JSONMember] = []
    for (key, value) in try habit.members() where !Self.habitKeys.contains(key) {
      kept.append(JSONMember(key, value.value))
    }
    let name = try habit.member("name").map { try $0.string() } ?? ""
    let type = try enumValue(habit.member("type"), in: 0...2, default: 1, what: "habit type",
                             note: "Table Habit's habit types: 0 unknown, 1 normal, 2 negative (lib/models/habit_form.dart:36-40)")
    let status = try enumValue(habit.member("status"), in: 0...3, default: 1, what: "habit status",
                               note: "Table Habit's habit statuses: 0 unknown, 1 activated, 2 deleted, 3 archived (lib/models/habit_form.dart:80-85)")
    if type == 0 { kept.append(JSONMember("type", .number("0"))) }
    if status == 0 || status == 2 {
      kept.append(JSONMember("status", .number(String(status))))
      if status == 2 {
        warn(habit.pointer + "/status", "habit \"\(name)\" is deleted in Table Habit (status 2); it is read as archived, its status kept in extras[\"tablehabit\"]")
      }
    }
    let id = StableID.uuid("tablehabit:\(index):\(name)")
    let emoji = PaletteEmoji.stableChoice(for: name)
    let code = try habit.member("color").map { try $0.int() }
    let custom = try habit.member("custom_color").map { try $0.int() }
    if let tinted = habit.member("custom_color_tinted") { _ = try tinted.int() }
    let color = TableHabitPalette.modelColor(code: code, custom: custom) ?? emoji.color.rawValue

    // Goal: a negative habit's ceiling is daily_goal_extra (habit_daily_record_form.dart:93-125).
    let dailyGoal = try habit.member("daily_goal").map { try $0.double() }
    let unit = try habit.member("daily_goal_unit").map { try $0.string() } ?? ""
    let extra = try habit.member("daily_goal_extra").map { try $0.double() }
    var goal: TrackerGoal?
    if type == 2 {
      goal = TrackerGoal(target: extra ?? dailyGoal ?? 0, direction: .atMost, unit: unit.isEmpty ? nil : unit)
      if let dailyGoal, dailyGoal != 0 || extra == nil { kept.append(JSONMember("daily_goal", habit.member("daily_goal")?.value ?? .null)) }
      kept.removeAll { $0.key == "daily_goal_extra" }
    } else if !unit.isEmpty || (dailyGoal ?? 1) != 1 {
      goal = TrackerGoal(target: dailyGoal ?? 1, direction: .atLeast, unit: unit.isEmpty ? nil : unit)
    }

    // Frequency.
    let frequency = try self.frequency(habit)
    if let lost = frequency.model.lost {
      warnings.append(Diagnostic(
        code: TableHabitCodec.lossyFrequency.code, severity: .warning,
        message: "habit \"\(name)\" is planned \(lost) in Table Habit; the model plans habits on weekdays, so it is planned every day",
        location: SourceLocation(pointer: habit.pointer + "/freq_custom"),
        note: "the frequency is kept as the tracker's frequency and restored when writing Table Habit"))
    }

    // Reminder.
    var reminders: [TrackerReminder] = []
    if let text = habit.member("reminder") {
      let reminder = try self.reminder(text)
      if let model = reminder.model {
        reminders = [model]
      } else {
        warn(text.pointer, "habit \"\(name)\"'s reminder (type \(reminder.type)) is one the model cannot say; it is kept in extras[\"tablehabit\"]")
      }
    }

    var createdOn: LocalDate?
    if let start = habit.member("start_date") {
      createdOn = try day(start)
    }
    if let created = habit.member("create_t") { _ = try created.int() }
    if let modified = habit.member("modify_t") { _ = try modified.int() }
    if let target = habit.member("target_days") { _ = try target.int() }
    if let question = habit.member("reminder_quest") { _ = try question.string() }
    // Timestamps that are the start day's midnight are what the writer makes: not kept.
    if let createdOn {
      let midnight = JSONValue.number(String(createdOn.dayNumber * 86_400))
      kept.removeAll { ($0.key == "create_t" || $0.key == "modify_t") && $0.value == midnight }
    }

    var categoryId = ""
    if let group = habit.member("group_id") {
      let uuid = try group.string()
      if let mapped = groups[uuid] { categoryId = mapped } else { kept.append(JSONMember("group_id", .string(uuid))) }
    }
    let description = try habit.member("desc").map { try $0.string() }
    var tracker = Tracker(
      id: id, kind: .habit, name: name, categoryId: categoryId, emoji: emoji.emoji.rawValue, color: color,
      schedule: Weekday.allCases, createdOn: createdOn, archived: status == 2 || status == 3, description: description,
      goal: goal, frequency: frequency.model.frequency, reminders: reminders,
      extras: kept.isEmpty ? [:] : [Self.namespace: .object(kept)])
    // Table Habit has no emoji; a habit without a colour code gets one chosen from the name.
    tracker.invented = TableHabitPalette.modelColor(code: code, custom: custom) == nil ? [.emoji, .color] : [.emoji]

    var records: [TrackerRecord] = []
    var entries: [TrackerEntry] = []
    for record in try habit.member("records")?.elements() ?? [] {
      try self.record(record, of: tracker, records: &records, entries: &entries)
    }
    return (tracker, records, entries)
  }

  // MARK: - Records

  private mutating func record(_ record: ForeignJSONValue, of tracker: Tracker, records: inout [TrackerRecord],
                               entries: inout [TrackerEntry]) throws {
    // The common case read straight from the values (records are most of a file); anything
    // unusual goes through the typed accessors, whose errors are located.
    guard case .object(let members) = record.value else { throw record.mismatch("an object") }
    var kept: [JSONMember] = []
    var dayNumber: Int?, type: Int?, value = 0.0, reason = ""
    for member in members {
      switch (member.key, member.value) {
      case ("record_date", .number(let text)) where Int(text).map(Self.days.contains) == true: dayNumber = Int(text)
      case ("record_date", _): dayNumber = try day(try record.required("record_date")).dayNumber
      case ("record_type", .number(let text)) where ["0", "1", "2"].contains(text): type = Int(text)
      case ("record_type", .null): break
      case ("record_type", _):
        type = try enumValue(record.member("record_type"), in: 0...2, default: 1, what: "record type",
                             note: "Table Habit's record types: 0 unknown, 1 done, 2 skip (lib/models/habit_form.dart:120-124)")
      case ("record_value", .number(let text)) where Double(text)?.isFinite == true: value = Double(text) ?? 0
      case ("record_value", .null): break
      case ("record_value", _): value = try record.required("record_value").double()
      case ("reason", .string(let text)): reason = text
      case ("reason", .null): break
      case ("reason", _): reason = try record.required("reason").string()
      case (let key, .number(let text)) where (key == "create_t" || key == "modify_t") && Int(text) != nil:
        kept.append(member)
      case ("create_t", .null), ("modify_t", .null): break
      case ("create_t", _), ("modify_t", _):
        _ = try record.required(member.key).int()
        kept.append(member)
      default: kept.append(member)
      }
    }
    guard let dayNumber else {
      throw record.failure("missing \"record_date\" in \(record.pointer)")
    }
    let date = LocalDate(dayNumber: dayNumber)
    guard let type else {
      throw record.failure("missing \"record_type\" in \(record.pointer)",
                           note: "Table Habit's record types: 0 unknown, 1 done, 2 skip (lib/models/habit_form.dart:120-124)")
    }
    let note = reason.isEmpty ? nil : reason
    let midnight = JSONValue.number(String(date.dayNumber * 86_400))
    kept.removeAll { ($0.key == "create_t" || $0.key == "modify_t") && $0.value == midnight }

    if let goal = tracker.goal {
      switch type {
      case 1 where goal.isMet(by: value):
        records.append(TrackerRecord(trackerId: tracker.id, date: date, amount: value, note: note, extras: extras(kept)))
      case 1:
        entries.append(TrackerEntry(trackerId: tracker.id, date: date, amount: value, note: note, extras: extras(kept)))
      default:
        if type == 0, value == 0, note == nil { kept.append(JSONMember("record_type", .number("0"))) }
        entries.append(TrackerEntry(trackerId: tracker.id, date: date, skipped: type == 2, amount: value == 0 ? nil : value,
                                    note: note, extras: extras(kept)))
      }
      return
    }
    // A yes/no habit: done is a completion; a value other than the app's own is kept.
    if value != (type == 1 ? 1 : 0) { kept.append(JSONMember("record_value", record.value["record_value"] ?? .null)) }
    if type == 1 {
      records.append(TrackerRecord(trackerId: tracker.id, date: date, note: note, extras: extras(kept)))
    } else {
      if type == 0, note == nil, !kept.contains(where: { $0.key == "record_value" }) {
        kept.append(JSONMember("record_type", .number("0")))
      }
      entries.append(TrackerEntry(trackerId: tracker.id, date: date, skipped: type == 2, note: note, extras: extras(kept)))
    }
  }

  private func extras(_ kept: [JSONMember]) -> Extras {
    kept.isEmpty ? [:] : [Self.namespace: .object(kept)]
  }

  // MARK: - Values

  /// An epoch day (days since 1970-01-01) that `YYYY-MM-DD` can write.
  private func day(_ value: ForeignJSONValue) throws -> LocalDate {
    let number = try value.int()
    guard Self.days.contains(number) else {
      throw value.failure("day \(number) at \(value.pointer) is outside the years 1 to 9999",
                          note: "Table Habit writes days as epoch days, days since 1970-01-01 (lib/models/habit_date.dart:30-34)")
    }
    return LocalDate(dayNumber: number)
  }

  private func optionalString(_ value: ForeignJSONValue) throws -> String? {
    value.value == .null ? nil : try value.string()
  }

  /// An integer enum value in `range`; `default` when absent.
  private func enumValue(_ value: ForeignJSONValue?, in range: ClosedRange<Int>, default fallback: Int, what: String,
                         note: String) throws -> Int {
    guard let value else { return fallback }
    let number = try value.int()
    guard range.contains(number) else {
      throw value.failure("unknown \(what) \(number) at \(value.pointer)", note: note)
    }
    return number
  }

  /// `freq_type` and the JSON array in the string `freq_custom`; every day when both are absent.
  private func frequency(_ habit: ForeignJSONValue) throws -> TableHabitFrequency {
    let note = "Table Habit's frequencies: 1 weekly \"[n]\", 2 monthly \"[n]\", 3 custom \"[n,days]\" (lib/models/habit_freq.dart:25-29, 66-100)"
    guard let typeValue = habit.member("freq_type") else { return .daily }
    let type = try enumValue(typeValue, in: 0...3, default: 3, what: "frequency type", note: note)
    guard type != 0 else { return TableHabitFrequency(type: 0, args: []) }
    guard let text = habit.member("freq_custom") else {
      throw habit.failure("missing \"freq_custom\" in \(habit.pointer)", note: note)
    }
    let nested = try self.nested(text, what: "freq_custom")
    guard case .array(let elements) = nested, elements.count == (type == 3 ? 2 : 1) else {
      throw text.failure("expected \(type == 3 ? "[n,days]" : "[n]") in the string at \(text.pointer), found \(ForeignJSONValue.describe(.string((try? text.string()) ?? "")))", note: note)
    }
    var args: [Int] = []
    for element in elements {
      guard case .number(let digits) = element, let number = Int(digits) else {
        throw text.failure("expected whole numbers in the string at \(text.pointer)", note: note)
      }
      args.append(number)
    }
    return TableHabitFrequency(type: type, args: args)
  }

  /// The JSON object in the string `reminder`.
  private func reminder(_ text: ForeignJSONValue) throws -> TableHabitReminder {
    let note = "Table Habit writes {\"type\":0-4,\"time\":{\"hour\":H,\"minute\":M},\"extra\":[...]} (lib/models/habit_reminder.dart:32-59)"
    let nested = try self.nested(text, what: "reminder")
    func int(_ value: JSONValue?, _ what: String) throws -> Int {
      guard case .number(let digits)? = value, let number = Int(digits) else {
        throw text.failure("expected a whole number as \(what) in the reminder at \(text.pointer)", note: note)
      }
      return number
    }
    guard case .object = nested else { throw text.failure("expected an object in the string at \(text.pointer)", note: note) }
    let type = try int(nested["type"], "\"type\"")
    guard (0...4).contains(type) else { throw text.failure("unknown reminder type \(type) at \(text.pointer)", note: note) }
    guard let time = nested["time"], case .object = time else {
      throw text.failure("expected \"time\": {\"hour\", \"minute\"} in the reminder at \(text.pointer)", note: note)
    }
    var extra: [Int] = []
    if let list = nested["extra"], list != .null {
      guard case .array(let elements) = list else { throw text.failure("expected an array as \"extra\" in the reminder at \(text.pointer)", note: note) }
      extra = try elements.map { try int($0, "an \"extra\" element") }
    }
    return TableHabitReminder(type: type, hour: try int(time["hour"], "\"hour\""), minute: try int(time["minute"], "\"minute\""),
                              extra: extra)
  }

  /// The JSON in a string member, errors placed at the string.
  private func nested(_ value: ForeignJSONValue, what: String) throws -> JSONValue {
    let text = try value.string()
    do {
      return try JSONText.parse(text)
    } catch {
      throw value.failure("\(what) at \(value.pointer) is not JSON: \(error.message) at character \(error.offset + 1) of the string",
                          note: "Table Habit writes \(what) as a string holding JSON")
    }
  }

  private mutating func warn(_ pointer: String, _ message: String) {
    warnings.append(Diagnostic(code: TableHabitCodec.keptInExtras.code, severity: .warning, message: message,
                               location: SourceLocation(pointer: pointer),
                               note: "writing Table Habit puts it back"))
  }
}
