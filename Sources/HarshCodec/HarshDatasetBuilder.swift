import TrackerCodec
import TrackerModel

/// Turns harsh's two files into a dataset, and says what it made up or skipped.
///
/// Headings become categories (habits above the first heading go into the `default-category`,
/// "harsh" unless named, marked made up); every habit is planned every day with a palette
/// emoji and colour chosen from its name (made up: harsh has neither), its frequency beside
/// (`3/7` → 3 in 7 days), its end day as archived. `y` days are records, `s` skipped entries,
/// `n` days entries when they have a comment or an amount (else kept in `extras["harsh"].no`),
/// comments notes and non-zero amounts amounts. What harsh has and the model cannot say stays
/// in `extras["harsh"]` (`docs/harsh.md`), from where the writer puts it back.
struct HarshDatasetBuilder {
  static let defaultCategory = "harsh"
  /// The extras namespace.
  static let namespace = "harsh"

  let habitsFile: String
  let logFile: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(habitsFile: String, logFile: String, options: [String: String]) {
    self.habitsFile = habitsFile
    self.logFile = logFile
    self.options = options
  }

  mutating func build(habits: HarshHabitsFile, log: HarshLogFile) throws -> TrackerDataset {
    if let refused = habits.problems.first(where: \.refused) {
      // harsh itself exits on such a line: no dataset is what harsh would show either.
      throw CodecError(.malformedInput, "habit line \"\(refused.text)\": \(refused.problem)",
                       location: SourceLocation(file: habitsFile, line: refused.line),
                       note: "harsh refuses the whole file on such a line; fix it and read again")
    }
    for problem in habits.problems {
      warnings.append(Diagnostic(code: HarshCodec.skippedLines.code, severity: .warning,
                                 message: "harsh skips the line \"\(problem.text)\": \(problem.problem); kept to write back",
                                 location: SourceLocation(file: habitsFile, line: problem.line)))
    }
    var dataset = TrackerDataset()
    var categoryOf: [String: String] = [:]
    for heading in habits.headings where categoryOf[heading] == nil {
      let id = StableID.uuid("harsh-category:" + heading)
      categoryOf[heading] = id
      dataset.categories.append(TrackerCategory(id: id, title: heading))
    }
    let fallbackTitle = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    let fallback = StableID.uuid("harsh-category:" + fallbackTitle)
    if habits.habits.contains(where: { $0.heading.isEmpty }) && categoryOf[""] == nil {
      dataset.categories.insert(TrackerCategory(id: fallback, title: fallbackTitle), at: 0)
    }
    var trackerOf: [String: Int] = [:]
    var seen: [String: Int] = [:]
    for habit in habits.habits {
      let occurrence = seen[habit.name, default: 0]
      seen[habit.name] = occurrence + 1
      let id = StableID.uuid("harsh:" + habit.name + (occurrence == 0 ? "" : "#\(occurrence)"))
      let choice = PaletteEmoji.stableChoice(for: habit.name)
      let noHeading = habit.heading.isEmpty
      var tracker = Tracker(id: id, kind: .habit, name: habit.name,
                            categoryId: noHeading ? (categoryOf[""] ?? fallback) : categoryOf[habit.heading]!,
                            emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                            archived: habit.end != nil, frequency: habit.frequency.model)
      var kept: [JSONMember] = []
      if let text = habit.frequencyText ?? (habit.frequency.target == 0 ? "0" : nil) { kept.append(JSONMember("frequency", .string(text))) }
      if let end = habit.end { kept.append(JSONMember("end", .string(end.description))) }
      if !kept.isEmpty { tracker.extras[Self.namespace] = .object(kept) }
      var invented: Set<InventedField> = [.emoji, .color]
      if noHeading && categoryOf[""] == nil { invented.insert(.category) }
      // Every day is harsh's own plan for "1"; for "3/7" or "0" the model needs one.
      if habit.frequency.target != habit.frequency.interval { invented.insert(.schedule) }
      tracker.invented = invented
      if let frequency = habit.frequency.model {
        warnings.append(Diagnostic(
          code: HarshCodec.lossyFrequency.code, severity: .warning,
          message: "habit \"\(habit.name)\" is planned \(frequency.times) in \(frequency.days) days in harsh; the model plans habits on weekdays, so it is planned every day",
          location: SourceLocation(file: habitsFile, line: habit.line),
          note: "the frequency is kept as the tracker's frequency and written back to harsh"))
      }
      if trackerOf[habit.name] == nil { trackerOf[habit.name] = dataset.trackers.count }
      dataset.trackers.append(tracker)
    }

    var skipped: [JSONValue] = []
    var unknown: [String: Int] = [:]
    for problem in log.problems {
      warnings.append(Diagnostic(code: HarshCodec.skippedLines.code, severity: .warning,
                                 message: problem.skipped ? "harsh skips the line \"\(problem.text)\": \(problem.problem); kept to write back"
                                   : problem.problem,
                                 location: SourceLocation(file: logFile, line: problem.line)))
      if problem.skipped { skipped.append(.string(problem.text)) }
    }
    var noDays: [Int: [JSONValue]] = [:]
    for outcome in log.outcomes {
      guard let t = trackerOf[outcome.habit] else {
        // harsh reads the line and shows it nowhere: kept as written.
        unknown[outcome.habit, default: 0] += 1
        skipped.append(.string(outcome.text))
        continue
      }
      let id = dataset.trackers[t].id
      let note = outcome.comment.isEmpty ? nil : outcome.comment
      let amount = outcome.amount == 0 ? nil : outcome.amount
      switch outcome.result {
      case "y": dataset.records.append(TrackerRecord(trackerId: id, date: outcome.day, amount: amount, note: note))
      case "s": dataset.entries.append(TrackerEntry(trackerId: id, date: outcome.day, skipped: true, amount: amount, note: note))
      default:
        if note == nil && amount == nil {
          noDays[t, default: []].append(.string(outcome.day.description))
        } else {
          dataset.entries.append(TrackerEntry(trackerId: id, date: outcome.day, amount: amount, note: note))
        }
      }
    }
    for (t, days) in noDays {
      var members: [JSONMember] = []
      if case .object(let existing)? = dataset.trackers[t].extras[Self.namespace] { members = existing }
      members.append(JSONMember("no", .array(days)))
      dataset.trackers[t].extras[Self.namespace] = .object(members)
    }
    if !unknown.isEmpty {
      let names = unknown.keys.sorted().map { "\"\($0)\" (\(unknown[$0]!))" }.joined(separator: ", ")
      warnings.append(Diagnostic(code: HarshCodec.skippedLines.code, severity: .warning,
                                 message: "log lines of habits the habits file does not name, which harsh shows nowhere: \(names); kept to write back",
                                 location: SourceLocation(file: logFile)))
    }
    var kept: [JSONMember] = []
    if !habits.comments.isEmpty { kept.append(JSONMember("habitsComments", .array(habits.comments.map(JSONValue.string)))) }
    let skippedHabits = habits.problems.map { JSONValue.string($0.text) }
    if !skippedHabits.isEmpty { kept.append(JSONMember("habitsSkipped", .array(skippedHabits))) }
    if !log.comments.isEmpty { kept.append(JSONMember("logComments", .array(log.comments.map(JSONValue.string)))) }
    if !skipped.isEmpty { kept.append(JSONMember("logSkipped", .array(skipped))) }
    if !kept.isEmpty { dataset.extras[Self.namespace] = .object(kept) }
    if !habits.habits.isEmpty {
      warnings.append(Diagnostic(
        code: HarshCodec.assignedDefaults.code, severity: .warning,
        message: "harsh has no emoji or colours: \(habits.habits.count) habit(s) given a palette emoji and colour chosen from the name"
          + (habits.habits.contains { $0.heading.isEmpty } && categoryOf[""] == nil ? ", habits above the first heading put in category \"\(fallbackTitle)\"" : ""),
        location: SourceLocation(file: habitsFile),
        note: "name the category with --default-category; a heading (\"! Health\") in the habits file is a category"))
    }
    return dataset
  }
}
