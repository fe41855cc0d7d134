import TrackerCodec
import TrackerModel

/// Turns a ``StreaksExport`` into a dataset (the mapping of `docs/streaks.md`).
///
/// - Tasks become habits planned every day (Streaks' own plan is in neither file), with a
///   palette emoji and colour chosen from the name (marked made up); the backup's first
///   category is the habit's, the others and tasks of the CSV (which has none) go to the
///   `default-category` option's ("Streaks").
/// - A day with a completed line (`completed_manually`, `completed_auto`, codes 1 and 2) is a
///   record; else a day with a skipped line an entry with `skipped`; else a day with a note an
///   entry with that note; any other day (missed, partial, timer, Health sync, unknown) is kept
///   in the tracker's `extras["streaks"].days`. Every line of a day is kept with it (as
///   `marks`), except a record's single plain "completed by hand".
/// - A title's `", HH:MM"` is cut from the name and read as a reminder at that time.
/// - A negative ("limit") task gets the goal "at most 0 a day", as HabitKit's habits to quit:
///   its completed days are the days Streaks counted as kept.
struct StreaksDatasetBuilder {
  static let defaultCategory = "Streaks"
  /// The extras namespace.
  static let namespace = "streaks"

  let file: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(file: String, options: [String: String]) {
    self.file = file
    self.options = options
  }

  mutating func build(_ export: StreaksExport) -> TrackerDataset {
    warnings.append(contentsOf: export.warnings)
    var dataset = TrackerDataset()
    var categoryOf: [String: String] = [:]
    for category in export.categories where categoryOf[category.id] == nil {
      let id = StableID.uuid("streaks-category:" + category.id)
      categoryOf[category.id] = id
      dataset.categories.append(TrackerCategory(id: id, title: category.title,
                                                extras: [Self.namespace: .object([JSONMember("id", .string(category.id))] + category.kept)]))
    }
    var fallbackId: String?
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    var usedIds: Set<String> = []
    var inFallback = 0
    var timed: [(String, SourceLocation)] = []
    var negative: [String] = []
    var keptDays = 0
    var keptTypes: [String: Int] = [:]

    for (index, task) in export.tasks.enumerated() {
      let title = StreaksTitle(task.title)
      let choice = PaletteEmoji.stableChoice(for: title.name)
      var id = task.id
      if id.isEmpty || usedIds.contains(id) {
        if !id.isEmpty {
          warnings.append(Diagnostic(code: StreaksCodec.unexpected.code, severity: .warning,
                                     message: "task id \(id) is given twice; the later task \(task.title.debugDescription) is read as a task of its own, its id kept in extras[\"streaks\"]",
                                     location: task.location))
        }
        var n = 1
        id = StableID.uuid("streaks-task:\(index):" + task.title)
        while usedIds.contains(id) {
          n += 1
          id = StableID.uuid("streaks-task:\(index):\(n):" + task.title)
        }
      }
      usedIds.insert(id)

      var kept: [JSONMember] = []
      if id != task.id && !task.id.isEmpty { kept.append(JSONMember("id", .string(task.id))) }
      kept.append(contentsOf: task.kept)
      var invented: Set<InventedField> = [.emoji, .color, .schedule]
      var categoryId: String
      if let first = task.categories.first, let known = categoryOf[first] {
        categoryId = known
      } else {
        if let first = task.categories.first {
          warnings.append(Diagnostic(code: StreaksCodec.unexpected.code, severity: .warning,
                                     message: "task \(task.title.debugDescription) is in category \(first), which categories does not hold; it goes into \"\(fallback)\"",
                                     location: task.location))
        }
        if fallbackId == nil {
          let made = StableID.uuid("streaks-category:default:" + fallback)
          fallbackId = made
          dataset.categories.append(TrackerCategory(id: made, title: fallback))
        }
        categoryId = fallbackId ?? ""
        invented.insert(.category)
        inFallback += 1
      }
      if task.categories.count > 1 || (task.categories.first.map { categoryOf[$0] == nil } ?? false) {
        kept.append(JSONMember("cat", .array(task.categories.map(JSONValue.string))))
      }
      var tracker = Tracker(id: id, kind: .habit, name: title.name, categoryId: categoryId,
                            emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                            archived: task.archived,
                            reminders: title.time.map { [TrackerReminder(time: $0)] } ?? [])
      if title.time != nil {
        kept.append(JSONMember("title", .string(task.title)))
        timed.append((task.title, task.location))
      }
      if task.negative {
        tracker.goal = TrackerGoal(target: 0, direction: .atMost)
        kept.append(JSONMember("negative", .bool(true)))
        negative.append(title.name)
      }

      // The days, each with every line of it.
      var order: [LocalDate] = []
      var marksOf: [LocalDate: [StreaksExport.Mark]] = [:]
      for mark in task.marks {
        if marksOf[mark.day] == nil { order.append(mark.day) }
        marksOf[mark.day, default: []].append(mark)
      }
      var days: [JSONValue] = []
      for day in order.sorted() {
        let marks = marksOf[day] ?? []
        var notes: [String] = []
        for note in marks.compactMap(\.note) where !notes.contains(note) { notes.append(note) }
        let note = notes.isEmpty ? nil : notes.joined(separator: "\n")
        let json = JSONValue.array(marks.map { mark in
          .object(mark.kept + (notes.count > 1 ? mark.note.map { [JSONMember("notes", .string($0))] } ?? [] : []))
        })
        let outcomes = marks.map { $0.type?.outcome ?? .kept }
        if outcomes.contains(where: { if case .completed = $0 { true } else { false } }) {
          var record = TrackerRecord(trackerId: id, date: day, note: note)
          if !(marks.count == 1 && marks[0].plain) { record.extras[Self.namespace] = .object([JSONMember("marks", json)]) }
          dataset.records.append(record)
        } else if outcomes.contains(where: { if case .skipped = $0 { true } else { false } }) || note != nil {
          let skipped = outcomes.contains { if case .skipped = $0 { true } else { false } }
          dataset.entries.append(TrackerEntry(trackerId: id, date: day, skipped: skipped, note: note,
                                              extras: [Self.namespace: .object([JSONMember("marks", json)])]))
        } else {
          days.append(.object([JSONMember("day", .string(day.description)), JSONMember("marks", json)]))
          keptDays += 1
          for mark in marks { keptTypes[mark.type?.rawValue ?? "unknown", default: 0] += 1 }
        }
      }
      if !days.isEmpty { kept.append(JSONMember("days", .array(days))) }
      if !kept.isEmpty { tracker.extras[Self.namespace] = .object(kept) }
      tracker.invented = invented
      dataset.trackers.append(tracker)
    }
    // By day; a stable sort keeps the trackers' order within a day.
    dataset.records.sort { $0.date < $1.date }
    dataset.entries.sort { $0.date < $1.date }
    if !export.kept.isEmpty { dataset.extras[Self.namespace] = .object(export.kept) }
    summarize(trackers: dataset.trackers.count, inFallback: inFallback, fallback: fallback, timed: timed, negative: negative,
              keptDays: keptDays, keptTypes: keptTypes)
    return dataset
  }

  /// One warning each for the defaults chosen, the titles' times, the negative tasks and the
  /// days kept in extras.
  private mutating func summarize(trackers: Int, inFallback: Int, fallback: String, timed: [(String, SourceLocation)], negative: [String],
                                  keptDays: Int, keptTypes: [String: Int]) {
    if trackers > 0 {
      warnings.append(Diagnostic(
        code: StreaksCodec.assignedDefaults.code, severity: .warning,
        message: "Streaks' exports hold no emoji, colour or weekdays TrackerPort can read: \(trackers) habit(s) given a palette emoji and colour chosen from the name, planned every day"
          + (inFallback > 0 ? "; \(inFallback) in no category put in \"\(fallback)\"" : ""),
        location: SourceLocation(file: file),
        note: "name the category with --option default-category=NAME; the task's icon is kept in extras[\"streaks\"].icon"))
    }
    if let (first, location) = timed.first {
      warnings.append(Diagnostic(
        code: StreaksCodec.titleTime.code, severity: .warning,
        message: "\(timed.count) title(s) end in a time of day (first \(first.debugDescription)): the name is read without it and the time as the habit's reminder; the title as written is kept in extras[\"streaks\"].title",
        location: location))
    }
    if !negative.isEmpty {
      let shown = negative.prefix(3).map(\.debugDescription).joined(separator: ", ") + (negative.count > 3 ? ", …" : "")
      warnings.append(Diagnostic(
        code: StreaksCodec.negativeTask.code, severity: .warning,
        message: "\(negative.count) negative (limit) task(s) (\(shown)) read as habits to do less of, with the goal \"at most 0 a day\": their completed days, the days Streaks counted as kept, are the records; their limit, if it was more than 0, is in no description of the backup",
        location: SourceLocation(file: file),
        note: "their missed_auto_partial days are kept in extras[\"streaks\"].days, not as completions (one third-party reader counts them as kept for a limit task)"))
    }
    if keptDays > 0 {
      let counts = keptTypes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      warnings.append(Diagnostic(
        code: StreaksCodec.keptDays.code, severity: .warning,
        message: "\(keptDays) day(s) neither completed nor skipped (\(counts)) are kept in the habits' extras[\"streaks\"].days, not as completions: the model has no missed or partial day",
        location: SourceLocation(file: file)))
    }
  }
}
