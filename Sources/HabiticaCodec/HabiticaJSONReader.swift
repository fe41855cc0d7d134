import TrackerCodec
import TrackerModel

/// Reads a `userdata.json` into a ``HabiticaExport``, touching only the members the mapping
/// uses: `preferences.timezoneOffset` and `dayStart`, `history.exp` dates, `tags`, and per task
/// the fields of ``HabiticaTask``. The API token, e-mail addresses, login ids, push tokens and
/// everything else in the file are parsed with the document but never read, copied or quoted.
struct HabiticaJSONReader {
  let document: ForeignJSON
  private(set) var warnings: [Diagnostic] = []

  init(document: ForeignJSON) {
    self.document = document
  }

  /// - Throws: ``CodecError`` `.malformedInput` located at the pointer for a top level that is
  ///   not a Habitica export, a task without an id, or a mapped field of the wrong type.
  mutating func read() throws -> HabiticaExport {
    let top = document.top
    if case .array = top.value {
      throw document.failure("", "not a Habitica export: a JSON array" + (try Self.holdsTasks(top) ? " of Habitica tasks (as the API's /tasks/user answers)" : ""),
                             note: HabiticaCodec.exportHelp)
    }
    if case .object = top.value, top.member("tasks") == nil, let data = top.member("data"), case .array = data.value, try Self.holdsTasks(data) {
      throw document.failure("", "not a Habitica export: an API answer whose \"data\" is a list of tasks (as /tasks/user answers)",
                             note: HabiticaCodec.exportHelp)
    }
    guard case .object = top.value, let tasks = top.member("tasks"), case .object = tasks.value else {
      throw document.failure("", "not a Habitica export: the top level has no \"tasks\" object",
                             note: "Habitica's userdata.json (Settings › Site Data › Export Data) holds the user with the tasks under \"tasks\"")
    }
    var export = HabiticaExport()
    if let preferences = top.member("preferences") {
      if let offset = preferences.member("timezoneOffset") { export.timezoneOffset = Int((try offset.double()).rounded()) }
      if let start = preferences.member("dayStart") {
        let hour = try start.int()
        guard (0...23).contains(hour) else { throw start.failure("preferences.dayStart must be an hour from 0 to 23, found \(hour)") }
        export.dayStart = hour
      }
    }
    if let exp = top.member("history")?.member("exp"), case .array(let entries) = exp.value {
      for entry in entries {
        // Numeric dates are preened aggregates: not cron times.
        if case .string(let text)? = entry["date"], let ms = HabiticaInstant.milliseconds(iso: text) { export.crons.append(ms) }
      }
    }
    if let tags = top.member("tags") {
      for tag in try tags.elements() {
        guard let id = tag.member("id") else { continue }
        export.tags.append((try id.string(), try tag.member("name")?.string() ?? ""))
      }
    }
    for (key, kind) in [("habits", HabiticaTask.Kind.habit), ("dailys", .daily), ("todos", .todo)] {
      guard let list = tasks.member(key) else { continue }
      for task in try list.elements() { export.tasks.append(try readTask(task, kind: kind)) }
    }
    if let rewards = tasks.member("rewards") { export.rewards = try rewards.elements().count }
    return export
  }

  /// Whether an array's first element is an object with a Habitica task `type`.
  private static func holdsTasks(_ array: ForeignJSONValue) throws -> Bool {
    guard let first = try array.elements().first, case .object = first.value,
          let type = first.member("type"), case .string(let kind) = type.value else { return false }
    return ["habit", "daily", "todo", "reward"].contains(kind)
  }

  private mutating func readTask(_ value: ForeignJSONValue, kind: HabiticaTask.Kind) throws -> HabiticaTask {
    guard case .object = value.value else { throw value.mismatch("a task object") }
    guard let idValue = value.member("_id") ?? value.member("id") else {
      throw value.failure("a task without an id at \(value.pointer)", note: "every Habitica task has \"_id\"")
    }
    let id = try idValue.string()
    guard !id.isEmpty else { throw idValue.failure("a task with an empty id at \(idValue.pointer)") }
    var task = HabiticaTask(kind: kind, id: id, text: try value.member("text")?.string() ?? "",
                            notes: try value.member("notes")?.string() ?? "", tags: [], pointer: value.pointer)
    if let tags = value.member("tags") { task.tags = try tags.elements().map { try $0.string() } }
    task.createdAt = try instant(value.member("createdAt"))
    switch kind {
    case .habit:
      if let up = value.member("up") { task.up = try up.bool() }
      if let down = value.member("down") { task.down = try down.bool() }
    case .daily:
      task.frequency = try value.member("frequency")?.string()
      task.everyX = try value.member("everyX")?.int()
      if let repeatDays = value.member("repeat") {
        for (key, flag) in try repeatDays.members() { task.repeatDays[key] = try flag.bool() }
      }
      if let start = value.member("startDate") {
        task.startDateText = try start.string()
        task.startDate = task.startDateText.flatMap(HabiticaInstant.milliseconds(iso:))
      }
      if let days = value.member("daysOfMonth") { task.daysOfMonth = try days.elements().map { try $0.int() } }
      if let weeks = value.member("weeksOfMonth") { task.weeksOfMonth = try weeks.elements().map { try $0.int() } }
      task.completed = try value.member("completed")?.bool() ?? false
    case .todo:
      task.completed = try value.member("completed")?.bool() ?? false
      task.dateCompleted = try instant(value.member("dateCompleted"))
      if let due = value.member("date") { task.due = try due.string() }
      if let checklist = value.member("checklist") {
        for item in try checklist.elements() {
          task.checklist.append((try item.member("text")?.string() ?? "", try item.member("completed")?.bool() ?? false))
        }
      }
      if let priority = value.member("priority") {
        _ = try priority.double()
        if case .number(let text) = priority.value { task.priority = text }
      }
    case .reward: break
    }
    if kind == .habit || kind == .daily, let history = value.member("history") {
      task.history = try entries(history)
    }
    return task
  }

  /// An ISO-8601 member as an instant; `nil` when absent or not a date Habitica writes.
  private func instant(_ value: ForeignJSONValue?) throws -> Int64? {
    guard let value else { return nil }
    return HabiticaInstant.milliseconds(iso: try value.string())
  }

  /// History entries, read from the values directly (they are most of the file). `null`
  /// entries (Habitica writes them) are skipped; an entry whose date is not a number is
  /// skipped with a warning at its pointer.
  private mutating func entries(_ history: ForeignJSONValue) throws -> [HabiticaEntry] {
    guard case .array(let elements) = history.value else { throw history.mismatch("an array") }
    var result: [HabiticaEntry] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      guard case .object(let members) = element else {
        if element != .null { skip(history.pointer + "/\(index)", "history entry \(index) is \(ForeignJSONValue.describe(element)), not an object") }
        continue
      }
      var entry = HabiticaEntry(date: 0, value: nil, completed: nil, scoredUp: nil, scoredDown: nil, order: index)
      var date: Int64?
      var problem: (key: String, message: String)?
      var valueText: String?
      for member in members {
        switch member.key {
        case "date":
          if case .number(let text) = member.value, let ms = Self.milliseconds(text) {
            date = ms
          } else {
            problem = ("date", "history entry \(index) has the date \(ForeignJSONValue.describe(member.value)), not a number of milliseconds")
          }
        case "value":
          if case .number(let text) = member.value { valueText = text }
        case "completed":
          if case .bool(let flag) = member.value { entry.completed = flag }
        case "scoredUp":
          if case .number(let text) = member.value { entry.scoredUp = Self.count(text) }
        case "scoredDown":
          if case .number(let text) = member.value { entry.scoredDown = Self.count(text) }
        default: break
        }
      }
      // The value matters only to entries without flags or clicks (the value rule): the
      // others are most of a long export, so their number text is not converted.
      if entry.completed == nil, !entry.hasClicks, let valueText, let number = Double(valueText), number.isFinite {
        entry.value = number
      }
      if let problem {
        skip(history.pointer + "/\(index)/" + problem.key, problem.message)
        continue
      }
      guard let date else {
        skip(history.pointer + "/\(index)", "history entry \(index) has no date")
        continue
      }
      entry.date = date
      result.append(entry)
    }
    return result
  }

  /// Whole milliseconds from a JSON number (`1583668747939`, `1.583668747939e12`), within
  /// the years 1…9999.
  static func milliseconds(_ text: String) -> Int64? {
    if let whole = Int64(text) { return abs(whole) < 253_402_300_800_000 ? whole : nil }
    guard let number = Double(text), number.isFinite, abs(number) < 253_402_300_800_000 else { return nil }
    return Int64(number.rounded(.down))
  }

  /// A click count (`2`, `2.0`); `nil` for anything else.
  static func count(_ text: String) -> Int? {
    if let whole = Int(text) { return whole }
    guard let number = Double(text), number.isFinite, abs(number) < 1e15 else { return nil }
    return Int(number.rounded())
  }

  private mutating func skip(_ pointer: String, _ message: String) {
    warnings.append(Diagnostic(code: HabiticaCodec.skippedEntry.code, severity: .warning, message: message + "; skipped",
                               location: SourceLocation(file: document.fileName, pointer: pointer)))
  }
}
