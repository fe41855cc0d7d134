import TrackerCodec
import TrackerModel

/// Turns a beaverhabits file into a dataset (the mapping of `docs/beaverhabits.md`).
///
/// Three shapes hold the same habit list: the UI export `{"user_email", "exported_at",
/// "habits"}` (`beaverhabits/views.py:120-136`), the stored list `{"habits", "order",
/// "order_by", …}` (the daily Telegram backup, `core/backup.py:26-32`) and the 2024 storage file
/// `{"data": {"habits": […]}}` (nicegui's `PersistentDict`, before ids, tags, star, status,
/// period and notes existed: all optional here).
///
/// Each habit dict becomes a habit planned every day (or on the days its period says exactly),
/// with a palette emoji and colour chosen from its name (the app has neither), in the category
/// of its first tag. A done record is a completion (its `text` the note), a record not done with
/// a `text` an entry with that note; records not done without text, further tags, `chips`, a
/// soft delete, the exact period and every key the model has no place for are kept in
/// `extras["beaverhabits"]` so that writing beaverhabits gives them back.
struct BeaverHabitsReader {
  static let defaultCategory = "Beaver Habits"
  /// The extras namespace.
  static let namespace = "beaverhabits"
  /// Habit keys the reader maps; the others are kept as they are.
  static let habitKeys: Set<String> = ["id", "name", "records", "tags", "star", "status", "period", "chips"]
  /// Record keys the reader maps.
  static let recordKeys: Set<String> = ["day", "done", "text"]
  /// The biggest `period_count` or `target_count` read (the app's own are small).
  static let largestCount = 100_000

  let document: ForeignJSON
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(document: ForeignJSON, options: [String: String]) {
    self.document = document
    self.options = options
  }

  mutating func read() throws -> TrackerDataset {
    let top = document.top
    guard case .object = top.value else { throw top.mismatch("an object with \"habits\" (a beaverhabits export)") }
    var datasetExtras: [JSONMember] = []
    let list: ForeignJSONValue
    if top.member("habits") == nil, let data = top.member("data") {
      // The 2024 storage file: the list dict under "data", other user storage beside it.
      guard case .object = data.value else { throw data.mismatch("an object with \"habits\"") }
      list = data
      let others = try top.members().filter { $0.key != "data" }.map { JSONMember($0.key, $0.value.value) }
      if !others.isEmpty { datasetExtras.append(JSONMember("storageMembers", .object(others))) }
    } else {
      list = top
    }
    let habits = try list.required("habits").elements()
    var kept: [JSONMember] = []
    for (key, value) in try list.members() where key != "habits" {
      switch key {
      case "user_email": datasetExtras.append(JSONMember("userEmail", .string(try value.string())))
      case "exported_at": datasetExtras.append(JSONMember("exportedAt", .string(try value.string())))
      default: kept.append(JSONMember(key, value.value))
      }
    }
    if !kept.isEmpty { datasetExtras.append(JSONMember("members", .object(kept))) }

    var dataset = TrackerDataset()
    if !datasetExtras.isEmpty { dataset.extras = [Self.namespace: .object(datasetExtras)] }
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    var categoryIds: [String: String] = [:]
    func category(_ title: String) -> String {
      if let id = categoryIds[title] { return id }
      let id = Self.categoryID(title)
      categoryIds[title] = id
      dataset.categories.append(TrackerCategory(id: id, title: title))
      return id
    }
    var untagged = 0
    for (index, habit) in habits.enumerated() {
      let read = try readHabit(habit, index: index)
      if read.tags.isEmpty { untagged += 1 }
      var tracker = read.tracker
      tracker.categoryId = category(read.tags.first ?? fallback)
      // beaverhabits has no emoji or colours, and a habit without tags has no category: made up.
      tracker.invented = read.tags.isEmpty ? [.category, .emoji, .color] : [.emoji, .color]
      dataset.trackers.append(tracker)
      dataset.records += read.records
      dataset.entries += read.entries
    }
    if !habits.isEmpty {
      var message = "beaverhabits has no emoji or colours: \(habits.count) habit(s) given a palette emoji and colour chosen from the name"
      if untagged > 0 { message += ", \(untagged) habit(s) without tags put in category \"\(fallback)\"" }
      warnings.append(Diagnostic(
        code: BeaverHabitsCodec.assignedDefaults.code, severity: .warning, message: message,
        location: SourceLocation(file: document.fileName, pointer: list.pointer + "/habits"),
        note: "name the category with --default-category; a habit's first tag is its category, all its tags are kept in extras[\"beaverhabits\"]"))
    }
    return dataset
  }

  /// One habit dict: the tracker (its category still to set), its completions and entries.
  private mutating func readHabit(_ habit: ForeignJSONValue, index: Int) throws
    -> (tracker: Tracker, tags: [String], records: [TrackerRecord], entries: [TrackerEntry]) {
    let name = try habit.required("name").string()
    let id = try habit.member("id")?.string() ?? StableID.uuid("beaverhabits:\(index):\(name)")
    var extras: [JSONMember] = []
    let tags = try habit.member("tags")?.elements().map { try $0.string() } ?? []
    // One tag is the category; none or several are kept, so writing gives them back.
    if tags.count != 1 { extras.append(JSONMember("tags", .array(tags.map(JSONValue.string)))) }
    let pinned = try habit.member("star")?.bool() ?? false
    var archived = false
    if let status = habit.member("status") {
      switch try status.string() {
      case "active": break
      case "archive": archived = true
      case "soft_delete":
        archived = true
        extras.append(JSONMember("status", .string("soft_delete")))
      default:
        throw status.failure("unknown habit status \(ForeignJSONValue.describe(status.value)) at \(status.pointer)",
                             note: "beaverhabits' statuses are \"active\", \"archive\" and \"soft_delete\"")
      }
    }
    var frequency: TrackerFrequency?
    if let value = habit.member("period") {
      let period = try Self.period(value)
      extras.append(JSONMember("period", period.json))
      frequency = period.frequency
      if !period.isEveryDay {
        warnings.append(Diagnostic(
          code: LossReport.lossyFrequency.code, severity: .warning,
          message: "habit \"\(name)\" is planned \(period.text) in beaverhabits; the model plans habits on weekdays, so it is planned every day",
          location: SourceLocation(file: document.fileName, pointer: value.pointer),
          note: "the period is kept as the tracker's frequency (\(period.target) in \(period.count * period.unit.days) days) and restored when writing beaverhabits"))
      }
    }
    if let chips = habit.member("chips") { extras.append(JSONMember("chips", chips.value)) }
    let others = try habit.members().filter { !Self.habitKeys.contains($0.key) }.map { JSONMember($0.key, $0.value.value) }
    if !others.isEmpty { extras.append(JSONMember("members", .object(others))) }

    var records: [TrackerRecord] = []
    var entries: [TrackerEntry] = []
    var notDone: [JSONValue] = []
    let recordList = habit.member("records")
    var items: [JSONValue] = []
    if let recordList {
      guard case .array(let all) = recordList.value else { throw recordList.mismatch("an array") }
      items = all
    }
    for (position, item) in items.enumerated() {
      // The values as they are; a record that is not as the app writes it is read again
      // through the located accessors, for the error.
      guard let (date, done, text, unknown) = try Self.record(item) ?? Self.locatedRecord(recordList?.elements()[position]) else {
        continue
      }
      let note = text?.isEmpty == false ? text : nil
      let recordExtras: Extras = unknown.isEmpty ? [:] : [Self.namespace: .object([JSONMember("members", .object(unknown))])]
      if done {
        records.append(TrackerRecord(trackerId: id, date: date, note: note, extras: recordExtras))
      } else if let note {
        entries.append(TrackerEntry(trackerId: id, date: date, note: note, extras: recordExtras))
      } else {
        // Unticked: the app keeps the record with done false. Nothing the model says; kept.
        notDone.append(unknown.isEmpty ? .string(date.description) : item)
      }
    }
    if !notDone.isEmpty { extras.append(JSONMember("notDone", .array(notDone))) }

    let choice = PaletteEmoji.stableChoice(for: name)
    let tracker = Tracker(
      id: id, kind: .habit, name: name, categoryId: "", emoji: choice.emoji.rawValue, color: choice.color.rawValue,
      schedule: Weekday.allCases, pinned: pinned, archived: archived, frequency: frequency,
      extras: extras.isEmpty ? [:] : [Self.namespace: .object(extras)])
    return (tracker, tags, records, entries)
  }

  /// A record as the app writes it (`day` a `YYYY-MM-DD` string, `done` a flag, `text` a string
  /// or `null`, and other keys); `nil` for anything else.
  static func record(_ value: JSONValue) -> (LocalDate, Bool, String?, [JSONMember])? {
    guard case .object(let members) = value else { return nil }
    var date: LocalDate?, done: Bool?, text: String?
    var unknown: [JSONMember] = []
    for member in members {
      switch (member.key, member.value) {
      case ("day", .string(let day)): date = LocalDate(day)
      case ("done", .bool(let flag)): done = flag
      case ("text", .string(let note)): text = note
      case ("text", .null): break
      case ("day", _), ("done", _), ("text", _): return nil
      default: unknown.append(member)
      }
    }
    guard let date, let done else { return nil }
    return (date, done, text, unknown)
  }

  /// A record through the located accessors: the error of what is not as the app writes it.
  static func locatedRecord(_ value: ForeignJSONValue?) throws -> (LocalDate, Bool, String?, [JSONMember])? {
    guard let record = value else { return nil }
    guard case .object = record.value else { throw record.mismatch("a record object {\"day\", \"done\"}") }
    let dayValue = try record.required("day")
    guard let date = LocalDate(try dayValue.string()) else {
      throw dayValue.mismatch("a day YYYY-MM-DD")
    }
    let done = try record.required("done").bool()
    let text = try record.member("text")?.string()
    let unknown = try record.members().filter { !recordKeys.contains($0.key) }.map { JSONMember($0.key, $0.value.value) }
    return (date, done, text, unknown)
  }

  /// A `period` object; a type the app does not have, or a count that is not a whole number
  /// from 1 to ``largestCount``, is a located error.
  static func period(_ value: ForeignJSONValue) throws -> BeaverHabitsPeriod {
    let typeValue = try value.required("period_type")
    let type = try typeValue.string()
    guard let unit = BeaverHabitsPeriod.Unit(rawValue: type) else {
      throw typeValue.failure("unknown period type \(ForeignJSONValue.describe(typeValue.value)) at \(typeValue.pointer)",
                              note: "beaverhabits' period types are \"D\", \"W\", \"M\" and \"Y\" (day, week, month, year)")
    }
    func count(_ key: String) throws -> Int {
      let member = try value.required(key)
      let number = try member.int()
      guard (1...largestCount).contains(number) else { throw member.mismatch("a whole number from 1 to \(largestCount)") }
      return number
    }
    return BeaverHabitsPeriod(unit: unit, count: try count("period_count"), target: try count("target_count"))
  }

  /// The id of the category a tag (or the default title) makes.
  static func categoryID(_ title: String) -> String { StableID.uuid("beaverhabits-category:" + title) }
}
