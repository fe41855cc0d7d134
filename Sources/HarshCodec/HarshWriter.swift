import Foundation
import TrackerCodec
import TrackerModel

/// Writes a dataset as harsh's `habits` and `log` files, and counts, per model field, what
/// harsh cannot give back (what ``HarshCodec/losses(writing:to:options:)`` reports before
/// anything is written: both plan here, so what is reported is what is written).
///
/// `habits`: the kept `#` comments, the habits of no real category, then `! Title` and its
/// habits per category in the dataset's order; each `Name: frequency[: end day]`. `log`: the
/// kept comments, then one line per habit and day as harsh writes them
/// (`internal/storage/log.go:150`, `WriteHabitLog`): `YYYY-MM-DD : Name : y|n|s : note : amount`,
/// by day and habit order, then the lines harsh skipped when it was read.
struct HarshWriter {
  private(set) var habitsText = ""
  private(set) var logText = ""
  /// How many items of each model field do not come back as they are.
  private(set) var lost: [ModelField: Int] = [:]
  /// Habits whose weekdays harsh cannot plan (`lossy-frequency`, one each): position in
  /// `trackers`, name, what is written.
  private(set) var weekdays: [(index: Int, name: String, written: String)] = []
  /// Names and headings changed to fit harsh's lines: (was, written).
  private(set) var renamed: [(was: String, written: String)] = []
  /// Habits written under a new name because an earlier one has theirs: (position in
  /// `trackers`, name, written).
  private(set) var repeated: [(index: Int, name: String, written: String)] = []

  init(_ dataset: TrackerDataset) {
    let kept = dataset.extras[HarshDatasetBuilder.namespace]
    let madeUp = dataset.inventedCategoryIds
    let known = Set(dataset.categories.map(\.id))
    // Habits of no real category first (no heading), then each category's, in order.
    let habits = dataset.trackers.indices.filter { dataset.trackers[$0].kind == .habit }
    let headless = habits.filter { madeUp.contains(dataset.trackers[$0].categoryId) || !known.contains(dataset.trackers[$0].categoryId) }
    var groups: [(title: String?, members: [Int])] = [(nil, headless)]
    var firstOfCategory = Set<String>()
    for category in dataset.categories where !madeUp.contains(category.id) && firstOfCategory.insert(category.id).inserted {
      groups.append((category.title, habits.filter { dataset.trackers[$0].categoryId == category.id }))
    }
    // Names as harsh reads them back, made distinct (harsh's log is by name: a second "Sport"
    // is written "Sport (2)", never merged into the first).
    let writtenOrder = groups.flatMap(\.members)
    let distinct = DistinctNames.of(writtenOrder.map { Self.name(dataset.trackers[$0].name) })
    var nameOf: [Int: String] = [:]
    var owner: [String: Int] = [:]
    for (t, name) in zip(writtenOrder, distinct) {
      nameOf[t] = name
      owner[name] = t
      if name != Self.name(dataset.trackers[t].name) { repeated.append((t, Self.name(dataset.trackers[t].name), name)) }
    }
    var order: [Int] = []
    var lines: [String] = Self.strings(kept?["habitsComments"])
    // An archived habit ends on its last marked day (``DatasetIndex/lastMarked``).
    let marks = dataset.trackers.contains(where: \.archived) ? DatasetIndex(dataset) : nil
    for group in groups {
      if let title = group.title {
        let heading = Self.heading(title)
        if heading != title { renamed.append((title, heading)) }
        lines.append("! " + heading)
      }
      for t in group.members {
        let tracker = dataset.trackers[t]
        let name = nameOf[t]!
        if Self.name(tracker.name) != tracker.name { renamed.append((tracker.name, Self.name(tracker.name))) }
        order.append(t)
        lines.append(habitLine(tracker, index: t, name: name, lastMarked: marks?.lastMarked[t]))
      }
    }
    lines += Self.strings(kept?["habitsSkipped"])
    habitsText = lines.map { $0 + "\n" }.joined()
    if order != habits.filter({ owner[nameOf[$0] ?? ""] == $0 }) { lost[.trackerOrder] = 1 }

    // The log: one line per written habit and day.
    var byDay: [LocalDate: [Int: (result: String, note: String?, amount: Double?)]] = [:]
    var eventRecords = 0
    var positionOf: [String: Int] = [:]
    for t in dataset.trackers.indices where positionOf[dataset.trackers[t].id] == nil { positionOf[dataset.trackers[t].id] = t }
    func writer(of trackerId: String) -> Int? {
      guard let t = positionOf[trackerId], let name = nameOf[t] else { return nil }
      return owner[name]
    }
    for record in dataset.records {
      guard let w = writer(of: record.trackerId) else {
        eventRecords += 1
        continue
      }
      if byDay[record.date]?[w] != nil {
        lost[.records, default: 0] += 1
        continue
      }
      byDay[record.date, default: [:]][w] = ("y", record.note, record.amount)
    }
    for entry in dataset.entries {
      guard let w = writer(of: entry.trackerId) else {
        lost[.entries, default: 0] += 1
        continue
      }
      if byDay[entry.date]?[w] != nil {
        lost[.entries, default: 0] += 1
        continue
      }
      byDay[entry.date, default: [:]][w] = (entry.skipped ? "s" : "n", entry.note, entry.amount)
    }
    for t in order {
      for day in Self.strings(dataset.trackers[t].extras[HarshDatasetBuilder.namespace]?["no"]).compactMap(LocalDate.init)
      where byDay[day]?[t] == nil {
        byDay[day, default: [:]][t] = ("n", nil, nil)
      }
    }
    lost[.eventRecords] = eventRecords
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
    var log = Self.strings(kept?["logComments"])
    for day in byDay.keys.sorted() {
      for (t, day0) in byDay[day]!.sorted(by: { rank[$0.key]! < rank[$1.key]! }) {
        let isRecord = day0.result == "y"
        var note = day0.note ?? ""
        if let given = day0.note, Self.note(given) != given || given.isEmpty {
          lost[isRecord ? .recordNotes : .entryNotes, default: 0] += 1
          note = Self.note(given)
        }
        var amount = "0"
        if let value = day0.amount {
          if value.isFinite && value != 0 { amount = value.amountText } else { lost[isRecord ? .recordAmounts : .entryAmounts, default: 0] += 1 }
        }
        log.append("\(day) : \(nameOf[t]!) : \(day0.result) : \(note) : \(amount)")
      }
    }
    log += Self.strings(kept?["logSkipped"])
    logText = log.map { $0 + "\n" }.joined()

    countTrackerFields(dataset, written: order, names: nameOf)
  }

  /// `Name: frequency[: end day]`, counting the frequency, weekdays and archived flag lost.
  /// `lastMarked`: the tracker's last day with a record or an entry, an archived habit's end day
  /// when none is kept.
  private mutating func habitLine(_ tracker: Tracker, index: Int, name: String, lastMarked: LocalDate?) -> String {
    let own = tracker.extras[HarshDatasetBuilder.namespace]
    let schedule = Set(tracker.schedule ?? [])
    let everyDay = schedule.count == Weekday.allCases.count
    var frequency = HarshFrequency(target: 1, interval: 1)
    var text: String?
    var keptFrequency: HarshFrequency?
    if everyDay, let keptText = own?["frequency"]?.stringValue, case .success(let parsed) = HarshFrequency.parse(keptText),
       parsed.model == tracker.frequency {
      keptFrequency = parsed
      text = keptText
    }
    if let keptFrequency {
      frequency = keptFrequency
    } else if let f = tracker.frequency, f.times >= 1, f.days >= 1, f.times <= f.days {
      frequency = HarshFrequency(target: f.times, interval: f.days)
      if !everyDay { weekdays.append((index, tracker.name, frequency.text)) }
    } else if everyDay {
      frequency = HarshFrequency(target: 1, interval: 1)
    } else if schedule.isEmpty {
      frequency = HarshFrequency(target: 0, interval: 1)
      weekdays.append((index, tracker.name, "0"))
    } else {
      frequency = HarshFrequency(target: schedule.count, interval: 7)
      weekdays.append((index, tracker.name, frequency.text))
    }
    if frequency.model != tracker.frequency { lost[.trackerFrequency, default: 0] += 1 }
    var line = (name.first == "!" || name.first == "#" ? " " : "") + name + ": " + (text ?? frequency.text)
    if tracker.archived {
      let keptEnd = own?["end"]?.stringValue.flatMap(LocalDate.init)
      if let end = keptEnd ?? lastMarked {
        line += ": " + end.description
      } else {
        lost[.trackerArchived, default: 0] += 1
      }
    }
    return line
  }

  /// What the reader makes up or derives and the dataset may hold otherwise.
  private mutating func countTrackerFields(_ dataset: TrackerDataset, written: [Int], names: [Int: String]) {
    let madeUp = dataset.inventedCategoryIds
    lost[.categoryIds] = dataset.categories.count { !madeUp.contains($0.id) && $0.id != StableID.uuid("harsh-category:" + Self.heading($0.title)) }
    var ids = 0, emoji = 0, colors = 0
    for t in written {
      let tracker = dataset.trackers[t]
      let name = names[t] ?? Self.name(tracker.name)
      if tracker.id != StableID.uuid("harsh:" + name) { ids += 1 }
      let choice = PaletteEmoji.stableChoice(for: name)
      if let e = tracker.emoji, e != choice.emoji.rawValue { emoji += 1 }
      if let c = tracker.color, c.uppercased() != choice.color.rawValue.uppercased() { colors += 1 }
    }
    lost[.trackerIds] = ids
    lost[.trackerEmoji] = emoji
    lost[.trackerColor] = colors
    for field in [ModelField.eventDate, .trackerPinned, .trackerCreatedOn, .trackerDescription, .trackerGoal, .trackerReminders,
                  .events, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    lost[.extras] = LossReport.itemsWithExtras(in: dataset, otherThan: HarshDatasetBuilder.namespace)
  }


  /// A habit's name as harsh can read it back: one line, trimmed, no `": "` (which splits a
  /// habits line; `" : "` splits a log line), not ending in `" :"` (which would join the log
  /// line's next `" : "`), never empty.
  static func name(_ name: String) -> String {
    let one = oneLine(name).replacingOccurrences(of: ": ", with: " - ")
    let trimmed = endingWithoutColon(String(Substring(one).trimmingBlanks))
    return trimmed.isEmpty ? "-" : trimmed
  }

  /// `text` with a final `" :"` written `" -"`: followed by the log's `" : "` separator, it
  /// would read as one more field.
  static func endingWithoutColon(_ text: String) -> String {
    text.hasSuffix(" :") ? String(text.dropLast()) + "-" : text
  }

  /// A heading as harsh reads it back: one line, no `"! "` (harsh keeps the text up to a second one).
  static func heading(_ title: String) -> String {
    oneLine(title).replacingOccurrences(of: "! ", with: "!\u{00A0}")
  }

  /// A note as one comment field: one line, no `" : "`, not ending in `" :"`.
  static func note(_ text: String) -> String {
    endingWithoutColon(oneLine(text).replacingOccurrences(of: " : ", with: " - "))
  }

  /// `text` on one line: each line break (CRLF, LF or CR) a space, as harsh reads lines.
  static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\r", with: " ")
  }

  static func strings(_ value: JSONValue?) -> [String] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap(\.stringValue)
  }
}
