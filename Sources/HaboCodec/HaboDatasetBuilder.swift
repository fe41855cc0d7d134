import TrackerCodec
import TrackerModel

/// Turns a Habo backup into a dataset (the mapping of `docs/habo.md`), failing at the value
/// where the backup is not the shape Habo writes.
///
/// Shapes (`../shared/docs/migration-targets.md`, Habo §1–§3): the current envelope
/// `{habits, events, categories, habit_categories, metadata}`
/// (`lib/repositories/sqlite_backup_repository.dart:16-106`) and the legacy bare array of habits
/// (`lib/services/backup_service.dart:291-310`). Habo plans every habit every day and has no
/// emoji or colour: each habit is planned every day with a palette emoji and colour chosen from
/// its name. A habit's first category (in `habit_categories`) is its category, all of them are
/// in `extras["habo"].categoryIds`; a habit in none goes into `default-category` ("Habo").
struct HaboDatasetBuilder {
  static let defaultCategory = "Habo"

  let document: ForeignJSON
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []
  private var dataset = TrackerDataset()
  /// Categories by Habo's integer id.
  private var categoryById: [Int: String] = [:]
  /// Category ids (canonical) per habit integer id, in `habit_categories` order.
  private var links: [Int: [String]] = [:]
  private var assignedCategory: String?
  private var keptDays = 0, keptHabits = 0, deleted = 0, unlinked = 0, uncategorised = 0

  init(document: ForeignJSON, options: [String: String]) {
    self.document = document
    self.options = options
  }

  mutating func build() throws -> TrackerDataset {
    let top = document.top
    let habits: [ForeignJSONValue]
    var linked = false
    switch top.value {
    case .array:
      habits = try top.elements()
    case .object:
      habits = try top.required("habits").elements()
      for (index, category) in try (top.member("categories")?.elements() ?? []).enumerated() {
        try readCategory(category, index: index)
      }
      if let associations = top.member("habit_categories") {
        linked = true
        try readLinks(associations)
      }
      var kept: [JSONMember] = []
      if let metadata = top.member("metadata") {
        guard case .object = metadata.value else { throw metadata.mismatch("an object") }
        kept.append(JSONMember(HaboExtras.metadata, metadata.value))
      }
      if let events = top.member("events") {
        guard case .object(let members) = events.value else { throw events.mismatch("an object") }
        if !members.isEmpty { kept.append(JSONMember(HaboExtras.events, events.value)) }
      }
      dataset.extras = HaboExtras.extras(kept)
    default:
      throw top.failure("not a Habo backup: expected an object with \"habits\" and \"categories\", or an array of habits, found \(ForeignJSONValue.describe(top.value))")
    }
    for (index, habit) in habits.enumerated() {
      try readHabit(habit, index: index, linked: linked)
    }
    report()
    return dataset
  }

  // MARK: Categories (lib/model/category.dart:51-61, 81-95)

  private mutating func readCategory(_ value: ForeignJSONValue, index: Int) throws {
    let title = try value.required("title").string()
    let number = try value.member("id")?.int()
    let uuid = try value.member("uuid")?.string()
    for key in ["iconCodePoint"] { _ = try value.member(key)?.int() }
    for key in ["fontFamily", "deleted_at", "updated_at"] { _ = try value.member(key)?.string() }
    let id = uuid.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.uuid("habo-category:\(number.map(String.init) ?? "#\(index)"):\(title)")
    let kept = try value.members().filter { $0.key != "title" && $0.key != "uuid" && $0.value.value != .null }.map { JSONMember($0.key, $0.value.value) }
    dataset.categories.append(TrackerCategory(id: id, title: title, extras: HaboExtras.extras(kept)))
    if let number, categoryById[number] == nil { categoryById[number] = id }
  }

  private mutating func readLinks(_ value: ForeignJSONValue) throws {
    for link in try value.elements() {
      let habit = try link.required("habit_id").int()
      let category = try link.required("category_id").int()
      guard let id = categoryById[category] else {
        unlinked += 1
        continue
      }
      if !(links[habit]?.contains(id) ?? false) { links[habit, default: []].append(id) }
    }
  }

  /// The embedded copies of a legacy habit's categories, for a file without `habit_categories`
  /// (Habo's restore ignores them, `sqlite_backup_repository.dart:293-326`; its sync merge
  /// reads them): each becomes a category once, by uuid, else by id and title.
  private mutating func embeddedCategories(_ value: ForeignJSONValue) throws -> [String] {
    var ids: [String] = []
    for category in try value.elements() {
      let title = try category.required("title").string()
      let number = try category.member("id")?.int()
      let uuid = try category.member("uuid")?.string()
      let id = uuid.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.uuid("habo-category:\(number.map(String.init) ?? "#"):\(title)")
      if !dataset.categories.contains(where: { $0.id == id }) {
        let kept = try category.members().filter { $0.key != "title" && $0.key != "uuid" && $0.value.value != .null }.map { JSONMember($0.key, $0.value.value) }
        dataset.categories.append(TrackerCategory(id: id, title: title, extras: HaboExtras.extras(kept)))
      }
      if !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  private mutating func fallbackCategory() -> String {
    if let assignedCategory { return assignedCategory }
    let title = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    let id = StableID.uuid("habo-category:default:" + title)
    dataset.categories.append(TrackerCategory(id: id, title: title,
                                              extras: HaboExtras.extras([JSONMember(HaboExtras.assigned, .bool(true))])))
    assignedCategory = id
    return id
  }

  // MARK: Habits (lib/habits/habit.dart:54-92 toJson, :94-128 fromJson)

  private mutating func readHabit(_ value: ForeignJSONValue, index: Int, linked: Bool) throws {
    let title = try value.required("title").string()
    let number = try value.member("id")?.int()
    let uuid = try value.member("uuid")?.string()
    for key in ["cue", "routine", "reward", "sanction", "accountant", "unit", "notTime", "deleted_at", "updated_at"] {
      _ = try value.member(key)?.string()
    }
    for key in ["position", "twoDayRule", "showReward", "advanced", "showSanction"] { _ = try value.member(key)?.int() }
    let numeric: Bool
    switch try value.member("habitType")?.int() ?? 0 {
    case 0: numeric = false
    case 1: numeric = true
    case let other:
      throw value.member("habitType")?.failure("unknown habitType \(other) at \(value.pointer)/habitType: expected 0 (yes/no) or 1 (numeric)")
        ?? value.failure("unknown habitType")
    }
    let target = try value.member("targetValue")?.double() ?? 1
    _ = try value.member("partialValue")?.double()
    let unit = try value.member("unit")?.string() ?? ""
    let archived = try flag(value.member("archived"))
    let notification = try flag(value.member("notification"))
    let deletedAt = value.member("deleted_at")

    let id = uuid.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.uuid("habo:\(number.map(String.init) ?? "#\(index)"):\(title)")
    var categoryIds: [String] = []
    if let number, let linkedIds = links[number] { categoryIds = linkedIds }
    if !linked, let embedded = value.member("categories") { categoryIds = try embeddedCategories(embedded) }
    if categoryIds.isEmpty { uncategorised += 1 }
    let categoryId = categoryIds.first ?? fallbackCategory()

    // What the model cannot say, in the habit's own order.
    var kept: [JSONMember] = []
    for (key, member) in try value.members() where !HaboExtras.mappedHabitKeys.contains(key) && member.value != .null {
      switch key {
      case "archived" where deletedAt == nil: continue
      case "targetValue" where numeric, "unit" where numeric: continue
      default: kept.append(JSONMember(key, member.value))
      }
    }
    if categoryIds.count > 1 { kept.append(JSONMember(HaboExtras.categoryIds, .array(categoryIds.map(JSONValue.string)))) }

    var reminders: [TrackerReminder] = []
    if notification {
      reminders = [TrackerReminder(time: HaboReminderTime.canonical(try value.member("notTime")?.string()))]
    }
    if deletedAt != nil { deleted += 1 }
    let goal = numeric ? TrackerGoal(target: target, direction: .atLeast, unit: unit.isEmpty ? nil : unit) : nil
    let choice = PaletteEmoji.stableChoice(for: title)
    var tracker = Tracker(id: id, kind: .habit, name: title, categoryId: categoryId, emoji: choice.emoji.rawValue,
                          color: choice.color.rawValue, schedule: Weekday.allCases,
                          archived: archived || deletedAt != nil, goal: goal, reminders: reminders)
    if let events = value.member("events") {
      let days = try readEvents(events, tracker: id, goal: goal)
      if !days.isEmpty {
        kept.append(JSONMember(HaboExtras.keptDays, .object(days)))
        keptDays += days.count
        keptHabits += 1
      }
    }
    tracker.extras = HaboExtras.extras(kept)
    // Habo has no emoji, colours or weekdays: all three are made up, and the category of a habit in none.
    tracker.invented = categoryIds.isEmpty ? [.category, .emoji, .color, .schedule] : [.emoji, .color, .schedule]
    dataset.trackers.append(tracker)
  }

  /// Records and entries of one habit; returns the days kept in extras.
  ///
  /// Events are most of a backup, so they are read from the values themselves: a pointer (and
  /// its ``ForeignJSONValue``) is made only for an error.
  private mutating func readEvents(_ value: ForeignJSONValue, tracker: String, goal: TrackerGoal?) throws -> [JSONMember] {
    guard case .object(let members) = value.value else { throw value.mismatch("an object") }
    var kept: [JSONMember] = []
    var seen: Set<LocalDate> = []
    seen.reserveCapacity(members.count)
    for member in members {
      let key = member.key
      func at(_ index: Int? = nil) -> ForeignJSONValue {
        let event = value.member(key) ?? value
        guard let index, let parts = try? event.elements(), index < parts.count else { return event }
        return parts[index]
      }
      guard let date = HaboDayKey.date(key) else {
        throw at().failure("expected a day key like \"2024-01-15 12:00:00.000Z\" at \(at().pointer), found \(key.debugDescription)")
      }
      guard case .array(let parts) = member.value else { throw at().mismatch("an array") }
      guard let first = parts.first else { throw at().failure("expected [dayType, comment, …] at \(at().pointer), found an empty array") }
      guard case .string(let text) = first else { throw at(0).mismatch("a string") }
      guard let type = HaboDayType(text: text) else {
        throw at(0).failure("unknown day type \(text.debugDescription) at \(at(0).pointer): expected \(HaboDayType.spellings)")
      }
      var comment = ""
      if parts.count > 1 {
        switch parts[1] {
        case .string(let text): comment = text
        case .null: break
        default: throw at(1).mismatch("a string")
        }
      }
      let progress = try Self.number(parts, 2) { at(2) }
      let logged = try Self.number(parts, 3) { at(3) }
      let note = comment.isEmpty ? nil : comment
      let amount = goal == nil ? nil : progress

      var extras: [JSONMember] = []
      if !HaboDayKey.isCurrent(key) { extras.append(JSONMember(HaboExtras.key, .string(key))) }
      if let goal, let logged, logged != goal.target { extras.append(JSONMember(HaboExtras.targetValue, parts[3])) }
      // A yes/no habit's progress value means nothing to Habo, but is kept.
      if goal == nil, parts.count > 2 { extras.append(JSONMember("values", .array(Array(parts.dropFirst(2))))) }

      let isRecord = Self.isCompletion(type, amount: amount, logged: logged, goal: goal)
      if type != (isRecord ? .check : Self.entryType(skipped: type == .skip, amount: amount)) {
        extras.append(JSONMember(HaboExtras.dayType, .string(type.text)))
      }
      let keep = !seen.insert(date).inserted
        || (!isRecord && type != .skip && note == nil && amount == nil)
      if keep {
        kept.append(member)
      } else if isRecord {
        dataset.records.append(TrackerRecord(trackerId: tracker, date: date, amount: amount, note: note,
                                             extras: HaboExtras.extras(extras)))
      } else {
        dataset.entries.append(TrackerEntry(trackerId: tracker, date: date, skipped: type == .skip, amount: amount,
                                            note: note, extras: HaboExtras.extras(extras)))
      }
    }
    return kept
  }

  /// Element `index` of an event as a finite number; `nil` when it is missing or `null`.
  private static func number(_ parts: [JSONValue], _ index: Int, at place: () -> ForeignJSONValue) throws -> Double? {
    guard index < parts.count else { return nil }
    switch parts[index] {
    case .null: return nil
    case .number(let text):
      if let number = Double(text), number.isFinite { return number }
      throw place().mismatch("a number")
    default: throw place().mismatch("a number")
    }
  }

  /// Whether a day is a completion (a record): `check`, or `progress` at the target it was
  /// logged against (migration-targets.md, Habo §6) — and, for a numeric habit, an amount that
  /// meets the habit's goal now, as the model's records must (a day logged done against a
  /// lower target is an entry that keeps its day type).
  static func isCompletion(_ type: HaboDayType, amount: Double?, logged: Double?, goal: TrackerGoal?) -> Bool {
    switch type {
    case .check:
      guard let goal, let amount else { return true }
      return amount >= goal.target
    case .progress:
      guard let goal, let amount else { return false }
      return amount >= (logged ?? goal.target) && amount >= goal.target
    case .skip, .fail, .clear:
      return false
    }
  }

  /// The day type an entry is written with when its extras name none: skip, progress (an
  /// amount below the goal), else clear (a comment alone).
  static func entryType(skipped: Bool, amount: Double?) -> HaboDayType {
    skipped ? .skip : amount != nil ? .progress : .clear
  }

  /// A 0/1 flag as Habo reads it: `!= 0` (`habit.dart:100`); `true`/`false` are taken too.
  private func flag(_ value: ForeignJSONValue?) throws -> Bool {
    guard let value else { return false }
    if case .bool(let flag) = value.value { return flag }
    return try value.int() != 0
  }

  private mutating func report() {
    let location = SourceLocation(file: document.fileName)
    if !dataset.trackers.isEmpty {
      var message = "Habo has no emoji, colours or weekdays: \(dataset.trackers.count) habit(s) planned every day with a palette emoji and colour chosen from the name"
      if uncategorised > 0 {
        message += ", \(uncategorised) habit(s) in no category put in category \"\(dataset.categories.first { $0.id == assignedCategory }?.title ?? Self.defaultCategory)\""
      }
      warnings.append(Diagnostic(code: HaboCodec.assignedDefaults.code, severity: .warning, message: message, location: location,
                                 note: "name the category with --default-category; Habo's own fields are kept in extras[\"habo\"]"))
    }
    if deleted > 0 {
      warnings.append(Diagnostic(code: HaboCodec.deletedHabits.code, severity: .warning,
                                 message: "\(deleted) habit(s) deleted in Habo (deleted_at set) read as archived, the deletion kept in extras[\"habo\"]",
                                 location: location, note: "writing them back to Habo deletes them again"))
    }
    if keptDays > 0 {
      warnings.append(Diagnostic(code: HaboCodec.keptDays.code, severity: .warning,
                                 message: "\(keptDays) day(s) of \(keptHabits) habit(s) that are neither completions nor entries (failed or cleared without a comment, a second key on one day) kept in extras[\"habo\"].keptDays",
                                 location: location))
    }
    if unlinked > 0 {
      warnings.append(Diagnostic(code: HaboCodec.skippedLinks.code, severity: .warning,
                                 message: "\(unlinked) habit_categories link(s) to no category of the backup skipped, as Habo's restore skips them",
                                 location: SourceLocation(file: document.fileName, pointer: "/habit_categories")))
    }
  }
}
