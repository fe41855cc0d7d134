import TrackerCodec
import TrackerModel

/// How one habit tracker is written as a beaverhabits habit dict, with what of it the app
/// cannot keep, counted per model field.
///
/// The writer writes ``habit``; ``BeaverHabitsCodec/losses(writing:to:options:)`` reports
/// ``lost`` before anything is written. Both plan a tracker here, so what is reported is what
/// is written.
struct BeaverHabitsHabitPlan {
  /// The habit dict, keys in the order written.
  private(set) var habit: [JSONMember] = []
  /// How many items of each model field do not come back as they are.
  private(set) var lost: [ModelField: Int] = [:]
  /// The weekdays a habit was planned on, when they became "k per week" (for the
  /// `lossy-frequency` warning); `nil` otherwise.
  private(set) var weekdaysWritten: (days: [Weekday], period: BeaverHabitsPeriod)?

  /// The plan of `tracker` with its category title (`nil`: no known category), its records and
  /// its entries (those whose `trackerId` is the tracker's; empty for a repeated id).
  init(tracker: Tracker, categoryTitle: String?, defaultTitle: String, records: [TrackerRecord],
       entries: [TrackerEntry]) {
    let kept = Kept(tracker.extras[BeaverHabitsReader.namespace])
    var lost: [ModelField: Int] = [:]
    var habit: [JSONMember] = [JSONMember("id", .string(tracker.id)), JSONMember("name", .string(tracker.name))]

    habit.append(JSONMember("records", .array(Self.records(tracker, records: records, entries: entries, notDone: kept.notDone, lost: &lost))))

    // Tags: the category first, then the other kept tags; none for a category a reader made up
    // (Loop's, the default of a habit without tags): tags are optional in beaverhabits.
    let title = categoryTitle ?? kept.tags?.first ?? defaultTitle
    if categoryTitle == nil && !tracker.invented.contains(.category) { lost[.categoryIds, default: 0] += 1 }
    let tags: [String]
    if tracker.invented.contains(.category) {
      tags = kept.tags ?? []
    } else if let keptTags = kept.tags, (keptTags.first ?? defaultTitle) == title {
      tags = keptTags
    } else {
      tags = [title] + (kept.tags ?? []).dropFirst().filter { $0 != title }
    }
    habit.append(JSONMember("tags", .array(tags.map(JSONValue.string))))
    habit.append(JSONMember("star", .bool(tracker.pinned)))
    let status = tracker.archived ? (kept.status == "soft_delete" ? "soft_delete" : "archive") : "active"
    habit.append(JSONMember("status", .string(status)))

    // The period: the kept one while it still says what the tracker's schedule and frequency
    // say, else one made from them.
    let everyDay = Set(tracker.schedule ?? []) == Set(Weekday.allCases)
    if tracker.schedule != Weekday.allCases { lost[.trackerSchedule] = 1 }
    var period: BeaverHabitsPeriod?
    if let keptPeriod = kept.period, everyDay, keptPeriod.frequency == tracker.frequency {
      period = keptPeriod
    } else if let frequency = tracker.frequency {
      period = BeaverHabitsPeriod(frequency)
      if period == nil { lost[.trackerFrequency] = 1 }
    }
    if period == nil, !everyDay {
      // Weekdays: the nearest "N per period" is as many times a week.
      let days = Weekday.allCases.filter { Set(tracker.schedule ?? []).contains($0) }
      if !days.isEmpty {
        let weekly = BeaverHabitsPeriod(unit: .week, count: 1, target: days.count)
        period = weekly
        weekdaysWritten = (days, weekly)
        // It reads back as a frequency the tracker did not have.
        lost[.trackerFrequency] = 1
      }
    }
    if let period { habit.append(JSONMember("period", period.json)) }
    if let chips = kept.chips { habit.append(JSONMember("chips", chips)) }
    for member in kept.members where !habit.contains(where: { $0.key == member.key }) { habit.append(member) }

    // What the app has no place for.
    if tracker.emoji.map({ $0 != PaletteEmoji.stableChoice(for: tracker.name).emoji.rawValue }) ?? false {
      lost[.trackerEmoji] = 1
    }
    if tracker.color.map({ $0 != PaletteEmoji.stableChoice(for: tracker.name).color.rawValue }) ?? false {
      lost[.trackerColor] = 1
    }
    if tracker.createdOn != nil { lost[.trackerCreatedOn] = 1 }
    if tracker.description != nil { lost[.trackerDescription] = 1 }
    if tracker.goal != nil { lost[.trackerGoal] = 1 }
    if !tracker.reminders.isEmpty { lost[.trackerReminders] = 1 }
    if kept.ignored || tracker.extras.ofFormats.keys.contains(where: { $0 != BeaverHabitsReader.namespace }) {
      lost[.extras, default: 0] += 1
    }
    self.habit = habit
    self.lost = lost
  }

  /// The records array: completions (`done: true`, the note as `text`), entries with a note,
  /// skipped ones too (`done: false`: the app has no skip, but keeps the note), and the kept
  /// unticked days no completion or entry took; by day.
  private static func records(_ tracker: Tracker, records: [TrackerRecord], entries: [TrackerEntry],
                              notDone: [JSONValue], lost: inout [ModelField: Int]) -> [JSONValue] {
    var rows: [(date: LocalDate, value: JSONValue)] = []
    var taken = Set<LocalDate>()
    for record in records {
      var members = [JSONMember("day", .string(record.date.description)), JSONMember("done", .bool(true))]
      if let note = record.note {
        if note.isEmpty { lost[.recordNotes, default: 0] += 1 } else { members.append(JSONMember("text", .string(note))) }
      }
      if record.amount != nil { lost[.recordAmounts, default: 0] += 1 }
      members += keptMembers(record.extras, lost: &lost)
      rows.append((record.date, .object(members)))
      taken.insert(record.date)
    }
    let completed = taken
    for entry in entries {
      if completed.contains(entry.date) {
        lost[entry.skipped ? .skippedEntries : .entries, default: 0] += 1
        continue
      }
      // A skip is no skip in beaverhabits; its note is still written, on a day not done.
      if entry.skipped { lost[.skippedEntries, default: 0] += 1 }
      if entry.amount != nil { lost[.entryAmounts, default: 0] += 1 }
      guard let note = entry.note, !note.isEmpty else {
        if entry.skipped { continue }
        if entry.note != nil { lost[.entryNotes, default: 0] += 1 } else if entry.amount == nil { lost[.entries, default: 0] += 1 }
        continue
      }
      var members = [JSONMember("day", .string(entry.date.description)), JSONMember("done", .bool(false)),
                     JSONMember("text", .string(note))]
      members += keptMembers(entry.extras, lost: &lost)
      rows.append((entry.date, .object(members)))
      taken.insert(entry.date)
    }
    for day in notDone {
      guard let text = day.stringValue ?? day["day"]?.stringValue, let date = LocalDate(text) else { continue }
      guard taken.insert(date).inserted else { continue }
      rows.append((date, day.stringValue != nil ? .object([JSONMember("day", .string(text)), JSONMember("done", .bool(false))]) : day))
    }
    // Stable: a day's rows keep their order.
    return rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element.value)
  }

  /// The members a record or entry kept in `extras["beaverhabits"].members`; extras of other
  /// formats count as lost.
  private static func keptMembers(_ extras: Extras, lost: inout [ModelField: Int]) -> [JSONMember] {
    if extras.keys.contains(where: { $0 != BeaverHabitsReader.namespace }) { lost[.extras, default: 0] += 1 }
    guard case .object(let members)? = extras[BeaverHabitsReader.namespace]?["members"] else { return [] }
    return members.filter { !BeaverHabitsReader.recordKeys.contains($0.key) }
  }

  /// What a tracker keeps in `extras["beaverhabits"]`, read leniently: a member of the wrong
  /// kind is left out and sets ``ignored``.
  struct Kept {
    var tags: [String]?
    var status: String?
    var period: BeaverHabitsPeriod?
    var chips: JSONValue?
    var notDone: [JSONValue] = []
    var members: [JSONMember] = []
    var ignored = false

    init(_ value: JSONValue?) {
      guard let value else { return }
      guard case .object(let all) = value else { ignored = true; return }
      for member in all {
        switch member.key {
        case "tags":
          if case .array(let items) = member.value, items.allSatisfy({ $0.stringValue != nil }) {
            tags = items.compactMap(\.stringValue)
          } else { ignored = true }
        case "status": if let text = member.value.stringValue { status = text } else { ignored = true }
        case "period":
          if let period = Self.period(member.value) { self.period = period } else { ignored = true }
        case "chips": chips = member.value
        case "notDone":
          if case .array(let items) = member.value { notDone = items } else { ignored = true }
        case "members":
          if case .object(let others) = member.value {
            members = others.filter { !BeaverHabitsReader.habitKeys.contains($0.key) }
            if members.count != others.count { ignored = true }
          } else { ignored = true }
        default: ignored = true
        }
      }
    }

    static func period(_ value: JSONValue) -> BeaverHabitsPeriod? {
      guard let type = value["period_type"]?.stringValue, let unit = BeaverHabitsPeriod.Unit(rawValue: type),
            case .number(let countText)? = value["period_count"], case .number(let targetText)? = value["target_count"],
            let count = Int(countText), let target = Int(targetText),
            (1...BeaverHabitsReader.largestCount).contains(count), (1...BeaverHabitsReader.largestCount).contains(target)
      else { return nil }
      return BeaverHabitsPeriod(unit: unit, count: count, target: target)
    }
  }
}
