import TrackerCodec
import TrackerModel

/// Turns an ``OrgFile``'s habits into a dataset, and says what it made up.
///
/// Each habit's `:CATEGORY:` property, else its first tag (other than `ARCHIVE`), is its
/// category (habits without either go into
/// the `default-category`, made up); `ARCHIVE` marks it archived; its `:ID:` property is its
/// id (else one derived from its title); its repeater its schedule and frequency
/// (``OrgRepeater/plan(scheduled:)``); its text its description; its done days records, each
/// day once, with the notes of its lines. What the model cannot say (the repeater as written,
/// the scheduled day, the keyword, the other tags and properties, the priority, a line's time
/// and done keyword) stays in `extras["org"]`, from where the writer puts it back.
struct OrgDatasetBuilder {
  static let defaultCategory = "Org"
  /// The extras namespace.
  static let namespace = "org"

  let file: String
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(file: String, options: [String: String]) {
    self.file = file
    self.options = options
  }

  mutating func build(_ org: OrgFile) throws -> TrackerDataset {
    var dataset = TrackerDataset()
    for problem in org.problems {
      warnings.append(Diagnostic(code: OrgCodec.skippedLines.code, severity: .warning,
                                 message: "\"\(problem.text)\": \(problem.problem)",
                                 location: SourceLocation(file: file, line: problem.line)))
    }
    var categoryOf: [String: String] = [:]
    let fallbackTitle = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultCategory
    let fallback = StableID.uuid("org-category:" + fallbackTitle)
    var usedFallback = false
    var seenIds = Set<String>()
    var seenNames: [String: Int] = [:]
    if !org.keywordLines.isEmpty {
      dataset.extras[Self.namespace] = .object([JSONMember("todo", .array(org.keywordLines.map(JSONValue.string)))])
    }
    for habit in org.habits {
      let where_ = SourceLocation(file: file, line: habit.line)
      let name = habit.title
      // org-habit refuses these habits (`org-habit.el:192-209`), and with them the agenda.
      guard let scheduled = habit.scheduled else {
        throw CodecError(.malformedInput, "habit \"\(name)\" has no SCHEDULED date", location: where_,
                         note: "org-habit needs `SCHEDULED: <date repeater>` on the line below the heading")
      }
      let stampLocation = SourceLocation(file: file, line: scheduled.line)
      guard let day = LocalDate(scheduled.text.prefix(10)) else {
        throw CodecError(.malformedInput, "habit \"\(name)\": SCHEDULED <\(scheduled.text)> has no date YYYY-MM-DD", location: stampLocation)
      }
      guard scheduled.active, let repeater = OrgRepeater.find(in: scheduled.text.dropFirst(10)) else {
        throw CodecError(.malformedInput, "habit \"\(name)\" has no repeater in SCHEDULED <\(scheduled.text)>", location: stampLocation,
                         note: "a habit repeats: `.+1d` every day, `++1w` every week, `.+2d/4d` every 2 to 4 days")
      }
      guard repeater.days > 0 else {
        throw CodecError(.malformedInput, "habit \"\(name)\": the repeat \(repeater.text) is less than a day", location: stampLocation,
                         note: "org-habit counts days, weeks, months and years (d, w, m, y)")
      }
      if let maxDays = repeater.maxDays, maxDays <= repeater.days {
        throw CodecError(.malformedInput, "habit \"\(name)\": the deadline repeat of \(repeater.text) is not longer than the repeat",
                         location: stampLocation)
      }
      // The category: a `:CATEGORY:` property (what org's agenda shows), else the first tag.
      let property = habit.properties.first { $0.key.uppercased() == "CATEGORY" && !$0.value.isEmpty }?.value
      var ownTags = habit.tags.filter { $0 != "ARCHIVE" }
      let categoryTitle = property ?? ownTags.first
      if let categoryTitle { ownTags.removeAll { $0 == OrgFile.tag(categoryTitle) } }
      var categoryId = fallback
      if let title = categoryTitle {
        if let id = categoryOf[title] {
          categoryId = id
        } else {
          categoryId = StableID.uuid("org-category:" + title)
          categoryOf[title] = categoryId
          dataset.categories.append(TrackerCategory(id: categoryId, title: title))
        }
      } else {
        usedFallback = true
      }
      let occurrence = seenNames[name, default: 0]
      seenNames[name] = occurrence + 1
      var id = habit.properties.first { $0.key.uppercased() == "ID" }?.value ?? ""
      if id.isEmpty || seenIds.contains(id) { id = StableID.uuid("org:" + name + (occurrence == 0 ? "" : "#\(occurrence)")) }
      seenIds.insert(id)
      let plan = repeater.plan(scheduled: day)
      let choice = PaletteEmoji.stableChoice(for: name)
      var tracker = Tracker(id: id, kind: .habit, name: name, categoryId: categoryId,
                            emoji: choice.emoji.rawValue, color: choice.color.rawValue, schedule: plan.schedule,
                            archived: habit.tags.contains("ARCHIVE"),
                            description: habit.body.isEmpty ? nil : habit.body.joined(separator: "\n"),
                            frequency: plan.frequency)
      var kept: [JSONMember] = [JSONMember("repeater", .string(repeater.text)), JSONMember("scheduled", .string(String(scheduled.text)))]
      if let keyword = habit.keyword { kept.append(JSONMember("keyword", .string(keyword))) }
      if let priority = habit.priority { kept.append(JSONMember("priority", .string(String(priority)))) }
      if !ownTags.isEmpty { kept.append(JSONMember("tags", .array(ownTags.map(JSONValue.string)))) }
      let other = habit.properties.filter { !["ID", "CATEGORY"].contains($0.key.uppercased()) }
      if !other.isEmpty {
        kept.append(JSONMember("properties", .array(other.map { .array([.string($0.key), .string($0.value)]) })))
      }
      tracker.extras[Self.namespace] = .object(kept)
      var invented: Set<InventedField> = [.emoji, .color]
      if categoryTitle == nil { invented.insert(.category) }
      if repeater.unit != "w" && repeater.days > 1 { invented.insert(.schedule) }
      tracker.invented = invented
      if plan.lossy {
        let said = plan.frequency.map { "planned \($0.times) in \($0.days) days" } ?? "planned every day"
        warnings.append(Diagnostic(
          code: OrgCodec.lossyFrequency.code, severity: .warning,
          message: "habit \"\(name)\" repeats \(repeater.text) in org" + (repeater.maxCount != nil ? " (and at least every \(repeater.maxDays ?? 0) days)" : "")
            + "; the model plans habits on weekdays: \(said)",
          location: stampLocation,
          note: "the repeater is kept in extras[\"org\"] and written back to org"))
      }
      dataset.trackers.append(tracker)
      // One record a day: a second line of the same day adds its note.
      var recordOf: [LocalDate: Int] = [:]
      for done in habit.done.sorted(by: { $0.day < $1.day }) {
        if let r = recordOf[done.day] {
          if let note = done.note { dataset.records[r].note = (dataset.records[r].note.map { $0 + "\n" } ?? "") + note }
          continue
        }
        var record = TrackerRecord(trackerId: id, date: done.day, note: done.note)
        var marks: [JSONMember] = []
        if let time = done.time { marks.append(JSONMember("time", .string(time))) }
        if let keyword = done.keyword {
          if keyword != "DONE" { marks.append(JSONMember("state", .string(keyword))) }
        } else {
          marks.append(JSONMember("closingNote", .bool(true)))
        }
        if !marks.isEmpty { record.extras[Self.namespace] = .object(marks) }
        recordOf[done.day] = dataset.records.count
        dataset.records.append(record)
      }
    }
    if usedFallback && categoryOf[fallbackTitle] == nil {
      dataset.categories.insert(TrackerCategory(id: fallback, title: fallbackTitle), at: 0)
    }
    if !dataset.trackers.isEmpty {
      warnings.append(Diagnostic(code: OrgCodec.assignedDefaults.code, severity: .warning,
                                 message: "org has no emoji or colours: each habit was given a palette emoji and colour chosen from its name"
                                   + (usedFallback ? "; habits without tags went into \"\(fallbackTitle)\"" : ""),
                                 location: SourceLocation(file: file)))
    }
    return dataset
  }
}
