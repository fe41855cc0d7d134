import Foundation
import TrackerCodec
import TrackerModel

/// Reads the JSON inside a `.daylio` backup (Android version 15, iOS 18, version 19 seen) into a
/// ``DaylioDiary``. Facts and their sources are in `docs/daylio.md`; in short:
///
/// - `dayEntries[]`: `year`/`month`/`day` are the local day, `month` counted from 0; `datetime`
///   is the UTC instant in milliseconds and `timeZoneOffset` the local offset in milliseconds, so
///   `datetime + timeZoneOffset` is the local time. `mood` is a `customMoods[].id`, `tags` are
///   `tags[].id`s (0 is a real id).
/// - `goals[]` are the habits; `goalEntries[]` (one per completion) name them by `goal_id`.
///   Their `month` is 1-based in some apps' files and 0-based in others, so the day is the one of
///   the two readings that lies within a day of `createdAt` (the UTC instant).
/// - Keys the reader does not map are left out, except what `docs/daylio.md` lists as kept;
///   the app's PIN (`pin`) is never copied.
struct DaylioBackupReader {
  /// Names of the predefined moods, by `predefined_name_id` (and by `mood_group_id`).
  static let predefinedMoods = [1: "rad", 2: "good", 3: "meh", 4: "bad", 5: "awful"]
  static let millisecondsPerDay = 86_400_000

  let document: ForeignJSON
  private var diary = DaylioDiary()
  private var activityOfTag: [Int: Int] = [:]

  init(document: ForeignJSON) {
    self.document = document
  }

  /// The diary.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` at the pointer (and line and column of the
  ///   decoded JSON) of a value of the wrong type or a missing `goal_id`, `goalId` or `tags`.
  mutating func read() throws -> DaylioDiary {
    let top = document.top
    guard case .object = top.value else { throw top.mismatch("an object (a Daylio backup)") }
    if let version = top.member("version") { diary.kept.append(JSONMember("version", .number(String(try version.int())))) }
    if let platform = try top.member("metadata")?.member("platform")?.string() {
      diary.kept.append(JSONMember("platform", .string(platform)))
    }
    if let assets = top.member("assets"), case .array(let items) = assets.value, !items.isEmpty {
      // Photos' and recordings' records (checksums, names, sizes): the entries name them by id.
      diary.kept.append(JSONMember("assets", assets.value))
    }
    let moods = try readMoods(top.member("customMoods"))
    var groups: [Int: String] = [:]
    for group in try top.member("tag_groups")?.elements() ?? [] {
      groups[try group.required("id").int()] = try group.member("name")?.string() ?? ""
    }
    try readTags(top.member("tags"), groups: groups)
    try readEntries(top.member("dayEntries"), moods: moods)
    try readGoals(top.member("goals"))
    try readGoalEntries(top.member("goalEntries"))
    return diary
  }

  /// Mood names and levels by id; the list is kept in the dataset's extras.
  private mutating func readMoods(_ list: ForeignJSONValue?) throws -> [Int: (name: String, level: Int?)] {
    var result: [Int: (name: String, level: Int?)] = [:]
    var kept: [JSONValue] = []
    for mood in try list?.elements() ?? [] {
      let id = try mood.required("id").int()
      let level = try mood.member("mood_group_id")?.int()
      let custom = try mood.member("custom_name")?.string() ?? ""
      let predefined = try mood.member("predefined_name_id")?.int()
      let name = !custom.isEmpty ? custom : predefined.flatMap { Self.predefinedMoods[$0] } ?? level.flatMap { Self.predefinedMoods[$0] } ?? ""
      result[id] = (name, level)
      var members = [JSONMember("id", .number(String(id))), JSONMember("name", .string(name))]
      if let level { members.append(JSONMember("level", .number(String(level)))) }
      kept.append(.object(members))
    }
    if !kept.isEmpty { diary.kept.append(JSONMember("moods", .array(kept))) }
    return result
  }

  private mutating func readTags(_ list: ForeignJSONValue?, groups: [Int: String]) throws {
    for tag in try list?.elements() ?? [] {
      let id = try tag.required("id").int()
      let name = try tag.member("name")?.string() ?? ""
      var activity = DaylioDiary.Activity(id: id, name: name.trimmingCharacters(in: .whitespacesAndNewlines))
      if let group = try tag.member("id_tag_group")?.int(), let title = groups[group], !title.isEmpty { activity.group = title }
      if let created = try tag.member("createdAt")?.int(), created > 0 { activity.createdOn = Self.day(milliseconds: created) }
      for (key, value) in try tag.members() where !["id", "name", "id_tag_group", "createdAt"].contains(key) {
        activity.kept.append(JSONMember(key, value.value))
      }
      if activityOfTag[id] != nil {
        diary.warnings.append(warning(DaylioCodec.unknownReference, "activity id \(id) is given twice; the later \"\(activity.name)\" is read as its own activity", at: tag.pointer))
      }
      activityOfTag[id] = diary.activities.count
      diary.activities.append(activity)
    }
  }

  private mutating func readEntries(_ list: ForeignJSONValue?, moods: [Int: (name: String, level: Int?)]) throws {
    for item in try list?.elements() ?? [] {
      var entry = DaylioDiary.Entry(date: nil, time: "", mood: "", noteTitle: "", note: "", activities: [])
      let year = try Self.field(item, "year"), month = try Self.field(item, "month"), day = try Self.field(item, "day")
      let instant = try Self.instant(item, "datetime")
      // An offset beyond a day is no time zone's.
      let offset = try Self.instant(item, "timeZoneOffset").flatMap { abs($0) <= Self.millisecondsPerDay ? $0 : nil } ?? 0
      let local = instant.map { $0 + offset }
      let fields = year.flatMap { y in month.flatMap { m in day.flatMap { LocalDate(year: y, month: m + 1, day: $0) } } }
      if let fields {
        entry.date = fields
        if let local, let other = Self.day(milliseconds: local), other != fields {
          diary.warnings.append(warning(DaylioCodec.badDate, "the entry's day \(fields) (year, month from 0, day) is not the day of its datetime and timeZoneOffset, \(other); read as \(fields)", at: item.pointer))
        }
      } else if let local, let other = Self.day(milliseconds: local) {
        entry.date = other
        diary.warnings.append(warning(DaylioCodec.badDate, "the entry has no valid year, month (from 0) and day; read as \(other), the day of its datetime and timeZoneOffset", at: item.pointer))
      } else {
        diary.warnings.append(warning(DaylioCodec.badDate, "the entry has no day that can be read (year, month from 0, day or datetime); the entry is kept, its activities count no day", at: item.pointer))
      }
      if let hour = try item.member("hour")?.int(), let minute = try item.member("minute")?.int(),
         (0..<24).contains(hour), (0..<60).contains(minute) {
        entry.time = (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
      }
      if let mood = item.member("mood") {
        let id = try mood.int()
        if let known = moods[id] {
          entry.mood = known.name
          entry.moodLevel = known.level
        } else {
          diary.warnings.append(warning(DaylioCodec.unknownReference, "mood \(id) is not one of customMoods; kept as a number", at: mood.pointer))
          entry.kept.append(JSONMember("mood", .number(String(id))))
        }
      }
      entry.noteTitle = try item.member("note_title")?.string() ?? ""
      entry.note = try item.member("note")?.string() ?? ""
      for tag in try item.member("tags")?.elements() ?? [] {
        let id = try tag.int()
        guard let activity = activityOfTag[id] else {
          diary.warnings.append(warning(DaylioCodec.unknownReference, "activity \(id) is not one of tags; left out of the entry's activities", at: tag.pointer))
          continue
        }
        if !entry.activities.contains(activity) { entry.activities.append(activity) }
      }
      for (key, value) in try item.members() where !Self.entryKeys.contains(key) {
        entry.kept.append(JSONMember(key, value.value))
      }
      diary.entries.append(entry)
    }
  }

  /// Entry keys read into ``DaylioDiary/Entry``'s own fields; `id`, `datetime`,
  /// `timeZoneOffset`, `assets` and the rest are kept as they are.
  private static let entryKeys: Set<String> = ["year", "month", "day", "hour", "minute", "mood", "note_title", "note", "tags"]

  private mutating func readGoals(_ list: ForeignJSONValue?) throws {
    for item in try list?.elements() ?? [] {
      guard let idValue = item.member("goal_id") ?? item.member("id") else { throw item.failure("a goal without goal_id at \(item.pointer)") }
      let id = try idValue.int()
      var activity: Int?
      if let tag = try item.member("id_tag")?.int(), tag >= 0 {
        activity = activityOfTag[tag]
        if activity == nil && tag > 0 {
          diary.warnings.append(warning(DaylioCodec.unknownReference, "the goal's activity \(tag) is not one of tags", at: item.pointer + "/id_tag"))
        }
      }
      var name = try item.member("name")?.string().trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      if name.isEmpty, let activity { name = diary.activities[activity].name }
      if name.isEmpty { name = "Goal \(id)" }
      let state = try item.member("state")?.int() ?? 0
      let end = try item.member("end_date")?.int() ?? -1
      var reminder: String?
      if try item.member("reminder_enabled")?.bool(integers: true) == true,
         let hour = try item.member("reminder_hour")?.int(), let minute = try item.member("reminder_minute")?.int(),
         (0..<24).contains(hour), (0..<60).contains(minute) {
        reminder = (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
      }
      var goal = DaylioDiary.Goal(
        id: id, name: name, activity: activity,
        createdOn: (try item.member("created_at")?.int()).flatMap { $0 > 0 ? Self.day(milliseconds: $0) : nil },
        repeatType: try item.member("repeat_type")?.int() ?? 1, repeatValue: try item.member("repeat_value")?.int() ?? 127,
        archived: state == 1 || end > 0, reminder: reminder, note: try item.member("note")?.string() ?? "", pointer: item.pointer)
      for (key, value) in try item.members() where !Self.goalKeys.contains(key) {
        goal.kept.append(JSONMember(key, value.value))
      }
      if state != 0 && state != 1 { goal.kept.append(JSONMember("state", .number(String(state)))) }
      if end > 0 { goal.kept.append(JSONMember("end_date", .number(String(end)))) }
      diary.goals.append(goal)
    }
  }

  /// Goal keys read into ``DaylioDiary/Goal``'s own fields.
  private static let goalKeys: Set<String> = ["goal_id", "id_tag", "name", "state", "end_date", "reminder_enabled", "reminder_hour",
                                              "reminder_minute", "created_at", "repeat_type", "repeat_value", "note"]

  private mutating func readGoalEntries(_ list: ForeignJSONValue?) throws {
    var goalOf: [Int: Int] = [:]
    for (i, goal) in diary.goals.enumerated() {
      if goalOf[goal.id] == nil {
        goalOf[goal.id] = i
      } else {
        diary.warnings.append(warning(DaylioCodec.unknownReference, "goal_id \(goal.id) is given twice; completions go to the first", at: goal.pointer))
      }
    }
    var unknown: [Int: Int] = [:]
    for item in try list?.elements() ?? [] {
      let goalId = try item.required("goalId").int()
      guard let goal = goalOf[goalId] else {
        unknown[goalId, default: 0] += 1
        continue
      }
      let year = try Self.field(item, "year"), month = try Self.field(item, "month"), day = try Self.field(item, "day")
      let created = try Self.instant(item, "createdAt").flatMap { $0 > 0 ? Self.day(milliseconds: $0) : nil }
      guard let date = Self.goalDay(year: year, month: month, day: day, created: created) else {
        diary.warnings.append(warning(DaylioCodec.badDate, "a completion of goal \"\(diary.goals[goal].name)\" has no day that can be read (year, month, day or createdAt); left out", at: item.pointer))
        continue
      }
      if year != nil || month != nil || day != nil, Self.goalDay(year: year, month: month, day: day, created: nil) == nil {
        diary.warnings.append(warning(DaylioCodec.badDate, "a completion of goal \"\(diary.goals[goal].name)\" has a year, month and day that are no day (month from 1 or from 0); read as \(date), the day of createdAt in UTC", at: item.pointer))
      }
      diary.goals[goal].days.append(date)
    }
    for (id, count) in unknown.sorted(by: { $0.key < $1.key }) {
      diary.warnings.append(warning(DaylioCodec.unknownReference, "\(count) completion(s) of goal \(id), which goals does not hold; left out", at: "/goalEntries"))
    }
  }

  /// The day of a goal completion: its fields read with the month from 1, or from 0, whichever
  /// lies within a day of `created` (the UTC day of `createdAt`; a local day is at most 14 hours
  /// from it); from 1 when there is no `createdAt`; `created` itself when neither reading is a day.
  static func goalDay(year: Int?, month: Int?, day: Int?, created: LocalDate?) -> LocalDate? {
    var readings: [LocalDate] = []
    if let year, let month, let day {
      if let fromOne = LocalDate(year: year, month: month, day: day) { readings.append(fromOne) }
      if let fromZero = LocalDate(year: year, month: month + 1, day: day) { readings.append(fromZero) }
    }
    // One reading is a day (November 31 is none): that one, whatever createdAt says (a day
    // may be ticked later than it was done).
    if readings.count == 1 { return readings[0] }
    guard let created else { return readings.first }
    return readings.min { abs($0.dayNumber - created.dayNumber) < abs($1.dayNumber - created.dayNumber) } ?? created
  }

  /// A year, month or day field: a whole number that can be one (-1...10000), else `nil`.
  private static func field(_ item: ForeignJSONValue, _ key: String) throws -> Int? {
    (try item.member(key)?.int()).flatMap { (-1...10_000).contains($0) ? $0 : nil }
  }

  /// A time in milliseconds (or an offset): `nil` beyond the years TrackerPort writes (and so
  /// never an overflow in the sums that follow).
  private static func instant(_ item: ForeignJSONValue, _ key: String) throws -> Int? {
    (try item.member(key)?.int()).flatMap { (-300_000_000_000_000..<300_000_000_000_000).contains($0) ? $0 : nil }
  }

  /// The day holding an instant given in milliseconds since 1970 (already shifted to local time
  /// when it is to be a local day); `nil` outside the years 1...9999.
  static func day(milliseconds: Int) -> LocalDate? {
    guard milliseconds > Int.min else { return nil }
    let days = milliseconds >= 0 ? milliseconds / millisecondsPerDay : -((-milliseconds - 1) / millisecondsPerDay) - 1
    return LocalDate(checkedDayNumber: days)
  }

  private func warning(_ descriptor: DiagnosticDescriptor, _ message: String, at pointer: String) -> Diagnostic {
    Diagnostic(code: descriptor.code, severity: .warning, message: message, location: SourceLocation(file: document.fileName, pointer: pointer))
  }
}
