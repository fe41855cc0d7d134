import TrackerCodec
import TrackerModel

/// Turns a ``DaylioDiary`` into a dataset (the mapping of `docs/daylio.md`).
///
/// - Goals become habits in the category "Goals", completed on the days of their
///   `goalEntries`, planned as ``DaylioGoalRepeat`` says, archived when Daylio ended them, with
///   their reminder and note (as the description).
/// - Activities become habits (unless the option `activities` is `false`) in the category of
///   their group, or the `default-category` option's ("Daylio"), completed on each day an entry logs
///   them (once a day, however many entries).
/// - Every habit gets a palette emoji and colour chosen from its name, and activities an
///   every-day plan: Daylio has none of them (all marked made up, `daylio-assigned-defaults`).
/// - Mood entries (mood, time, note title, note, activities, the rest as read) are kept in the
///   dataset's `extras["daylio"].entries`, oldest first; the moods in `extras["daylio"].moods`.
struct DaylioDatasetBuilder {
  static let defaultCategory = "Daylio"
  static let goalsCategory = "Goals"
  /// The extras namespace.
  static let namespace = "daylio"

  let file: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(file: String, options: [String: String]) {
    self.file = file
    self.options = options
  }

  mutating func build(_ diary: DaylioDiary) -> TrackerDataset {
    warnings.append(contentsOf: diary.warnings)
    var dataset = TrackerDataset()
    var categoryOf: [String: String] = [:]
    func category(_ title: String) -> String {
      if let id = categoryOf[title] { return id }
      let id = StableID.uuid("daylio-category:" + title)
      categoryOf[title] = id
      dataset.categories.append(TrackerCategory(id: id, title: title))
      return id
    }
    var usedIds: Set<String> = []
    func trackerId(_ key: String) -> String {
      var id = StableID.uuid(key), n = 1
      while !usedIds.insert(id).inserted {
        n += 1
        id = StableID.uuid(key + "#\(n)")
      }
      return id
    }
    var assigned = 0

    for goal in diary.goals {
      let choice = PaletteEmoji.stableChoice(for: goal.name)
      let plan = DaylioGoalRepeat(type: goal.repeatType, value: goal.repeatValue)
      let days = Set(goal.days).sorted()
      var tracker = Tracker(id: trackerId("daylio-goal:\(goal.id)"), kind: .habit, name: goal.name, categoryId: category(Self.goalsCategory),
                            emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                            createdOn: Self.earliest(goal.createdOn, days.first), archived: goal.archived,
                            description: goal.note.isEmpty ? nil : goal.note, frequency: plan.frequency,
                            reminders: goal.reminder.map { [TrackerReminder(time: $0)] } ?? [])
      var kept = [JSONMember("goalId", .number(String(goal.id))), JSONMember("repeatType", .number(String(goal.repeatType))),
                  JSONMember("repeatValue", .number(String(goal.repeatValue)))]
      if let activity = goal.activity { kept.append(JSONMember("activity", .string(diary.activities[activity].name))) }
      kept.append(contentsOf: goal.kept)
      tracker.extras[Self.namespace] = .object(kept)
      // Every day is Daylio's own plan only for a goal on all seven weekdays.
      tracker.invented = plan.frequency == nil && plan.lossy == nil ? [.emoji, .color] : [.emoji, .color, .schedule]
      if let lossy = plan.lossy {
        warnings.append(Diagnostic(code: DaylioCodec.lossyFrequency.code, severity: .warning,
                                   message: "goal \"\(goal.name)\" \(lossy)",
                                   location: SourceLocation(file: file, pointer: goal.pointer),
                                   note: "repeatType and repeatValue are kept in the tracker's extras[\"daylio\"]"))
      }
      for day in days { dataset.records.append(TrackerRecord(trackerId: tracker.id, date: day)) }
      dataset.trackers.append(tracker)
      assigned += 1
    }

    // The days each activity was logged on.
    var daysOf = [Set<LocalDate>](repeating: [], count: diary.activities.count)
    for entry in diary.entries {
      guard let date = entry.date else { continue }
      for activity in entry.activities { daysOf[activity].insert(date) }
    }
    let activitiesAsHabits = options["activities"].flatMap(CodecOption.boolean) ?? true
    if activitiesAsHabits {
      let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
      for (i, activity) in diary.activities.enumerated() {
        let choice = PaletteEmoji.stableChoice(for: activity.name)
        let days = daysOf[i].sorted()
        var tracker = Tracker(id: trackerId("daylio-activity:" + activity.name), kind: .habit, name: activity.name,
                              categoryId: category(activity.group ?? fallback),
                              emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: Weekday.allCases,
                              createdOn: Self.earliest(activity.createdOn, days.first))
        var kept: [JSONMember] = []
        if let id = activity.id { kept.append(JSONMember("tagId", .number(String(id)))) }
        kept.append(contentsOf: activity.kept)
        if !kept.isEmpty { tracker.extras[Self.namespace] = .object(kept) }
        tracker.invented = [.emoji, .color, .schedule]
        for day in days { dataset.records.append(TrackerRecord(trackerId: tracker.id, date: day)) }
        dataset.trackers.append(tracker)
        assigned += 1
      }
    }
    dataset.records.sort { $0.date < $1.date }

    var kept = diary.kept
    var entries: [JSONValue] = []
    // Daylio lists entries newest first; kept oldest first, as the days go (a stable sort keeps
    // the order of entries of one day).
    // Entries without a day go last.
    let ordered = diary.entries.enumerated().sorted { a, b in
      let x = a.element.date?.dayNumber ?? Int.max, y = b.element.date?.dayNumber ?? Int.max
      return x != y ? x < y : a.offset > b.offset
    }
    for (_, entry) in ordered {
      var members: [JSONMember] = []
      if let date = entry.date { members.append(JSONMember("day", .string(date.description))) }
      if !entry.time.isEmpty { members.append(JSONMember("time", .string(entry.time))) }
      if !entry.mood.isEmpty { members.append(JSONMember("mood", .string(entry.mood))) }
      if let level = entry.moodLevel { members.append(JSONMember("moodLevel", .number(String(level)))) }
      if !entry.noteTitle.isEmpty { members.append(JSONMember("noteTitle", .string(entry.noteTitle))) }
      if !entry.note.isEmpty { members.append(JSONMember("note", .string(entry.note))) }
      members.append(JSONMember("activities", .array(entry.activities.map { .string(diary.activities[$0].name) })))
      members.append(contentsOf: entry.kept)
      entries.append(.object(members))
    }
    if !entries.isEmpty { kept.append(JSONMember("entries", .array(entries))) }
    if !kept.isEmpty { dataset.extras[Self.namespace] = .object(kept) }

    if assigned > 0 {
      warnings.append(Diagnostic(
        code: DaylioCodec.assignedDefaults.code, severity: .warning,
        message: "Daylio has no emoji or colours: \(assigned) habit(s) given a palette emoji and colour chosen from the name"
          + (activitiesAsHabits && !diary.activities.isEmpty ? ", activities planned every day" : ""),
        location: SourceLocation(file: file),
        note: activitiesAsHabits && !diary.activities.isEmpty
          ? "--option activities=false reads goals only and keeps activities in the mood entries" : nil))
    }
    return dataset
  }

  /// The earlier of two days, either of which may be missing.
  private static func earliest(_ a: LocalDate?, _ b: LocalDate?) -> LocalDate? {
    switch (a, b) {
    case let (x?, y?): min(x, y)
    default: a ?? b
    }
  }
}
