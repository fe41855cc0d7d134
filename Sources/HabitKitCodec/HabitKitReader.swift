import TrackerCodec
import TrackerModel

/// Reads a HabitKit export into the model (`docs/habitkit.md` has the mapping and its evidence).
///
/// Completions are summed per habit and civil day (the instant plus that completion's
/// `timezoneOffsetInMinutes`) and judged by the interval in force on that day; what the model
/// has no field for goes to `extras["habitkit"]` under HabitKit's own keys, and
/// ``HabitKitWriter`` puts it back. Every value is type-checked where it is read, so an error
/// names its JSON pointer, line and column.
struct HabitKitReader {
  let document: ForeignJSON
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []
  private var unexpectedSeen = Set<String>()

  /// The extras namespace.
  static let namespace = "habitkit"
  /// Top-level members the descriptions name.
  static let topKeys: Set<String> = ["formatVersion", "habits", "completions", "intervals", "reminders", "categories",
                                     "categoryMappings"]
  /// Habit members the descriptions name (`iconName` is one reader's spelling of `icon`).
  static let habitKeys: Set<String> = ["id", "name", "description", "icon", "iconName", "color", "archived", "orderIndex",
                                       "createdAt", "isInverse", "inverseStartDate", "inverseSpanBounds", "emoji"]
  static let completionKeys: Set<String> = ["id", "date", "habitId", "timezoneOffsetInMinutes", "amountOfCompletions", "note"]
  static let intervalKeys: Set<String> = ["id", "habitId", "startDate", "endDate", "type", "requiredNumberOfCompletions",
                                          "requiredNumberOfCompletionsPerDay", "unitType", "streakType", "allowExceedingGoal"]
  static let reminderKeys: Set<String> = ["id", "habitId", "weekdayIndices", "hour", "minute"]

  init(document: ForeignJSON, options: [String: String]) {
    self.document = document
    self.options = options
  }

  /// A completion row as read: its day is decided once the habit's rows are grouped.
  struct Row {
    var instant: HabitKitInstant
    var offset: Int
    var amount: Int
    var note: String?
    var raw: [JSONMember]
    var pointer: String
  }

  mutating func read() throws -> TrackerDataset {
    let top = document.top
    var dataset = TrackerDataset()
    var kept: [JSONMember] = []
    for (key, value) in try top.members() where !Self.topKeys.contains(key) {
      kept.append(JSONMember(key, value.value))
      unexpected(value.pointer, "top-level member \"\(key)\"")
    }
    if let version = top.member("formatVersion") {
      let number = try version.int()
      if number != 2 {
        unexpected(version.pointer, "formatVersion \(number) (the descriptions show 2)")
        kept.insert(JSONMember("formatVersion", version.value), at: 0)
      }
    } else {
      unexpected("", "an export without \"formatVersion\"")
      kept.insert(JSONMember("formatVersion", .null), at: 0)
    }
    if !kept.isEmpty { dataset.extras[Self.namespace] = .object(kept) }

    // Categories, and which habit is in which.
    var categoryIDs = Set<String>()
    for category in try top.member("categories")?.elements() ?? [] {
      let id = try category.required("id").string()
      let name = try category.member("name").map { try $0.string() } ?? ""
      let rest = try category.members().filter { $0.key != "id" && $0.key != "name" }.map { JSONMember($0.key, $0.value.value) }
      categoryIDs.insert(id)
      dataset.categories.append(TrackerCategory(id: id, title: name, extras: rest.isEmpty ? [:] : [Self.namespace: .object(rest)]))
    }
    var mappings: [String: [(category: String, raw: [JSONMember])]] = [:]
    for mapping in try top.member("categoryMappings")?.elements() ?? [] {
      let habit = try mapping.required("habitId").string()
      let category = try mapping.required("categoryId").string()
      guard categoryIDs.contains(category) else {
        throw mapping.failure("categoryId \"\(category)\" at \(mapping.pointer) names no category in \"categories\"")
      }
      let raw = try mapping.members().filter { $0.key != "habitId" }.map { JSONMember($0.key, $0.value.value) }
      mappings[habit, default: []].append((category, raw))
    }

    var rows: [String: [Row]] = [:]
    for completion in try top.member("completions")?.elements() ?? [] {
      let habit = try completion.required("habitId").string()
      rows[habit, default: []].append(try row(completion))
    }
    var intervals: [String: [ForeignJSONValue]] = [:]
    for interval in try top.member("intervals")?.elements() ?? [] {
      intervals[try interval.required("habitId").string(), default: []].append(interval)
    }
    var reminders: [String: [ForeignJSONValue]] = [:]
    let reminderValues = try top.member("reminders")?.elements() ?? []
    for reminder in reminderValues {
      reminders[try reminder.required("habitId").string(), default: []].append(reminder)
    }
    let base = try weekdayBase(reminderValues)

    var ungrouped: TrackerCategory?
    var madeUp = 0
    var seenIDs = Set<String>()
    let habits = try top.required("habits").elements()
    for (position, habit) in habits.enumerated() {
      let id = try habit.required("id").string()
      guard seenIDs.insert(id).inserted else {
        throw habit.failure("habit id \"\(id)\" at \(habit.pointer) is repeated", note: "every HabitKit habit has its own id")
      }
      var read = try self.habit(habit, position: position, rows: rows[id] ?? [], intervals: intervals[id] ?? [],
                                reminders: reminders[id] ?? [], base: base, mappings: mappings[id] ?? [])
      if read.tracker.categoryId.isEmpty {
        if ungrouped == nil {
          let title = options["default-category"] ?? "HabitKit"
          ungrouped = TrackerCategory(id: StableID.uuid("habitkit-category:" + title), title: title,
                                      extras: [Self.namespace: .object([JSONMember("ungrouped", .bool(true))])])
        }
        read.tracker.categoryId = ungrouped?.id ?? ""
        read.tracker.invented.insert(.category)
      }
      if !read.tracker.invented.subtracting([.category]).isEmpty { madeUp += 1 }
      dataset.trackers.append(read.tracker)
      dataset.records += read.records
      dataset.entries += read.entries
    }
    let known = Set(habits.compactMap { $0.value["id"]?.stringValue })
    for (habit, list) in rows where !known.contains(habit) {
      throw document.failure(list[0].pointer + "/habitId", "completion of habit \"\(habit)\", which is not in \"habits\"")
    }
    if let ungrouped { dataset.categories.append(ungrouped) }
    if madeUp > 0 || ungrouped != nil {
      warnings.append(Diagnostic(
        code: HabitKitCodec.assignedDefaults.code, severity: .warning,
        message: "\(madeUp) HabitKit habit(s) without an emoji or a known colour got a palette emoji or colour chosen from the name"
          + (ungrouped.map { "; habits in no category went into category \"\($0.title)\"" } ?? ""),
        location: SourceLocation(pointer: "/habits"),
        note: "HabitKit's own icon and colour are kept in extras[\"habitkit\"] and written back when writing HabitKit"))
    }
    return dataset
  }

  // MARK: - Habits

  private mutating func habit(_ habit: ForeignJSONValue, position: Int, rows: [Row], intervals: [ForeignJSONValue],
                              reminders: [ForeignJSONValue], base: Int, mappings: [(category: String, raw: [JSONMember])])
    throws -> (tracker: Tracker, records: [TrackerRecord], entries: [TrackerEntry]) {
    var kept: [JSONMember] = []
    for (key, value) in try habit.members() where !Self.habitKeys.contains(key) {
      kept.append(JSONMember(key, value.value))
      unexpected(value.pointer, "habit member \"\(key)\"")
    }
    let id = try habit.required("id").string()
    let name = try habit.member("name").map { try $0.string() } ?? ""
    // The zone of the habit: its first completion's (HabitKit keeps none for the habit itself).
    let offset = rows.first?.offset ?? 0
    let inverse = try habit.member("isInverse")?.bool() ?? false
    let archived = try habit.member("archived")?.bool() ?? false

    let choice = PaletteEmoji.stableChoice(for: name)
    var invented: Set<InventedField> = []
    var emoji = try habit.member("emoji").map { try $0.string() } ?? ""
    if emoji.isEmpty {
      emoji = choice.emoji.rawValue
      invented.insert(.emoji)
    }
    var color = choice.color.rawValue
    if let value = habit.member("color") {
      if let rgb = HabitKitColor.rgb(value.value), let nearest = PaletteColor.nearest(toHex: rgb.hex) {
        color = nearest.rawValue
      } else {
        unexpected(value.pointer, "colour \(ForeignJSONValue.describe(value.value))")
        invented.insert(.color)
      }
      if value.value != .string(HabitKitColor.name(forHex: color)) { kept.append(JSONMember("color", value.value)) }
    } else {
      invented.insert(.color)
    }
    for key in ["icon", "iconName"] {
      if let icon = habit.member(key) {
        _ = try icon.string()
        kept.append(JSONMember(key, icon.value))
      }
    }
    if let order = habit.member("orderIndex"), try order.int() != position { kept.append(JSONMember("orderIndex", order.value)) }
    var createdOn: LocalDate?
    if let created = habit.member("createdAt") {
      let instant = try self.instant(created)
      createdOn = instant.day(offset: offset)
      kept.append(JSONMember("createdAt", created.value))
    }
    if let start = habit.member("inverseStartDate") {
      let text = try start.string()
      guard LocalDate(text) != nil else { throw start.failure("expected a day YYYY-MM-DD at \(start.pointer), found \"\(text)\"") }
      kept.append(JSONMember("inverseStartDate", start.value))
    }
    if let bounds = habit.member("inverseSpanBounds") {
      _ = try bounds.elements()
      if bounds.value != .array([]) { kept.append(JSONMember("inverseSpanBounds", bounds.value)) }
    }
    if inverse, !kept.contains(where: { $0.key == "isInverse" }) { kept.append(JSONMember("isInverse", .bool(true))) }
    var description = try habit.member("description").map { try $0.string() }
    if description == "" {
      description = nil
      kept.append(JSONMember("description", .string("")))
    }

    // Intervals: the last one plans the model; each day is judged by the one in force.
    var plans: [HabitKitInterval] = []
    for interval in intervals { plans.append(try self.interval(interval, offset: offset)) }
    let current = plans.last { $0.end == nil } ?? plans.max { ($0.start ?? LocalDate(dayNumber: .min)) < ($1.start ?? LocalDate(dayNumber: .min)) }
    var goal = current?.model.goal
    let frequency = inverse ? nil : current?.model.frequency
    if inverse { goal = TrackerGoal(target: 0, direction: .atMost, unit: nil) }
    let made = HabitKitInterval(goal: inverse ? nil : goal, frequency: frequency, start: createdOn)
    let plainInterval = intervals.count == 1
      && Self.withoutHabit(intervals[0].value) == Self.withoutHabit(HabitKitWriter.intervalObject(made, habitId: id, offset: offset))
    if !intervals.isEmpty, !plainInterval {
      kept.append(JSONMember("intervals", .array(intervals.map { Self.withoutHabit($0.value) })))
    }

    // Reminders.
    var modelReminders: [TrackerReminder] = []
    for reminder in reminders { modelReminders.append(try self.reminder(reminder, base: base)) }
    let plainReminders = base == 1 && reminders.count == modelReminders.count && zip(modelReminders, reminders).enumerated().allSatisfy {
      Self.withoutHabit(HabitKitWriter.reminderObject($0.element.0, habitId: id, index: $0.offset)) == Self.withoutHabit($0.element.1.value)
    }
    if !reminders.isEmpty, !plainReminders {
      kept.append(JSONMember("reminders", .array(reminders.map { Self.withoutHabit($0.value) })))
      if base != 1 { kept.append(JSONMember("weekdayBase", .number(String(base)))) }
    }

    // Categories.
    var categoryId = ""
    if let first = mappings.first {
      categoryId = first.category
      let plain = mappings.count == 1
        && .object(first.raw) == Self.withoutHabit(HabitKitWriter.mappingObject(habitId: id, categoryId: first.category, createdAt: habit.member("createdAt")?.value.stringValue ?? ""))
      if !plain { kept.append(JSONMember("categoryMappings", .array(mappings.map { .object($0.raw) }))) }
    }

    var tracker = Tracker(id: id, kind: .habit, name: name, categoryId: categoryId, emoji: emoji, color: color,
                          schedule: Weekday.allCases, createdOn: createdOn, archived: archived, description: description,
                          goal: goal, frequency: frequency, reminders: modelReminders,
                          extras: kept.isEmpty ? [:] : [Self.namespace: .object(kept)])
    tracker.invented = invented
    let days = self.days(rows, of: tracker, plans: plans, inverse: inverse)
    return (tracker, days.records, days.entries)
  }

  static func withoutHabit(_ value: JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.filter { $0.key != "habitId" })
  }

  // MARK: - Days

  /// The habit's rows summed per civil day: a completed day is a record, another day an entry.
  /// Rows the writer would not write the same way (their ids, instants, offsets, or several on
  /// a day) are kept in the day's extras.
  private func days(_ rows: [Row], of tracker: Tracker, plans: [HabitKitInterval], inverse: Bool)
    -> (records: [TrackerRecord], entries: [TrackerEntry]) {
    var order: [LocalDate] = []
    var byDay: [LocalDate: [Row]] = [:]
    for row in rows {
      let day = row.instant.day(offset: row.offset)
      if byDay[day] == nil { order.append(day) }
      byDay[day, default: []].append(row)
    }
    var records: [TrackerRecord] = []
    var entries: [TrackerEntry] = []
    for day in order {
      let list = byDay[day] ?? []
      let sum = list.reduce(0) { $0 + $1.amount }
      let notes = list.compactMap(\.note).filter { !$0.isEmpty }
      let note = notes.isEmpty ? nil : notes.joined(separator: "\n")
      var kept: [JSONMember] = []
      let plain = list.count == 1 && list[0].raw == HabitKitWriter.rowMembers(habitId: tracker.id, day: day, amount: sum, offset: 0,
                                                                               note: list[0].note)
      if !plain { kept.append(JSONMember("completions", .array(list.map { .object($0.raw) }))) }
      if inverse {
        if sum == 0 {
          records.append(TrackerRecord(trackerId: tracker.id, date: day, note: note, extras: extras(kept)))
        } else {
          entries.append(TrackerEntry(trackerId: tracker.id, date: day, amount: Double(sum), note: note, extras: extras(kept)))
        }
        continue
      }
      let plan = plans.first { $0.covers(day) } ?? plans.first
      let completed = plan.map { $0.completes(sum) } ?? (sum > 0)
      if sum == 0 {
        entries.append(TrackerEntry(trackerId: tracker.id, date: day, note: note, extras: extras(kept)))
      } else if completed {
        // The amount goes with the model's goal when it meets it; else (a yes/no habit, or a day
        // met under an earlier, smaller goal) it is kept for HabitKit.
        var amount: Double?
        if let goal = tracker.goal, goal.isMet(by: Double(sum)) {
          amount = Double(sum)
        } else if sum != HabitKitWriter.defaultAmount(of: tracker) {
          kept.append(JSONMember("amountOfCompletions", .number(String(sum))))
        }
        records.append(TrackerRecord(trackerId: tracker.id, date: day, amount: amount, note: note, extras: extras(kept)))
      } else {
        entries.append(TrackerEntry(trackerId: tracker.id, date: day, amount: Double(sum), note: note, extras: extras(kept)))
      }
    }
    return (records, entries)
  }

  private func extras(_ kept: [JSONMember]) -> Extras {
    kept.isEmpty ? [:] : [Self.namespace: .object(kept)]
  }

  // MARK: - Values

  private mutating func row(_ completion: ForeignJSONValue) throws -> Row {
    for (key, value) in try completion.members() where !Self.completionKeys.contains(key) {
      unexpected(value.pointer, "completion member \"\(key)\"")
    }
    let instant = try self.instant(try completion.required("date"))
    var offset = 0
    if let value = completion.member("timezoneOffsetInMinutes") {
      offset = try value.int()
      guard (-24 * 60...24 * 60).contains(offset) else {
        throw value.failure("time zone offset \(offset) at \(value.pointer) is more than a day",
                            note: "HabitKit writes the device's offset from UTC in minutes (120 for UTC+2)")
      }
    }
    var amount = 1
    if let value = completion.member("amountOfCompletions") {
      amount = try value.int()
      guard amount >= 0 else { throw value.failure("negative amountOfCompletions \(amount) at \(value.pointer)") }
    }
    let note = try completion.member("note").map { try $0.string() }
    let raw = try completion.members().filter { $0.key != "habitId" }.map { JSONMember($0.key, $0.value.value) }
    return Row(instant: instant, offset: offset, amount: amount, note: note, raw: raw, pointer: completion.pointer)
  }

  private func instant(_ value: ForeignJSONValue) throws -> HabitKitInstant {
    let text = try value.string()
    guard let instant = HabitKitInstant(text), LocalDate.dayNumbers.contains(instant.minutes / 1440) else {
      throw value.failure("expected an instant like 2026-08-26T22:00:00.000Z at \(value.pointer), found \"\(text.prefix(40))\"",
                          note: "HabitKit writes instants in UTC, ISO 8601")
    }
    return instant
  }

  private mutating func interval(_ value: ForeignJSONValue, offset: Int) throws -> HabitKitInterval {
    for (key, member) in try value.members() where !Self.intervalKeys.contains(key) {
      unexpected(member.pointer, "interval member \"\(key)\"")
    }
    let type = try value.member("type").map { try $0.string() } ?? "none"
    if !HabitKitInterval.types.contains(type), let member = value.member("type") {
      unexpected(member.pointer, "interval type \"\(type)\" (read as a goal per day)")
    }
    let required = try value.member("requiredNumberOfCompletions").map { try $0.int() }
    let perDay = try value.member("requiredNumberOfCompletionsPerDay").map { try $0.int() } ?? 1
    let start = try value.member("startDate").map { try instant($0).day(offset: offset) }
    let end = try value.member("endDate").map { try instant($0).day(offset: offset) }
    for key in ["unitType", "streakType"] {
      if let member = value.member(key) {
        let text = try member.string()
        let known = key == "unitType" ? ["incremental", "manual"] : ["day", "week", "month"]
        if !known.contains(text) { unexpected(member.pointer, "\(key) \"\(text)\"") }
      }
    }
    if let flag = value.member("allowExceedingGoal") { _ = try flag.bool() }
    return HabitKitInterval(type: HabitKitInterval.types.contains(type) ? type : "none", required: required,
                            perDay: max(perDay, 1), start: start, end: end)
  }

  /// The base of `weekdayIndices`, which no description states: 1 (Monday 1 ... Sunday 7, as
  /// Dart's `DateTime.weekday` counts) unless some reminder has a 0 and none a 7, which reads as
  /// Monday 0 ... Sunday 6. Either way a file with reminders is told which was taken.
  private mutating func weekdayBase(_ reminders: [ForeignJSONValue]) throws -> Int {
    var all: [Int] = []
    for reminder in reminders {
      for index in try reminder.member("weekdayIndices")?.elements() ?? [] { all.append(try index.int()) }
    }
    guard !all.isEmpty else { return 1 }
    let base = all.contains(0) && !all.contains(7) ? 0 : 1
    warnings.append(Diagnostic(
      code: HabitKitCodec.weekdayBase.code, severity: .warning,
      message: base == 1 ? "reminders' weekdayIndices read as Monday 1 … Sunday 7" : "reminders' weekdayIndices hold a 0, so they are read as Monday 0 … Sunday 6",
      location: SourceLocation(pointer: "/reminders"),
      note: "no description of HabitKit's export says how it counts weekdays; the indices are kept and written back as read"))
    return base
  }

  private func reminder(_ value: ForeignJSONValue, base: Int) throws -> TrackerReminder {
    let hour = try value.required("hour").int(), minute = try value.member("minute")?.int() ?? 0
    guard (0...23).contains(hour), (0...59).contains(minute) else {
      throw value.failure("reminder time \(hour):\(minute) at \(value.pointer) is not a time of day")
    }
    var days = Set<Weekday>()
    for index in try value.member("weekdayIndices")?.elements() ?? [] {
      let n = try index.int() - base
      guard (0...6).contains(n) else {
        throw index.failure("weekday index \(n + base) at \(index.pointer) is outside \(base)…\(base + 6)")
      }
      days.insert(Weekday.allCases[n])
    }
    let time = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    return TrackerReminder(time: time, days: days.isEmpty || days.count == 7 ? nil : Weekday.allCases.filter(days.contains))
  }

  /// A warning, once per kind of value, that the file holds something no description shows.
  private mutating func unexpected(_ pointer: String, _ what: String) {
    let kind = String(what.prefix { $0 != "\"" && $0 != "(" })
    guard unexpectedSeen.insert(kind).inserted else { return }
    warnings.append(Diagnostic(
      code: HabitKitCodec.unexpected.code, severity: .warning,
      message: "\(what) at \(pointer.isEmpty ? "the top level" : pointer) is in no description of HabitKit's export; it is kept as read",
      location: SourceLocation(pointer: pointer),
      note: "please send a sample (trackport anonymize makes one safe to share): HabitKit's format is known only from other readers"))
  }
}
