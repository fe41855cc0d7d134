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
  mutating func build(_ export: HabiticaExport, fromCSV: Bool) -> TrackerDataset {
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    var dataset = TrackerDataset()
    let tagNames = Dictionary(export.tags.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let tagRank = Dictionary(export.tags.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    var categoryIds: [String: String] = [:]
    var categoryTitles: [(rank: Int, category: TrackerCategory)] = []
    func category(_ title: String, rank: Int) -> String {
      if let id = categoryIds[title] { return id }
      let id = StableID.uuid("habitica-category:" + title)
      categoryIds[title] = id
      categoryTitles.append((rank, TrackerCategory(id: id, title: title)))
      return id
    }
    let firstCron = HabiticaHistory.firstCrons(export.crons, clock: &clock)
    let newest = export.tasks.lazy.flatMap { $0.history.lazy.map(\.date) }.max().map { max($0, export.crons.max() ?? $0) }
      ?? export.crons.max() ?? 0
    let rawSince = newest - HabiticaHistory.rawWindow
    var condensedTasks = 0
    var condensedRange: (first: Int64, last: Int64)?
    var condensedEntries = 0
    var downDays = 0, downHabits = 0
    var downOnly: [String] = []
    var untagged = 0, trackers = 0, todos = 0

    for task in export.tasks {
      let known = task.tags.filter { tagNames[$0] != nil }
      let names = known.compactMap { tagNames[$0] }
      switch task.kind {
      case .habit, .daily:
        trackers += 1
        let first = known.min { tagRank[$0, default: .max] < tagRank[$1, default: .max] }
        let categoryId: String
        if let first, let title = tagNames[first], !title.isEmpty {
          categoryId = category(title, rank: tagRank[first] ?? .max)
        } else {
          untagged += 1
          categoryId = category(fallback, rank: .max)
        }
        let choice = PaletteEmoji.stableChoice(for: task.text)
        var tracker = Tracker(id: task.id, kind: .habit, name: task.text, categoryId: categoryId,
                              emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                              description: task.notes.isEmpty ? nil : task.notes)
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
          history = HabiticaHistory.daily(task.history, clock: &clock, firstCron: firstCron, rawSince: rawSince)
        } else if task.kind == .habit && !fromCSV {
          extras.append(JSONMember("up", .bool(task.up)))
          extras.append(JSONMember("down", .bool(task.down)))
          if !task.up && task.down {
            downOnly.append(task.text)
            extras.append(JSONMember("daysAre", .string("down")))
          }
          history = HabiticaHistory.habit(task.history, up: task.up, down: task.down, clock: &clock)
          if history.downDays > 0 {
            downDays += history.downDays
            downHabits += 1
          }
        } else {
          history = HabiticaHistory.daily(task.history, clock: &clock, firstCron: [:], rawSince: rawSince)
        }
        if !history.condensed.isEmpty {
          condensedTasks += 1
          condensedEntries += history.condensed.count
          let low = history.condensed.min() ?? 0, high = history.condensed.max() ?? 0
          condensedRange = condensedRange.map { (min($0.first, low), max($0.last, high)) } ?? (low, high)
        }
        tracker.extras = ["habitica": .object(extras)]
        dataset.trackers.append(tracker)
        dataset.records.append(contentsOf: history.days.map { TrackerRecord(trackerId: task.id, date: $0) })
      case .todo:
        todos += 1
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
        dataset.tasks.append(PlanTask(
          id: task.id, title: task.text, description: task.notes.isEmpty ? nil : task.notes,
          color: PaletteEmoji.stableChoice(for: task.text).color.rawValue, start: start, done: task.completed,
          position: dataset.tasks.count, extras: extras.isEmpty ? [:] : ["habitica": .object(extras)]))
      case .reward:
        break
      }
    }
    dataset.categories = categoryTitles.sorted { $0.rank < $1.rank }.map(\.category)

    if trackers + todos > 0 {
      var message = "Habitica has no emoji or colours: "
      var parts: [String] = []
      if trackers > 0 { parts.append("\(trackers) habit(s) and daily(ies) given a palette emoji and colour chosen from the name") }
      if todos > 0 { parts.append("\(todos) to-do(s) a palette colour") }
      message += parts.joined(separator: ", ")
      if untagged > 0 { message += "; \(untagged) without a tag put in category \"\(fallback)\"" }
      warnings.append(Diagnostic(
        code: HabiticaCodec.assignedDefaults.code, severity: .warning, message: message,
        location: SourceLocation(file: fileName),
        note: "name the category with --default-category; habits (+/−) are planned every day, as Habitica has no schedule for them"))
    }
    if let range = condensedRange {
      let first = clock.calendarDay(range.first), last = clock.calendarDay(range.last)
      warnings.append(Diagnostic(
        code: HabiticaCodec.condensedHistory.code, severity: .warning,
        message: "\(condensedTasks) task(s) have condensed history from \(first) to \(last) (\(condensedEntries) entries): Habitica keeps only one average per month or year of old history, so the days completed then cannot be recovered and none were imported",
        location: SourceLocation(file: fileName),
        note: "a subscriber's export keeps a year of day-by-day history, a free account's 60 days"))
    }
    if !downOnly.isEmpty {
      let shown = downOnly.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (downOnly.count > 3 ? ", …" : "")
      warnings.append(Diagnostic(
        code: HabiticaCodec.downHabit.code, severity: .warning,
        message: "\(downOnly.count) habit(s) with only a \"−\" button (\(shown)) imported with the days \"−\" was clicked as completed days: those days record the bad habit happening, not a success",
        location: SourceLocation(file: fileName),
        note: "such trackers have extras[\"habitica\"].daysAre = \"down\""))
    }
    var dropped: [String] = []
    if export.rewards > 0 { dropped.append("\(export.rewards) reward(s)") }
    if downDays > 0 { dropped.append("the \"−\" clicks of \(downHabits) habit(s) that also have \"+\" (on \(downDays) day(s))") }
    if !dropped.isEmpty {
      warnings.append(Diagnostic(
        code: HabiticaCodec.notImported.code, severity: .warning,
        message: "not imported: " + dropped.joined(separator: ", ") + "; the model has no place for them",
        location: SourceLocation(file: fileName)))
    }
    if fromCSV && trackers > 0 {
      warnings.append(Diagnostic(
        code: HabiticaCodec.noSchedules.code, severity: .warning,
        message: "history.csv has no schedules, tags, notes or to-dos: \(trackers) task(s) planned every day, completed days taken from the rise of the value, days counted in \(clock.words)",
        location: SourceLocation(file: fileName),
        note: "userdata.json of the same export gives schedules, tags, to-dos and exact completions; set the zone with --timezone and the day start with --day-start"))
    }
    return dataset
  }

  /// `every day`, or `Mon, Wed, Fri`.
  static func words(_ days: [Weekday]) -> String {
    days.count == 7 ? "every day" : days.map(\.shortEnglishName).joined(separator: ", ")
  }
}
