import TrackerCodec
import TrackerModel

/// Writes the model as a HabitKit export (`formatVersion` 2), which HabitKit's own restore
/// reads, in one line as the apps' JSON encoders write it.
///
/// Values the reader kept in `extras["habitkit"]` (ids, instants and offsets of completions,
/// the history of intervals, icons, colour names, reminders' weekday indices) are written back
/// where they still say what the model says, so a HabitKit file read and written again keeps
/// them; anything else is written from the model.
struct HabitKitWriter {
  let dataset: TrackerDataset
  let fileName: String

  /// - Throws: ``CodecError`` `.io` when a value kept in extras cannot be written as JSON.
  func bytes() throws -> [UInt8] {
    let invented = dataset.inventedCategoryIds
    let categories = dataset.categories.filter { !Self.isUngrouped($0) && !invented.contains($0.id) }
    let categoryIDs = Dictionary(categories.map { ($0.id, Self.uuid($0.id, "habitkit-category:")) }, uniquingKeysWith: { a, _ in a })
    var habits: [JSONValue] = [], completions: [JSONValue] = [], intervals: [JSONValue] = []
    var reminders: [JSONValue] = [], mappings: [JSONValue] = []
    var categoryCreated: [String: String] = [:]
    for (position, item) in Self.habits(of: dataset).enumerated() {
      let tracker = item.tracker
      let id = Self.uuid(tracker.id, "habitkit:")
      let rows = item.days.flatMap { rowsOf($0, tracker: tracker, habitId: id) }
      let offset = Self.int(rows.first?["timezoneOffsetInMinutes"]) ?? 0
      let created = createdAt(tracker, offset: offset)
      habits.append(habit(tracker, id: id, position: position, createdAt: created))
      completions += rows
      intervals += intervalsOf(tracker, habitId: id, offset: offset)
      reminders += remindersOf(tracker, habitId: id)
      if let category = categoryIDs[tracker.categoryId], !tracker.invented.contains(.category) {
        if categoryCreated[tracker.categoryId] == nil { categoryCreated[tracker.categoryId] = created }
        mappings += mappingsOf(tracker, habitId: id, categoryId: category, createdAt: created)
      }
    }
    let categoryValues = categories.enumerated().map { index, category in
      self.category(category, id: categoryIDs[category.id] ?? category.id, index: index,
                    createdAt: categoryCreated[category.id] ?? "2000-01-01T12:00:00.000000Z")
    }
    let kept = Self.kept(dataset.extras)
    let version = kept["formatVersion"].flatMap { $0 == .null ? nil : $0 } ?? .number("2")
    var root = [JSONMember("formatVersion", version), JSONMember("habits", .array(habits)),
                JSONMember("completions", .array(completions)), JSONMember("intervals", .array(intervals)),
                JSONMember("reminders", .array(reminders)), JSONMember("categories", .array(categoryValues)),
                JSONMember("categoryMappings", .array(mappings))]
    if case .object(let members)? = dataset.extras[HabitKitReader.namespace] {
      root += members.filter { $0.key != "formatVersion" && !HabitKitReader.topKeys.contains($0.key) }
    }
    do {
      return Array(try JSONText.compact(.object(root)).utf8)
    } catch {
      throw CodecError(.io, "cannot write HabitKit: \(error.message)", location: SourceLocation(file: fileName))
    }
  }

  // MARK: - Plan

  /// The habits written, in order, with their days: a day's record, else its first entry; a
  /// second mark on a day, events and a repeated id's later trackers are left out.
  static func habits(of dataset: TrackerDataset) -> [(tracker: Tracker, days: [Day])] {
    var records: [String: [TrackerRecord]] = [:]
    for record in dataset.records { records[record.trackerId, default: []].append(record) }
    var entries: [String: [TrackerEntry]] = [:]
    for entry in dataset.entries { entries[entry.trackerId, default: []].append(entry) }
    var seen = Set<String>()
    return dataset.trackers.filter { $0.kind == .habit }.map { tracker in
      guard seen.insert(tracker.id).inserted else { return (tracker, []) }
      var byDay: [LocalDate: Day] = [:]
      for record in records[tracker.id] ?? [] where byDay[record.date] == nil { byDay[record.date] = .record(record) }
      // HabitKit has no skipping: a skipped day is left out.
      for entry in entries[tracker.id] ?? [] where byDay[entry.date] == nil && !entry.skipped { byDay[entry.date] = .entry(entry) }
      return (tracker, byDay.values.sorted { $0.date < $1.date })
    }
  }

  /// A day written for a habit.
  enum Day {
    case record(TrackerRecord)
    case entry(TrackerEntry)

    var date: LocalDate {
      switch self {
      case .record(let r): r.date
      case .entry(let e): e.date
      }
    }
  }

  // MARK: - Habits

  private func habit(_ tracker: Tracker, id: String, position: Int, createdAt: String) -> JSONValue {
    let kept = Self.kept(tracker.extras)
    let inverse = tracker.goal?.direction == .atMost
    let invented = tracker.invented
    var color = JSONValue.string(HabitKitColor.name(forHex: tracker.color))
    if let original = kept["color"], let rgb = HabitKitColor.rgb(original),
       PaletteColor.nearest(toHex: rgb.hex)?.rawValue == tracker.color || invented.contains(.color) {
      color = original
    }
    let iconKey = kept["iconName"] != nil && kept["icon"] == nil ? "iconName" : "icon"
    var description = tracker.description.map(JSONValue.string) ?? .null
    if tracker.description == nil, kept["description"] == .string("") { description = .string("") }
    var members = [
      JSONMember("id", .string(id)), JSONMember("name", .string(tracker.name)), JSONMember("description", description),
      JSONMember(iconKey, kept[iconKey] ?? .string("activity")), JSONMember("color", color),
      JSONMember("archived", .bool(tracker.archived)),
      JSONMember("orderIndex", kept["orderIndex"] ?? .number(String(position))),
      JSONMember("createdAt", .string(createdAt)), JSONMember("isInverse", .bool(inverse)),
      JSONMember("inverseStartDate", kept["inverseStartDate"] ?? (inverse ? tracker.createdOn.map { .string($0.description) } ?? .null : .null)),
      JSONMember("inverseSpanBounds", kept["inverseSpanBounds"] ?? .array([])),
      JSONMember("emoji", invented.contains(.emoji) ? .null : tracker.emoji.map(JSONValue.string) ?? .null),
    ]
    if case .object(let extra)? = tracker.extras[HabitKitReader.namespace] {
      members += extra.filter { !HabitKitReader.habitKeys.contains($0.key) && !Self.ownKeys.contains($0.key) }
    }
    return .object(members)
  }

  /// Keys of a habit's extras that are not HabitKit habit members but the reader's notes.
  static let ownKeys: Set<String> = ["intervals", "reminders", "weekdayBase", "categoryMappings", "isInverse", "ungrouped"]

  /// The kept `createdAt` when it still falls on the model's creation day in the habit's zone,
  /// else noon of that day there (noon, so that the day survives any offset).
  private func createdAt(_ tracker: Tracker, offset: Int) -> String {
    let kept = Self.kept(tracker.extras)
    if let text = kept["createdAt"]?.stringValue, let instant = HabitKitInstant(text), instant.day(offset: offset) == tracker.createdOn {
      return text
    }
    let day = tracker.createdOn ?? Self.firstDay(of: tracker, in: dataset) ?? LocalDate(dayNumber: 0)
    return HabitKitInstant(day: day, minuteOfDay: 12 * 60, offset: offset).microsecondText
  }

  private static func firstDay(of tracker: Tracker, in dataset: TrackerDataset) -> LocalDate? {
    dataset.records.lazy.filter { $0.trackerId == tracker.id }.map(\.date).min()
  }

  // MARK: - Completions

  /// The members of the one row the writer makes for a day (without `habitId`), which the reader
  /// compares a file's row with to know whether to keep it.
  static func rowMembers(habitId: String, day: LocalDate, amount: Int, offset: Int, note: String?) -> [JSONMember] {
    [JSONMember("id", .string(StableID.uuid("habitkit-completion:\(habitId):\(day)").lowercased())),
     JSONMember("date", .string(HabitKitInstant(day: day, offset: offset).text)),
     JSONMember("timezoneOffsetInMinutes", .number(String(offset))),
     JSONMember("amountOfCompletions", .number(String(amount))),
     JSONMember("note", note.map(JSONValue.string) ?? .null)]
  }

  /// The rows of one day: the kept rows when they still sum to the amount, fall on the day and
  /// carry the note; else one row at the day's midnight in UTC.
  private func rowsOf(_ day: Day, tracker: Tracker, habitId: String) -> [JSONValue] {
    let (amount, note, extras) = Self.amount(of: day, tracker: tracker)
    if case .array(let kept)? = Self.kept(extras)["completions"], !kept.isEmpty {
      var sum = 0, fits = true
      var notes: [String] = []
      for case .object(let row) in kept {
        let value = JSONValue.object(row)
        guard let n = Self.int(value["amountOfCompletions"]) ?? (value["amountOfCompletions"] == nil ? 1 : nil),
              let text = value["date"]?.stringValue, let instant = HabitKitInstant(text),
              instant.day(offset: Self.int(value["timezoneOffsetInMinutes"]) ?? 0) == day.date else { fits = false; break }
        sum += n
        if let text = value["note"]?.stringValue, !text.isEmpty { notes.append(text) }
      }
      if fits, kept.count > 0, sum == amount, (notes.isEmpty ? nil : notes.joined(separator: "\n")) == note {
        return kept.compactMap { row in
          guard case .object(let members) = row else { return nil }
          var out = members
          out.insert(JSONMember("habitId", .string(habitId)), at: min(2, out.count))
          return .object(out)
        }
      }
    }
    var members = Self.rowMembers(habitId: habitId, day: day.date, amount: amount, offset: 0, note: note)
    members.insert(JSONMember("habitId", .string(habitId)), at: 2)
    return [.object(members)]
  }

  /// A day's number of completions, note and extras as written: a record's amount (or the one
  /// kept, or the goal's number for a yes/no day), an entry's amount (0 without one); for an
  /// inverse habit a clean day is 0 slips and an entry's amount the slips.
  static func amount(of day: Day, tracker: Tracker) -> (Int, String?, Extras) {
    func whole(_ x: Double) -> Int { x.isFinite ? Int(max(0, min(x.rounded(), 1_000_000_000))) : 0 }
    switch day {
    case .record(let record):
      if tracker.goal?.direction == .atMost { return (record.amount.map(whole) ?? 0, record.note, record.extras) }
      if let kept = int(kept(record.extras)["amountOfCompletions"]) { return (kept, record.note, record.extras) }
      if let amount = record.amount { return (whole(amount), record.note, record.extras) }
      return (defaultAmount(of: tracker), record.note, record.extras)
    case .entry(let entry):
      return (entry.amount.map(whole) ?? 0, entry.note, entry.extras)
    }
  }

  /// What a completed day without an amount is written as: the goal's number a day, else 1.
  static func defaultAmount(of tracker: Tracker) -> Int {
    guard let goal = tracker.goal, goal.direction == .atLeast, goal.period.isDay, goal.target.isFinite else { return 1 }
    return max(1, Int(min(goal.target.rounded(.up), 1_000_000)))
  }

  // MARK: - Intervals

  /// The interval object the writer makes for `interval` (its `endDate` open).
  static func intervalObject(_ interval: HabitKitInterval, habitId: String, offset: Int) -> JSONValue {
    .object([
      JSONMember("id", .string(StableID.uuid("habitkit-interval:\(habitId)").lowercased())), JSONMember("habitId", .string(habitId)),
      JSONMember("startDate", .string(HabitKitInstant(day: interval.start ?? LocalDate(dayNumber: 0), offset: offset).text)),
      JSONMember("endDate", .null), JSONMember("type", .string(interval.type)),
      JSONMember("requiredNumberOfCompletions", interval.required.map { .number(String($0)) } ?? .null),
      JSONMember("requiredNumberOfCompletionsPerDay", .number(String(interval.perDay))),
      JSONMember("unitType", .string("incremental")), JSONMember("streakType", .string("day")),
      JSONMember("allowExceedingGoal", .bool(false)),
    ])
  }

  /// The rule of an interval object (its days left out).
  static func rule(_ value: JSONValue) -> HabitKitInterval {
    let type = value["type"]?.stringValue ?? "none"
    return HabitKitInterval(type: HabitKitInterval.types.contains(type) ? type : "none", required: int(value["requiredNumberOfCompletions"]),
                            perDay: max(int(value["requiredNumberOfCompletionsPerDay"]) ?? 1, 1), start: nil, end: nil)
  }

  /// Whether two rules plan the same in the model (an inverse habit's rules all do).
  static func plansAlike(_ a: HabitKitInterval, _ b: HabitKitInterval) -> Bool {
    a.model.goal == b.model.goal && a.model.frequency == b.model.frequency
  }

  private func intervalsOf(_ tracker: Tracker, habitId: String, offset: Int) -> [JSONValue] {
    let inverse = tracker.goal?.direction == .atMost
    let made = HabitKitInterval(goal: inverse ? nil : tracker.goal, frequency: inverse ? nil : tracker.frequency,
                                start: tracker.createdOn ?? Self.firstDay(of: tracker, in: dataset))
    if case .array(let kept)? = Self.kept(tracker.extras)["intervals"], !kept.isEmpty {
      let current = kept.last { $0["endDate"] == nil || $0["endDate"] == .null } ?? kept[kept.count - 1]
      if inverse || Self.plansAlike(Self.rule(current), made) {
        return kept.map { value in
          guard case .object(var members) = value else { return value }
          members.insert(JSONMember("habitId", .string(habitId)), at: min(1, members.count))
          return .object(members)
        }
      }
    }
    return [Self.intervalObject(made, habitId: habitId, offset: offset)]
  }

  // MARK: - Reminders and categories

  /// A reminder as the writer makes it: weekdays counted Monday 1 … Sunday 7.
  static func reminderObject(_ reminder: TrackerReminder, habitId: String, index: Int) -> JSONValue {
    let days = (reminder.days ?? Weekday.allCases).map { JSONValue.number(String($0.index + 1)) }
    let parts = reminder.time.split(separator: ":").compactMap { Int($0) }
    return .object([
      JSONMember("id", .string(StableID.uuid("habitkit-reminder:\(habitId):\(index)").lowercased())),
      JSONMember("habitId", .string(habitId)), JSONMember("weekdayIndices", .array(days)),
      JSONMember("hour", .number(String(parts.first ?? 0))), JSONMember("minute", .number(String(parts.count > 1 ? parts[1] : 0))),
    ])
  }

  /// The reminders as the model decodes `kept` (HabitKit's objects) with the weekday `base`.
  static func decoded(_ kept: [JSONValue], base: Int) -> [TrackerReminder]? {
    var result: [TrackerReminder] = []
    for value in kept {
      guard let hour = int(value["hour"]) else { return nil }
      let minute = int(value["minute"]) ?? 0
      var days = Set<Weekday>()
      if case .array(let indices)? = value["weekdayIndices"] {
        for index in indices {
          guard let n = int(index).map({ $0 - base }), (0...6).contains(n) else { return nil }
          days.insert(Weekday.allCases[n])
        }
      }
      let time = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
      result.append(TrackerReminder(time: time, days: days.isEmpty || days.count == 7 ? nil : Weekday.allCases.filter(days.contains)))
    }
    return result
  }

  private func remindersOf(_ tracker: Tracker, habitId: String) -> [JSONValue] {
    let kept = Self.kept(tracker.extras)
    if case .array(let raw)? = kept["reminders"], Self.decoded(raw, base: Self.int(kept["weekdayBase"]) ?? 1) == tracker.reminders {
      return raw.map { value in
        guard case .object(var members) = value else { return value }
        members.insert(JSONMember("habitId", .string(habitId)), at: min(1, members.count))
        return .object(members)
      }
    }
    return tracker.reminders.filter { Self.isTime($0.time) }.enumerated().map {
      Self.reminderObject($0.element, habitId: habitId, index: $0.offset)
    }
  }

  /// `HH:MM` with an hour and a minute HabitKit can ring at.
  static func isTime(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let h = Int(parts[0]), let m = Int(parts[1]) else { return false }
    return (0...23).contains(h) && (0...59).contains(m)
  }

  private func mappingsOf(_ tracker: Tracker, habitId: String, categoryId: String, createdAt: String) -> [JSONValue] {
    if case .array(let kept)? = Self.kept(tracker.extras)["categoryMappings"], let first = kept.first,
       first["categoryId"]?.stringValue == categoryId {
      return kept.map { value in
        guard case .object(var members) = value else { return value }
        members.insert(JSONMember("habitId", .string(habitId)), at: min(1, members.count))
        return .object(members)
      }
    }
    return [Self.mappingObject(habitId: habitId, categoryId: categoryId, createdAt: createdAt)]
  }

  /// The one mapping the writer makes for a habit in a category.
  static func mappingObject(habitId: String, categoryId: String, createdAt: String) -> JSONValue {
    .object([
      JSONMember("id", .string(StableID.uuid("habitkit-mapping:\(habitId):\(categoryId)").lowercased())),
      JSONMember("habitId", .string(habitId)), JSONMember("categoryId", .string(categoryId)),
      JSONMember("orderIndex", .number("0")), JSONMember("createdAt", .string(createdAt)),
    ])
  }

  private func category(_ category: TrackerCategory, id: String, index: Int, createdAt: String) -> JSONValue {
    let kept = Self.kept(category.extras)
    var members = [JSONMember("id", .string(id)), JSONMember("name", .string(category.title)),
                   JSONMember("icon", kept["icon"] ?? .string("activity")),
                   JSONMember("orderIndex", kept["orderIndex"] ?? .number(String(index))),
                   JSONMember("createdAt", kept["createdAt"] ?? .string(createdAt))]
    if case .object(let extra)? = category.extras[HabitKitReader.namespace] {
      members += extra.filter { !["icon", "orderIndex", "createdAt", "ungrouped"].contains($0.key) }
    }
    return .object(members)
  }

  // MARK: - Values

  static func isUngrouped(_ category: TrackerCategory) -> Bool {
    kept(category.extras)["ungrouped"] == .bool(true)
  }

  /// `extras["habitkit"]` as a dictionary (the last of a repeated key).
  static func kept(_ extras: Extras) -> [String: JSONValue] {
    guard case .object(let members)? = extras[HabitKitReader.namespace] else { return [:] }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  static func int(_ value: JSONValue?) -> Int? {
    guard case .number(let text)? = value else { return nil }
    return Int(text) ?? Double(text).flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
  }

  /// `id` when it is UUID-shaped (HabitKit's ids are), else a stable UUID derived from it.
  static func uuid(_ id: String, _ prefix: String) -> String {
    let hex = id.utf8.filter { $0 != UInt8(ascii: "-") }
    let shaped = id.utf8.count == 36 && hex.count == 32 && hex.allSatisfy {
      (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
    }
    return shaped ? id : StableID.uuid(prefix + id).lowercased()
  }
}
