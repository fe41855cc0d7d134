import TrackerCodec
import TrackerModel

/// Turns an export (read from `userdata.json` or `history.csv`) into a dataset, with the
/// warnings of what was chosen, condensed or left out (docs/habitica.md).
///
/// Habits and dailies become habits (ids as Habitica wrote them), with a palette emoji and
/// colour chosen from the name; their category is the first of their tags in the user's tag
/// order, untagged ones go to `default-category` ("Habitica"). To-dos become Daily Plan tasks.
/// Rewards are counted, not imported.
struct HabiticaDatasetBuilder {
  static let defaultCategory = "Habitica"

  let fileName: String
  let options: [String: String]
  var clock: HabiticaClock
  private(set) var warnings: [Diagnostic] = []

  init(fileName: String, options: [String: String], clock: HabiticaClock) {
    self.fileName = fileName
    self.options = options
    self.clock = clock
  }

  /// - Parameter fromCSV: the export is a `history.csv` (no schedules, flags or crons).
  ///   Each task's history is let go once its days are made, so that a long export's
  ///   entries and its records are not both held whole.
  mutating func build(_ export: consuming HabiticaExport, fromCSV: Bool) -> TrackerDataset {
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    var dataset = TrackerDataset()
    var tags = TagTable(export.tags)
    let newest = export.tasks.lazy.flatMap { $0.history.lazy.map(\.date) }.max().map { max($0, export.crons.max() ?? $0) }
      ?? export.crons.max() ?? 0
    let window = HistoryWindow(firstCron: HabiticaHistory.firstCrons(export.crons, clock: &clock),
                               rawSince: newest - HabiticaHistory.rawWindow)
    var tally = Tally()
    for index in export.tasks.indices {
      let task = export.tasks[index]
      switch task.kind {
      case .habit, .daily:
        let (tracker, days) = self.tracker(task, fromCSV: fromCSV, tags: &tags, fallback: fallback, window: window, tally: &tally)
        export.tasks[index].history = []
        dataset.trackers.append(tracker)
        dataset.records.append(contentsOf: days.map { TrackerRecord(trackerId: task.id, date: $0) })
      case .todo:
        tally.todos += 1
        dataset.tasks.append(todo(task, position: dataset.tasks.count, tags: tags))
      case .reward:
        break
      }
    }
    dataset.categories = tags.categories.sorted { $0.rank < $1.rank }.map(\.category)
    summarize(tally, rewards: export.rewards, fallback: fallback, fromCSV: fromCSV)
    return dataset
  }

  /// The user's tags, in their order, and the categories made of them as tasks name them.
  private struct TagTable {
    let names: [String: String]
    let rank: [String: Int]
    private var categoryIds: [String: String] = [:]
    /// Each category with the rank of its tag (`.max` for the default one), for their order.
    private(set) var categories: [(rank: Int, category: TrackerCategory)] = []

    init(_ tags: [(id: String, name: String)]) {
      names = Dictionary(tags.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      rank = Dictionary(tags.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the tags of `task` that the export defines.
    func known(_ task: HabiticaTask) -> [String] { task.tags.filter { names[$0] != nil } }

    /// The id of the category titled `title`, added with `rank` when new.
    mutating func category(_ title: String, rank: Int) -> String {
      if let id = categoryIds[title] { return id }
      let id = StableID.uuid("habitica-category:" + title)
      categoryIds[title] = id
      categories.append((rank, TrackerCategory(id: id, title: title)))
      return id
    }
  }

  /// Which history entries are read as they are: the first cron of each day, and the instant
  /// before which Habitica may have condensed entries.
  private struct HistoryWindow {
    let firstCron: [LocalDate: Int64]
    let rawSince: Int64
  }

  /// What the summary warnings count.
  private struct Tally {
    var trackers = 0, todos = 0, untagged = 0
    var condensedTasks = 0, condensedEntries = 0
    var condensedRange: (first: Int64, last: Int64)?
    var downDays = 0, downHabits = 0
    var downOnly: [String] = []
  }

  /// A habit or daily as a habit tracker (category from its first tag, palette emoji and
  /// colour from its name, a daily's schedule) and the days it was completed.
  private mutating func tracker(_ task: HabiticaTask, fromCSV: Bool, tags: inout TagTable, fallback: String,
                                window: HistoryWindow, tally: inout Tally) -> (Tracker, [LocalDate]) {
    tally.trackers += 1
    let known = tags.known(task)
    let names = known.compactMap { tags.names[$0] }
    let first = known.min { tags.rank[$0, default: .max] < tags.rank[$1, default: .max] }
    let categoryId: String
    var invented: Set<InventedField> = [.emoji, .color]
    if let first, let title = tags.names[first], !title.isEmpty {
      categoryId = tags.category(title, rank: tags.rank[first] ?? .max)
    } else {
      tally.untagged += 1
      categoryId = tags.category(fallback, rank: .max)
      invented.insert(.category)
    }
    let choice = PaletteEmoji.stableChoice(for: task.text)
    var tracker = Tracker(id: task.id, kind: .habit, name: task.text, categoryId: categoryId,
                          emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                          description: task.notes.isEmpty ? nil : task.notes)
    // Habitica has no emoji or colours of a habit's own (nor a category without tags); a habit
    // (not a daily) and the CSV history have no weekdays either.
    if task.kind != .daily || fromCSV { invented.insert(.schedule) }
    var extras = [JSONMember("type", .string(task.kind.rawValue))]
    if !names.isEmpty { extras.append(JSONMember("tags", .array(names.map(JSONValue.string)))) }
    let history: HabiticaHistory
    if task.kind == .daily && !fromCSV {
      let plan = HabiticaSchedule.of(task)
      tracker.schedule = plan.schedule
      tracker.frequency = plan.frequency
      if let start = task.startDate { tracker.createdOn = clock.calendarDay(start) }
      extras.append(JSONMember("repeat", HabiticaSchedule.extras(task)))
      if let lost = plan.lost {
        warnings.append(Diagnostic(
          code: LossReport.lossyFrequency.code, severity: .warning,
          message: "daily \"\(task.text)\" repeats \(lost) in Habitica; the model plans habits on weekdays, so it is planned on \(Self.words(plan.schedule))"
            + (plan.frequency.map { " with the frequency \($0.times) in \($0.days) days" } ?? ""),
          location: SourceLocation(file: fileName, pointer: task.pointer),
          note: "the original repetition is kept in extras[\"habitica\"].repeat"))
      }
      history = HabiticaHistory.daily(task.history, clock: &clock, firstCron: window.firstCron, rawSince: window.rawSince)
    } else if task.kind == .habit && !fromCSV {
      extras.append(JSONMember("up", .bool(task.up)))
      extras.append(JSONMember("down", .bool(task.down)))
      if !task.up && task.down {
        tally.downOnly.append(task.text)
        extras.append(JSONMember("daysAre", .string("down")))
      }
      history = HabiticaHistory.habit(task.history, up: task.up, down: task.down, clock: &clock)
      if history.downDays > 0 {
        tally.downDays += history.downDays
        tally.downHabits += 1
      }
    } else {
      history = HabiticaHistory.daily(task.history, clock: &clock, firstCron: [:], rawSince: window.rawSince)
    }
    if !history.condensed.isEmpty {
      tally.condensedTasks += 1
      tally.condensedEntries += history.condensed.count
      let low = history.condensed.min() ?? 0, high = history.condensed.max() ?? 0
      tally.condensedRange = tally.condensedRange.map { (min($0.first, low), max($0.last, high)) } ?? (low, high)
    }
    tracker.extras = ["habitica": .object(extras)]
    tracker.invented = invented
    return (tracker, history.days)
  }

  /// A to-do as a Daily Plan task: its due day as the start, what the model cannot say
  /// (completion day, checklist, priority, tags) in its extras.
  private mutating func todo(_ task: HabiticaTask, position: Int, tags: TagTable) -> PlanTask {
    let names = tags.known(task).compactMap { tags.names[$0] }
    var extras: [JSONMember] = []
    var start: LocalDateTime?
    if let due = task.due, !due.isEmpty {
      extras.append(JSONMember("date", .string(due)))
      if let ms = HabiticaInstant.milliseconds(iso: due) { start = LocalDateTime(date: clock.calendarDay(ms), hour: 0, minute: 0) }
    }
    if let done = task.dateCompleted { extras.append(JSONMember("completedOn", .string(clock.day(done).description))) }
    if !task.checklist.isEmpty {
      extras.append(JSONMember("checklist", .array(task.checklist.map {
        .object([JSONMember("text", .string($0.text)), JSONMember("completed", .bool($0.completed))])
      })))
    }
    if let priority = task.priority { extras.append(JSONMember("priority", .number(priority))) }
    if !names.isEmpty { extras.append(JSONMember("tags", .array(names.map(JSONValue.string)))) }
    return PlanTask(
      id: task.id, title: task.text, description: task.notes.isEmpty ? nil : task.notes,
      color: PaletteEmoji.stableChoice(for: task.text).color.rawValue, start: start, done: task.completed,
      position: position, extras: extras.isEmpty ? [:] : ["habitica": .object(extras)])
  }

  /// The warnings that sum up the import: defaults chosen, condensed history, "−"-only habits,
  /// what was not imported, and what `history.csv` lacks.
  private mutating func summarize(_ tally: Tally, rewards: Int, fallback: String, fromCSV: Bool) {
    if tally.trackers + tally.todos > 0 {
      var message = "Habitica has no emoji or colours: "
      var parts: [String] = []
      if tally.trackers > 0 { parts.append("\(tally.trackers) habit(s) and daily(ies) given a palette emoji and colour chosen from the name") }
      if tally.todos > 0 { parts.append("\(tally.todos) to-do(s) a palette colour") }
      message += parts.joined(separator: ", ")
      if tally.untagged > 0 { message += "; \(tally.untagged) without a tag put in category \"\(fallback)\"" }
      warnings.append(Diagnostic(
        code: HabiticaCodec.assignedDefaults.code, severity: .warning, message: message,
        location: SourceLocation(file: fileName),
        note: "name the category with --default-category; habits (+/−) are planned every day, as Habitica has no schedule for them"))
    }
    if let range = tally.condensedRange {
      let first = clock.calendarDay(range.first), last = clock.calendarDay(range.last)
      warnings.append(Diagnostic(
        code: HabiticaCodec.condensedHistory.code, severity: .warning,
        message: "\(tally.condensedTasks) task(s) have condensed history from \(first) to \(last) (\(tally.condensedEntries) entries): Habitica keeps only one average per month or year of old history, so the days completed then cannot be recovered and none were imported",
        location: SourceLocation(file: fileName),
        note: "a subscriber's export keeps a year of day-by-day history, a free account's 60 days"))
    }
    let downOnly = tally.downOnly
    if !downOnly.isEmpty {
      let shown = downOnly.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (downOnly.count > 3 ? ", …" : "")
      warnings.append(Diagnostic(
        code: HabiticaCodec.downHabit.code, severity: .warning,
        message: "\(downOnly.count) habit(s) with only a \"−\" button (\(shown)) imported with the days \"−\" was clicked as completed days: those days record the bad habit happening, not a success",
        location: SourceLocation(file: fileName),
        note: "such trackers have extras[\"habitica\"].daysAre = \"down\""))
    }
    var dropped: [String] = []
    if rewards > 0 { dropped.append("\(rewards) reward(s)") }
    if tally.downDays > 0 { dropped.append("the \"−\" clicks of \(tally.downHabits) habit(s) that also have \"+\" (on \(tally.downDays) day(s))") }
    if !dropped.isEmpty {
      warnings.append(Diagnostic(
        code: HabiticaCodec.notImported.code, severity: .warning,
        message: "not imported: " + dropped.joined(separator: ", ") + "; the model has no place for them",
        location: SourceLocation(file: fileName)))
    }
    if fromCSV && tally.trackers > 0 {
      warnings.append(Diagnostic(
        code: HabiticaCodec.noSchedules.code, severity: .warning,
        message: "history.csv has no schedules, tags, notes or to-dos: \(tally.trackers) task(s) planned every day, completed days taken from the rise of the value, days counted in \(clock.words)",
        location: SourceLocation(file: fileName),
        note: "userdata.json of the same export gives schedules, tags, to-dos and exact completions; set the zone with --timezone and the day start with --day-start"))
    }
  }

  /// `every day`, or `Mon, Wed, Fri`.
  static func words(_ days: [Weekday]) -> String {
    days.count == 7 ? "every day" : days.map(\.shortEnglishName).joined(separator: ", ")
  }
}
