import Foundation
import TrackerCodec
import TrackerModel

/// Writes a dataset as an org file of habits, and counts, per model field, what org cannot
/// give back (what ``OrgCodec/losses(writing:to:options:)`` reports before anything is
/// written: both plan here, so what is reported is what is written).
///
/// One level-1 heading per habit, in the dataset's order, as org itself writes one
/// (the manual's "Tracking your habits"): its keyword, its title, its category as the first
/// tag, `SCHEDULED:` with the next day and the repeater, a property drawer with
/// `:STYLE: habit`, `:ID:` (and `:CATEGORY:` when no tag can hold the title), a `:LOGBOOK:`
/// drawer with one state line per done day, newest first (org's default,
/// `org-log-states-order-reversed`, `org.el:2427`), as `org-log-note-headings` words it
/// (`org.el:2322-2324`), notes below their line; then the description. For the loss report
/// what was written is read back with ``OrgFile``, and every title, note and description that
/// does not come back as it was is counted as lost.
struct OrgWriter {
  private(set) var text = ""
  /// How many items of each model field do not come back as they are.
  private(set) var lost: [ModelField: Int] = [:]
  /// Habits whose weekdays no repeater says (`lossy-frequency`, one each):
  /// position in `trackers`, name, the weekdays planned, the repeater written.
  private(set) var repeats: [(index: Int, name: String, planned: String, written: String)] = []
  /// Titles and category titles changed to fit a heading or a property: (was, written).
  private(set) var renamed: [(was: String, written: String)] = []

  /// `today`: the first SCHEDULED day of a habit with no done day and no creation day.
  /// `readBack`: read the text back to count titles, notes and descriptions that change (what
  /// the loss report needs; writing alone does not).
  init(_ dataset: TrackerDataset, today: LocalDate, readBack: Bool = true) {
    let kept = dataset.extras[OrgDatasetBuilder.namespace]
    let keywordLines = Self.strings(kept?["todo"]).map(Self.oneLine)
    let keywords = OrgFile(text: keywordLines.map { "#+TODO: " + $0 + "\n" }.joined())
    var out = keywordLines.map { "#+TODO: " + $0 + "\n" }.joined()
    let madeUp = dataset.inventedCategoryIds
    let titleOf = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    var recordsOf: [String: [TrackerRecord]] = [:]
    let habitIds = Set(dataset.trackers.filter { $0.kind == .habit }.map(\.id))
    var eventRecords = 0
    for record in dataset.records {
      if habitIds.contains(record.trackerId) { recordsOf[record.trackerId, default: []].append(record) } else { eventRecords += 1 }
    }
    var written: [(tracker: Tracker, notes: [String?])] = []
    var tagsInOrder: [String] = []
    var seenIds = Set<String>()
    var amounts = 0, duplicates = 0, ids = 0, frequencies = 0
    for (index, tracker) in dataset.trackers.enumerated() where tracker.kind == .habit {
      let own = tracker.extras[OrgDatasetBuilder.namespace]
      let title = String(Substring(Self.oneLine(tracker.name)).trimmingBlanks)
      let known = keywords.todoKeywords + keywords.doneKeywords
      // An org habit read without a keyword is written without one, unless its title would then
      // start with a keyword; every other habit gets the kept keyword or the first TODO keyword.
      let firstWord = String(title.prefix { $0 != " " && $0 != "\t" })
      let keptKeyword = own?["keyword"]?.stringValue.flatMap { known.contains($0) ? $0 : nil }
      let keyword: String? = keptKeyword
        ?? (own?["repeater"] != nil && own?["keyword"] == nil && !known.contains(firstWord) ? nil : keywords.todoKeywords.first ?? "TODO")
      var tags: [String] = []
      // A title no tag can hold is the `:CATEGORY:` property too, which reading prefers.
      var categoryProperty: String?
      if !madeUp.contains(tracker.categoryId), let categoryTitle = titleOf[tracker.categoryId] {
        let tag = OrgFile.tag(categoryTitle)
        if tag != categoryTitle {
          let one = String(Substring(Self.oneLine(categoryTitle)).trimmingBlanks)
          categoryProperty = one.isEmpty ? "_" : one
          if categoryProperty != categoryTitle { renamed.append((categoryTitle, categoryProperty ?? "")) }
        }
        tags.append(tag)
        if !tagsInOrder.contains(categoryTitle) { tagsInOrder.append(categoryTitle) }
      }
      for kept in Self.strings(own?["tags"]).map(OrgFile.tag) where !tags.contains(kept) && kept != "ARCHIVE" { tags.append(kept) }
      if tracker.archived { tags.append("ARCHIVE") }
      var heading = "* " + (keyword.map { $0 + " " } ?? "")
      if let priority = own?["priority"]?.stringValue, priority.count == 1 { heading += "[#\(priority)] " }
      heading += title
      if !tags.isEmpty { heading += " :" + tags.joined(separator: ":") + ":" }
      out += heading + "\n"

      var records = recordsOf[tracker.id] ?? []
      records.sort { $0.date > $1.date }
      var days = Set<LocalDate>()
      records = records.filter { record in
        if days.insert(record.date).inserted { return true }
        duplicates += 1
        return false
      }
      amounts += records.count { $0.amount != nil }
      let (repeater, stamp) = Self.schedule(tracker, own: own, last: records.first?.date, today: today)
      // What reading back plans: weekdays it cannot say are a `lossy-frequency`, a frequency a `dropped-field`.
      let plan = repeater.plan(scheduled: LocalDate(stamp.prefix(10)) ?? today)
      if Set(plan.schedule) != Set(tracker.schedule ?? []) {
        let days = (tracker.schedule ?? []).map(\.rawValue).joined(separator: ", ")
        repeats.append((index, tracker.name, days.isEmpty ? "on no weekday" : "on " + days, repeater.text))
      }
      if plan.frequency != tracker.frequency { frequencies += 1 }
      out += "  SCHEDULED: <" + stamp + ">\n"
      out += "  :PROPERTIES:\n  :STYLE:    habit\n"
      if let categoryProperty { out += "  :CATEGORY: " + categoryProperty + "\n" }
      let id = tracker.id
      if !id.isEmpty, !id.contains(where: \.isNewline), Substring(id).trimmingBlanks == id, seenIds.insert(id).inserted {
        out += "  :ID:       " + id + "\n"
      } else {
        ids += 1
      }
      if case .array(let properties)? = own?["properties"] {
        for property in properties {
          guard case .array(let pair) = property, pair.count == 2, let key = pair[0].stringValue, let value = pair[1].stringValue,
                !key.isEmpty, !key.contains(where: \.isWhitespace), !["STYLE", "ID", "CATEGORY"].contains(key.uppercased()),
                !(key.uppercased() == "END" && value.isEmpty) else { continue }
          out += "  :" + key + ": " + Self.oneLine(value) + "\n"
        }
      }
      out += "  :END:\n"
      if !records.isEmpty {
        out += "  :LOGBOOK:\n"
        for record in records {
          let marks = record.extras[OrgDatasetBuilder.namespace]
          var stamp = record.date.description + " " + Self.dayName(record.date)
          if let time = marks?["time"]?.stringValue, Self.isTime(time) { stamp += " " + time }
          var line: String
          if marks?["closingNote"] == .bool(true) {
            line = "  - CLOSING NOTE [" + stamp + "]"
          } else {
            let state = marks?["state"]?.stringValue.flatMap { keywords.doneKeywords.contains($0) ? $0 : nil }
              ?? (keywords.doneKeywords.contains("DONE") ? "DONE" : keywords.doneKeywords.first ?? "DONE")
            line = "  - State " + Self.padded("\"" + state + "\"") + " from " + Self.padded("\"" + (keyword ?? keywords.todoKeywords.first ?? "TODO") + "\"") + " [" + stamp + "]"
          }
          let note = record.note.map { Self.noteLines($0, doneKeywords: keywords.doneKeywords) } ?? []
          if !note.isEmpty { line += " \\\\" }
          out += line + "\n" + note.map { "    " + $0 + "\n" }.joined()
        }
        out += "  :END:\n"
      }
      if let description = tracker.description, !description.isEmpty {
        out += Self.oneLines(description).map { $0.isEmpty ? "\n" : "  " + Self.safeText($0, doneKeywords: keywords.doneKeywords) + "\n" }.joined()
      }
      written.append((tracker, records.map(\.note)))
    }
    text = out

    countFields(dataset, tagsInOrder: tagsInOrder)
    lost[.recordAmounts] = amounts
    lost[.records] = duplicates
    lost[.eventRecords] = eventRecords
    lost[.trackerIds] = ids
    lost[.trackerFrequency] = frequencies
    guard readBack else { return }
    // What comes back: read the text as the reader will.
    let back = OrgFile(text: out)
    var titles = 0, notes = 0, descriptions = 0
    for (n, item) in written.enumerated() where n < back.habits.count {
      let habit = back.habits[n]
      if habit.title != item.tracker.name {
        titles += 1
        renamed.append((item.tracker.name, habit.title))
      }
      let readNotes = habit.done.map(\.note)
      notes += zip(readNotes, item.notes).count { read, was in read != (was?.isEmpty == true ? nil : was) }
      let description = habit.body.isEmpty ? nil : habit.body.joined(separator: "\n")
      if description != (item.tracker.description?.isEmpty == true ? nil : item.tracker.description) { descriptions += 1 }
    }
    lost[.trackerDescription] = descriptions
    lost[.recordNotes] = notes
  }

  /// What org cannot hold at all, and what reading back makes up otherwise.
  private mutating func countFields(_ dataset: TrackerDataset, tagsInOrder: [String]) {
    let madeUp = dataset.inventedCategoryIds
    let real = dataset.categories.filter { !madeUp.contains($0.id) }
    lost[.categoryIds] = real.count { tagsInOrder.contains($0.title) && $0.id != StableID.uuid("org-category:" + $0.title) }
    lost[.categoriesWithoutTrackers] = real.count { !tagsInOrder.contains($0.title) }
    let order = real.map(\.title).filter { tagsInOrder.contains($0) }
    lost[.categoryOrder] = order == tagsInOrder ? 0 : 1
    var emoji = 0, colors = 0
    for tracker in dataset.trackers where tracker.kind == .habit {
      let choice = PaletteEmoji.stableChoice(for: tracker.name)
      // A made-up emoji or colour replaced by another made-up one loses nothing of the person's.
      if let e = tracker.emoji, e != choice.emoji.rawValue, !tracker.invented.contains(.emoji) { emoji += 1 }
      if let c = tracker.color, c.uppercased() != choice.color.rawValue.uppercased(), !tracker.invented.contains(.color) { colors += 1 }
    }
    lost[.trackerEmoji] = emoji
    lost[.trackerColor] = colors
    for field in [ModelField.events, .trackerPinned, .trackerCreatedOn, .trackerGoal, .trackerReminders,
                  .entries, .tasks, .taskReminders, .taskAttachments, .taskCategoryOrder] {
      lost[field] = field.count(in: dataset)
    }
    lost[.extras] = LossReport.itemsWithExtras(in: dataset, otherThan: OrgDatasetBuilder.namespace)
  }

  /// The repeater and the `SCHEDULED` timestamp's text of a habit: the kept repeater (and the
  /// kept timestamp, while no done day reaches it) when it plans what the tracker plans; else
  /// the nearest.
  static func schedule(_ tracker: Tracker, own: JSONValue?, last: LocalDate?, today: LocalDate) -> (OrgRepeater, String) {
    let schedule = Set(tracker.schedule ?? [])
    if let keptText = own?["repeater"]?.stringValue, let kept = OrgRepeater.find(in: Substring(" " + keptText)), kept.days > 0,
       let stampText = own?["scheduled"]?.stringValue, let keptDay = LocalDate(stampText.prefix(10)),
       OrgFile.scheduledTimestamp(Substring("SCHEDULED: <" + stampText + ">"))?.text == Substring(stampText),
       OrgRepeater.find(in: Substring(stampText).dropFirst(10)) == kept {
      let plan = kept.plan(scheduled: keptDay)
      if Set(plan.schedule) == schedule && plan.frequency == tracker.frequency {
        if last.map({ $0 < keptDay }) ?? true { return (kept, stampText) }
        let next = nextDay(kept, weekday: kept.unit == "w" ? keptDay.weekday : nil, after: last, from: keptDay)
        return (kept, next.description + " " + dayName(next) + " " + kept.text)
      }
    }
    var repeater = OrgRepeater(type: ".+", count: 1, unit: "d")
    var weekday: Weekday?
    let everyDay = schedule.count == 7
    if everyDay, let f = tracker.frequency, f.times >= 1, f.days >= 1 {
      repeater.count = max(1, f.days / f.times)
    } else if schedule.count == 1, let only = schedule.first {
      weekday = only
      repeater = OrgRepeater(type: "++", count: 1, unit: "w")
      if let f = tracker.frequency, f.times == 1, f.days % 7 == 0, f.days >= 7 { repeater.count = f.days / 7 }
    } else if !everyDay {
      repeater.count = schedule.isEmpty ? 1 : max(1, 7 / schedule.count)
    }
    let start = last == nil ? (tracker.createdOn ?? today) : nil
    let next = nextDay(repeater, weekday: weekday, after: last, from: start ?? today)
    return (repeater, next.description + " " + dayName(next) + " " + repeater.text)
  }

  /// The next day a habit is due: one interval after its last done day, on its weekday for a
  /// weekly one; without a done day, `from` (or the first of its weekday from then).
  static func nextDay(_ repeater: OrgRepeater, weekday: Weekday?, after last: LocalDate?, from: LocalDate) -> LocalDate {
    if let weekday {
      var day = last.map { $0.adding(days: 1) } ?? from
      while day.weekday != weekday { day = day.adding(days: 1) }
      return day
    }
    return last.map { $0.adding(days: repeater.days) } ?? from
  }

  /// Org's English day names, as `format-time-string "%a"` gives them in the C locale.
  static func dayName(_ day: LocalDate) -> String {
    ["mon": "Mon", "tue": "Tue", "wed": "Wed", "thu": "Thu", "fri": "Fri", "sat": "Sat", "sun": "Sun"][day.weekday.rawValue] ?? ""
  }

  /// `%-12s`, as `org-log-note-headings` pads the states.
  static func padded(_ text: String) -> String {
    text.count >= 12 ? text : text + String(repeating: " ", count: 12 - text.count)
  }

  static func isTime(_ text: String) -> Bool {
    text.count == 5 && text.enumerated().allSatisfy { i, c in i == 2 ? c == ":" : c.isASCII && c.isNumber }
  }

  /// The lines of a note as they can stand under a log line: without blank lines (which end
  /// the item) and trailing spaces; a line that reading back would take for a done line or the
  /// drawer's end begins with a zero-width space (and is counted lost by the read-back
  /// comparison).
  static func noteLines(_ note: String, doneKeywords: [String]) -> [String] {
    oneLines(note).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
      OrgFile.doneItem(Substring(line), doneKeywords: doneKeywords) != nil || Substring(line).trimmingBlanks.uppercased() == ":END:"
        ? "\u{200B}" + line : line
    }
  }

  /// A line of a description as the heading's text: one that reading back (or org) would take
  /// for something else — a done line, a drawer's start or end, a planning or `CLOCK:` line, a
  /// comment or an in-buffer setting — begins with a zero-width space.
  static func safeText(_ line: String, doneKeywords: [String]) -> String {
    let trimmed = Substring(line).trimmingBlanks
    let risky = OrgFile.doneItem(Substring(line), doneKeywords: doneKeywords) != nil || OrgFile.isDrawerStart(trimmed)
      || OrgFile.isPlanning(Substring(line)) || trimmed.hasPrefix("CLOCK:") || trimmed.hasPrefix("#+") || trimmed == "#"
      || trimmed.hasPrefix("# ")
    return risky ? "\u{200B}" + line : line
  }

  /// The lines of a text (CRLF, LF or CR), tabs kept.
  static func oneLines(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingTrailingSpaces }
  }

  /// `text` on one line: each line break a space.
  static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
  }

  static func strings(_ value: JSONValue?) -> [String] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap(\.stringValue)
  }
}
