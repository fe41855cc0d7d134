import TrackerCodec
import TrackerModel

/// What writing a dataset to a Habo backup gives: the backup's JSON, and what it could not
/// carry, counted once for both ``HaboCodec/losses(writing:to:options:)`` and
/// ``HaboCodec/encode(_:to:context:)`` so the warnings say what the file really lost.
///
/// The backup is the current envelope of `lib/repositories/sqlite_backup_repository.dart:16-106`
/// with habits as `lib/habits/habit.dart:54-92` writes them: integers 0/1 for flags, an `id`
/// for every habit and category, the `categories` key even when empty, event keys
/// `DateTime.utc(y, m, d, 12).toString()` (`lib/helpers.dart:14-16`).
struct HaboBackupPlan {
  /// The backup, as Habo's `jsonEncode` would write it (key order included).
  private(set) var backup: JSONValue = .null
  /// Parts of the model left out, with counts.
  private(set) var lost: [ModelField: Int] = [:]
  /// `lossy-frequency` warnings: habits planned on fewer weekdays, or with a frequency.
  private(set) var plannedEveryDay: [(index: Int, tracker: Tracker)] = []

  /// The `export_timestamp` written when the dataset kept none (`metadata` of a Habo backup read before).
  init(_ dataset: TrackerDataset, exportTimestamp: @autoclosure () -> String) {
    let categories = writeCategories(dataset)
    let habits = writeHabits(dataset, categories: categories)
    lost[.tasks] = ModelField.tasks.count(in: dataset)
    lost[.taskReminders] = ModelField.taskReminders.count(in: dataset)
    lost[.taskAttachments] = ModelField.taskAttachments.count(in: dataset)
    lost[.taskCategoryOrder] = ModelField.taskCategoryOrder.count(in: dataset)
    lost[.extras, default: 0] += (Self.foreignExtras(dataset.extras) ? 1 : 0) + dataset.tasks.count { !$0.extras.isEmpty }

    let kept = HaboExtras.members(dataset.extras)
    let metadata = kept.first { $0.key == HaboExtras.metadata }?.value
    let timestamp = metadata?["export_timestamp"]?.stringValue ?? exportTimestamp()
    let events = kept.first { $0.key == HaboExtras.events }?.value ?? .object([])
    backup = .object([
      JSONMember("habits", .array(habits.objects)),
      JSONMember("events", events),
      JSONMember("categories", .array(categories.objects)),
      JSONMember("habit_categories", .array(habits.links.map { .object([JSONMember("habit_id", Self.int($0.habit)), JSONMember("category_id", Self.int($0.category))]) })),
      JSONMember("metadata", .object([
        JSONMember("export_timestamp", .string(timestamp)),
        JSONMember("version", .string("1.0")),
        JSONMember("total_habits", Self.int(habits.objects.count)),
        JSONMember("total_categories", Self.int(categories.objects.count)),
        JSONMember("total_associations", Self.int(habits.links.count)),
      ])),
    ])
  }

  // MARK: Categories

  private struct Categories {
    var objects: [JSONValue] = []
    /// Habo's integer id by canonical id, and the object of each for habits' embedded copies.
    var number: [String: Int] = [:]
    var object: [String: JSONValue] = [:]
  }

  /// `lib/model/category.dart:51-61`: id, uuid, title, iconCodePoint, fontFamily, deleted_at,
  /// updated_at. A category a reader made up (Habo's own assigned one, or every tracker in it
  /// marks its category ``Tracker/invented``) is not written.
  private mutating func writeCategories(_ dataset: TrackerDataset) -> Categories {
    var result = Categories()
    // Also a category another reader made up (Loop's "Loop Habit Tracker"): Habo's categories are optional.
    let invented = dataset.inventedCategoryIds
    let written = dataset.categories.filter { category in
      !HaboExtras.members(category.extras).contains { $0.key == HaboExtras.assigned && $0.value == .bool(true) }
        && !invented.contains(category.id)
    }
    var seen: Set<String> = []
    let unique = written.filter { seen.insert($0.id).inserted }
    // A repeated id is one category in Habo's links: the later ones are left out.
    if written.count > unique.count { lost[.categories, default: 0] += written.count - unique.count }
    let numbers = Self.numbers(unique.map { Self.intMember(HaboExtras.members($0.extras), "id") })
    for (category, number) in zip(unique, numbers) {
      let kept = HaboExtras.members(category.extras)
      if !Self.isUUID(category.id) { lost[.categoryIds, default: 0] += 1 }
      if Self.foreignExtras(category.extras) { lost[.extras, default: 0] += 1 }
      var members = [
        JSONMember("id", Self.int(number)),
        JSONMember("uuid", .string(Self.uuid(category.id, namespace: "habo-category:"))),
        JSONMember("title", .string(category.title)),
        JSONMember("iconCodePoint", Self.intMember(kept, "iconCodePoint").map(Self.int) ?? Self.int(HaboCodec.defaultIconCodePoint)),
        JSONMember("fontFamily", kept.first { $0.key == "fontFamily" }?.value.stringValue.map(JSONValue.string) ?? .null),
        JSONMember("deleted_at", kept.first { $0.key == "deleted_at" }?.value.stringValue.map(JSONValue.string) ?? .null),
      ]
      if let updated = kept.first(where: { $0.key == "updated_at" })?.value.stringValue {
        members.append(JSONMember("updated_at", .string(updated)))
      }
      let object = JSONValue.object(members)
      result.objects.append(object)
      result.number[category.id] = number
      result.object[category.id] = object
    }
    return result
  }

  // MARK: Habits

  private struct Habits {
    var objects: [JSONValue] = []
    var links: [(habit: Int, category: Int)] = []
  }

  private mutating func writeHabits(_ dataset: TrackerDataset, categories: Categories) -> Habits {
    var result = Habits()
    let habits = dataset.trackers.enumerated().filter { $0.element.kind == .habit }
    lost[.events] = dataset.trackers.count { $0.kind == .event }
    var firstOfId: [String: Int] = [:]
    for (position, habit) in habits.enumerated() where firstOfId[habit.element.id] == nil { firstOfId[habit.element.id] = position }
    var records: [[TrackerRecord]] = Array(repeating: [], count: habits.count)
    var entries: [[TrackerEntry]] = Array(repeating: [], count: habits.count)
    for record in dataset.records {
      if let position = firstOfId[record.trackerId] { records[position].append(record) } else { lost[.eventRecords, default: 0] += 1 }
    }
    for entry in dataset.entries {
      if let position = firstOfId[entry.trackerId] { entries[position].append(entry) } else { lost[.entries, default: 0] += 1 }
    }
    let numbers = Self.numbers(habits.map { Self.intMember(HaboExtras.members($0.element.extras), "id") })
    for (position, (index, tracker)) in habits.enumerated() {
      let number = numbers[position]
      let links = categoryLinks(tracker, categories: categories)
      result.links += links.map { (number, categories.number[$0] ?? 0) }
      result.objects.append(habitObject(tracker, index: index, number: number, position: position,
                                        embedded: links.compactMap { categories.object[$0] },
                                        records: records[position], entries: entries[position]))
    }
    return result
  }

  /// The categories of a habit, in order: the kept list when it still starts with the
  /// tracker's category, else that category alone; only categories written.
  private func categoryLinks(_ tracker: Tracker, categories: Categories) -> [String] {
    let kept = HaboExtras.members(tracker.extras).first { $0.key == HaboExtras.categoryIds }?.value
    if case .array(let ids)? = kept {
      let strings = ids.compactMap(\.stringValue)
      if strings.count == ids.count, strings.first == tracker.categoryId {
        var seen: Set<String> = []
        return strings.filter { categories.number[$0] != nil && seen.insert($0).inserted }
      }
    }
    if tracker.invented.contains(.category) { return [] }
    return categories.number[tracker.categoryId] == nil ? [] : [tracker.categoryId]
  }

  /// The keys `lib/habits/habit.dart:54-92` writes, in its order.
  static let habitKeys = ["id", "uuid", "title", "twoDayRule", "position", "cue", "routine", "reward", "showReward", "advanced",
                          "notification", "notTime", "events", "sanction", "showSanction", "accountant", "habitType",
                          "targetValue", "partialValue", "unit", "categories", "archived", "deleted_at", "updated_at"]

  private mutating func habitObject(_ tracker: Tracker, index: Int, number: Int, position: Int, embedded: [JSONValue],
                                    records: [TrackerRecord], entries: [TrackerEntry]) -> JSONValue {
    let kept = HaboExtras.members(tracker.extras)
    func text(_ key: String) -> JSONValue { .string(kept.first { $0.key == key }?.value.stringValue ?? "") }
    func flag(_ key: String) -> JSONValue {
      switch kept.first(where: { $0.key == key })?.value {
      case .bool(let on)?: return Self.int(on ? 1 : 0)
      case .number(let n)? where Int(n) != nil: return .number(n)
      default: return Self.int(0)
      }
    }
    countTrackerLosses(tracker, index: index)
    // Habo's numeric habits count up to a target: an at-most goal (or one that is no number)
    // is written as a yes/no habit, so its completions stay completions (the amounts go).
    let goal = tracker.goal.flatMap { $0.target.isFinite && $0.direction == .atLeast ? $0.perDay : nil }
    let reminder = tracker.reminders.first.flatMap { HaboReminderTime.habo($0.time) }
    let notTime = reminder ?? kept.first { $0.key == "notTime" }?.value.stringValue ?? "12:0"
    let deletedAt = tracker.archived ? kept.first { $0.key == "deleted_at" }?.value.stringValue : nil
    let archived: JSONValue = deletedAt != nil ? flag("archived") : Self.int(tracker.archived ? 1 : 0)
    let shown = tracker.goal.flatMap { $0.target.isFinite ? $0 : nil }
    let target = shown.map { Self.double($0.target) } ?? kept.first { $0.key == "targetValue" }?.value ?? Self.double(100)
    let unit: JSONValue = shown.map { .string($0.unit ?? "") } ?? text("unit")
    let partial = kept.first { $0.key == "partialValue" }?.value ?? Self.double(goal == nil ? 10 : 1)
    var members: [JSONMember] = [
      JSONMember("id", Self.int(number)),
      JSONMember("uuid", .string(Self.uuid(tracker.id, namespace: "habo:"))),
      JSONMember("title", .string(tracker.name)),
      JSONMember("twoDayRule", flag("twoDayRule")),
      JSONMember("position", Self.int(position)),
      JSONMember("cue", text("cue")), JSONMember("routine", text("routine")), JSONMember("reward", text("reward")),
      JSONMember("showReward", flag("showReward")), JSONMember("advanced", flag("advanced")),
      JSONMember("notification", Self.int(reminder == nil ? 0 : 1)),
      JSONMember("notTime", .string(notTime)),
      JSONMember("events", .object(events(tracker, goal: goal, records: records, entries: entries))),
      JSONMember("sanction", text("sanction")), JSONMember("showSanction", flag("showSanction")),
      JSONMember("accountant", text("accountant")),
      JSONMember("habitType", Self.int(goal == nil ? 0 : 1)),
      JSONMember("targetValue", target), JSONMember("partialValue", partial), JSONMember("unit", unit),
      JSONMember("categories", .array(embedded)),
      JSONMember("archived", archived),
      JSONMember("deleted_at", deletedAt.map(JSONValue.string) ?? .null),
    ]
    if let updated = kept.first(where: { $0.key == "updated_at" })?.value.stringValue {
      members.append(JSONMember("updated_at", .string(updated)))
    }
    // Keys of later Habo versions, kept as read.
    let known = Set(Self.habitKeys).union([HaboExtras.categoryIds, HaboExtras.keptDays])
    members += kept.filter { !known.contains($0.key) }
    return .object(members)
  }

  private mutating func countTrackerLosses(_ tracker: Tracker, index: Int) {
    let choice = PaletteEmoji.stableChoice(for: tracker.name)
    if !Self.isUUID(tracker.id) { lost[.trackerIds, default: 0] += 1 }
    if let emoji = tracker.emoji, emoji != choice.emoji.rawValue { lost[.trackerEmoji, default: 0] += 1 }
    if let color = tracker.color, color.uppercased() != choice.color.rawValue.uppercased() { lost[.trackerColor, default: 0] += 1 }
    let everyDay = Set(tracker.schedule ?? []) == Set(Weekday.allCases)
    if !everyDay { lost[.trackerSchedule, default: 0] += 1 }
    if tracker.frequency != nil { lost[.trackerFrequency, default: 0] += 1 }
    if !everyDay || tracker.frequency != nil { plannedEveryDay.append((index, tracker)) }
    if tracker.pinned { lost[.trackerPinned, default: 0] += 1 }
    if tracker.createdOn != nil { lost[.trackerCreatedOn, default: 0] += 1 }
    if tracker.description != nil { lost[.trackerDescription, default: 0] += 1 }
    if let goal = tracker.goal, goal.direction == .atMost || !goal.target.isFinite || goal.unit == "" {
      lost[.trackerGoal, default: 0] += 1
    }
    if let goal = tracker.goal, goal.direction == .atLeast, !goal.period.isDay { lost[.trackerGoalPeriod, default: 0] += 1 }
    let reminders = tracker.reminders
    if reminders.count > 1 || reminders.contains(where: { $0.days != nil || HaboReminderTime.habo($0.time) == nil }) {
      lost[.trackerReminders, default: 0] += 1
    }
    if Self.foreignExtras(tracker.extras) { lost[.extras, default: 0] += 1 }
  }

  // MARK: Events (habit.dart:68-77)

  /// The events map: records, entries and kept days, by day.
  private mutating func events(_ tracker: Tracker, goal: TrackerGoal?, records: [TrackerRecord],
                               entries: [TrackerEntry]) -> [JSONMember] {
    var days: [(date: LocalDate, member: JSONMember)] = []
    var taken: Set<LocalDate> = []
    for record in records {
      guard taken.insert(record.date).inserted else {
        lost[.records, default: 0] += 1
        continue
      }
      let kept = HaboExtras.members(record.extras)
      if Self.foreignExtras(record.extras) { lost[.extras, default: 0] += 1 }
      if record.note == "" { lost[.recordNotes, default: 0] += 1 }
      var parts: [JSONValue] = [.string(HaboDayType.check.text), .string(record.note ?? "")]
      if let amount = record.amount {
        if let goal, amount.isFinite {
          let logged = Self.loggedTarget(kept, goal: goal)
          if Self.value(kept, HaboExtras.dayType) == HaboDayType.progress.text, amount >= logged.value {
            parts[0] = .string(HaboDayType.progress.text)
          }
          // A completion below the goal reads back as a day below it.
          if amount < goal.target { lost[.records, default: 0] += 1 }
          parts += [Self.double(amount), logged.json]
        } else {
          lost[.recordAmounts, default: 0] += 1
        }
      } else if goal == nil, case .array(let values)? = kept.first(where: { $0.key == "values" })?.value {
        parts += values
      }
      days.append((record.date, JSONMember(Self.key(record.date, kept), .array(parts))))
    }
    for entry in entries {
      guard taken.insert(entry.date).inserted else {
        lost[.entries, default: 0] += 1
        continue
      }
      let kept = HaboExtras.members(entry.extras)
      if Self.foreignExtras(entry.extras) { lost[.extras, default: 0] += 1 }
      if entry.note == "" { lost[.entryNotes, default: 0] += 1 }
      var amount = entry.amount
      if let value = amount, goal == nil || !value.isFinite {
        lost[.entryAmounts, default: 0] += 1
        amount = nil
      }
      var type = HaboDatasetBuilder.entryType(skipped: entry.skipped, amount: amount)
      if !entry.skipped, let named = Self.value(kept, HaboExtras.dayType).flatMap(HaboDayType.init(text:)) {
        switch named {
        case .fail, .clear: type = named
        case .check, .progress: if amount != nil, goal != nil { type = named }
        case .skip: break
        }
      }
      var parts: [JSONValue] = [.string(type.text), .string(entry.note ?? "")]
      if let amount, let goal {
        let logged = Self.loggedTarget(kept, goal: goal)
        // An amount that meets the goal reads back as a completion.
        if !entry.skipped, HaboDatasetBuilder.isCompletion(type, amount: amount, logged: logged.value, goal: goal) {
          lost[.entries, default: 0] += 1
        }
        parts += [Self.double(amount), logged.json]
      } else if goal == nil, case .array(let values)? = kept.first(where: { $0.key == "values" })?.value {
        parts += values
      }
      if !entry.skipped, amount == nil, (entry.note ?? "").isEmpty, entry.amount == nil { lost[.entries, default: 0] += 1 }
      days.append((entry.date, JSONMember(Self.key(entry.date, kept), .array(parts))))
    }
    if case .object(let members)? = HaboExtras.members(tracker.extras).first(where: { $0.key == HaboExtras.keptDays })?.value {
      for member in members {
        guard let date = HaboDayKey.date(member.key), taken.insert(date).inserted else { continue }
        days.append((date, member))
      }
    }
    return days.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element.member)
  }

  /// The key a record or entry had, when it still names its day; else the current app's.
  private static func key(_ date: LocalDate, _ kept: [JSONMember]) -> String {
    if let key = value(kept, HaboExtras.key), HaboDayKey.date(key) == date { return key }
    return HaboDayKey.text(date)
  }

  /// The target an event was logged against: the kept one, else the goal's.
  private static func loggedTarget(_ kept: [JSONMember], goal: TrackerGoal) -> (value: Double, json: JSONValue) {
    if case .number(let text)? = kept.first(where: { $0.key == HaboExtras.targetValue })?.value, let value = Double(text), value.isFinite {
      return (value, .number(text))
    }
    return (goal.target, double(goal.target))
  }

  // MARK: Values

  private static func value(_ members: [JSONMember], _ key: String) -> String? {
    members.first { $0.key == key }?.value.stringValue
  }

  private static func intMember(_ members: [JSONMember], _ key: String) -> Int? {
    guard case .number(let text)? = members.first(where: { $0.key == key })?.value else { return nil }
    return Int(text)
  }

  /// Integer ids: the kept one when it is 1 or more and not taken by an earlier item, else
  /// the next free one.
  static func numbers(_ wanted: [Int?]) -> [Int] {
    var used: Set<Int> = []
    var chosen: [Int?] = wanted.map { want in
      guard let want, want >= 1, used.insert(want).inserted else { return nil }
      return want
    }
    var next = 1
    for i in chosen.indices where chosen[i] == nil {
      while used.contains(next) { next += 1 }
      chosen[i] = next
      used.insert(next)
    }
    return chosen.map { $0 ?? 0 }
  }

  static func int(_ n: Int) -> JSONValue { .number(String(n)) }

  /// A Dart `double` as `jsonEncode` writes it: `100.0`, `5.5`.
  static func double(_ d: Double) -> JSONValue {
    let text = d.amountText
    return .number(text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0")
  }

  /// Whether `id` is a UUID (8-4-4-4-12 hex digits, either case), which Habo keeps as `uuid`.
  static func isUUID(_ id: String) -> Bool {
    let utf8 = Array(id.utf8)
    guard utf8.count == 36 else { return false }
    for (i, byte) in utf8.enumerated() {
      if i == 8 || i == 13 || i == 18 || i == 23 {
        if byte != UInt8(ascii: "-") { return false }
      } else if !((0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)) {
        return false
      }
    }
    return true
  }

  /// The `uuid` written for an id: itself when it is one, else one derived from it.
  static func uuid(_ id: String, namespace: String) -> String {
    isUUID(id) ? id : StableID.uuid(namespace + id).lowercased()
  }

  /// Whether extras hold namespaces other than `habo`, which a Habo backup cannot keep.
  static func foreignExtras(_ extras: Extras) -> Bool {
    extras.ofFormats.keys.contains { $0 != HaboExtras.namespace }
  }
}
