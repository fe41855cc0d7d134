import TrackerCodec
import TrackerModel

/// Turns parsed components into a dataset: `X-TRACKPORT-*` properties first (our own files
/// come back exactly), standard properties for foreign calendars.
struct ICalendarDatasetReader {
  var fileName: String
  var options: [String: String]
  var warnings: [Diagnostic] = []
  var dataset = TrackerDataset()
  var groups: [[LocalDate]] = []
  var recordList: [TrackerRecord]?
  /// Each tracker's records with an amount or a note, and its entries (version 2).
  var detailGroups: [[TrackerRecord]] = []
  var entryGroups: [[TrackerEntry]] = []
  var entryList: [TrackerEntry]?
  var categoryIds: [String: String] = [:]

  var ownCategories: [TrackerCategory] = []

  /// Reads `bytes`: components inside a `VCALENDAR` as the parser meets them, then the
  /// calendars' own properties.
  mutating func read(_ bytes: UnsafeRawBufferPointer) throws -> TrackerDataset {
    let roots = try ICalendarParser(fileName: fileName).parse(bytes, streaming: true) { try self.readChild($0) }
    return try read(roots)
  }

  mutating func read(_ roots: [ICalendarComponent]) throws -> TrackerDataset {
    guard !roots.isEmpty else {
      throw CodecError(.malformedInput, "no calendar components (expected BEGIN:VCALENDAR)", location: SourceLocation(file: fileName, line: 1, column: 1))
    }
    // Bare VEVENT/VTODO files (as some tools and RFC examples write them) read as one calendar.
    var calendars = roots.filter { $0.name == "VCALENDAR" }
    let loose = roots.filter { $0.name != "VCALENDAR" }
    if !loose.isEmpty { calendars.append(ICalendarComponent("VCALENDAR", components: loose, line: loose[0].line)) }
    for calendar in calendars { try readCalendar(calendar) }
    dataset.categories = ownCategories + dataset.categories
    let marks = ICalendarMarks(details: detailGroups, entries: entryGroups)
    dataset.records = recordList ?? marks.records(dataset.trackers, groups)
    dataset.entries = entryList ?? marks.entries(dataset.trackers)
    return dataset
  }

  mutating func readCalendar(_ calendar: ICalendarComponent) throws {
    for property in calendar.properties {
      switch property.name {
      case "X-TRACKPORT-VERSION":
        try checkVersion(property)
      case "X-TRACKPORT-CATEGORY":
        let value = try json(property)
        guard let id = value["id"]?.stringValue, let title = value["title"]?.stringValue else { throw bad(property, "category needs id and title") }
        ownCategories.append(TrackerCategory(id: id, title: title, extras: extras(value["extras"])))
        categoryIds[title] = categoryIds[title] ?? id
      case "X-TRACKPORT-TASK-CATEGORY-ORDER":
        guard case .array(let items) = try json(property) else { throw bad(property, "expected a JSON array") }
        dataset.taskCategoryOrder = items.compactMap(\.stringValue)
      case "X-TRACKPORT-EXTRAS":
        dataset.extras = extras(try json(property))
      case "X-TRACKPORT-RECORD-LIST":
        guard case .array(let items) = try json(property) else { throw bad(property, "expected a JSON array") }
        recordList = try items.map { item in try field(property) { try ICalendarJSONFields.record(item, tracker: nil) } }
      case "X-TRACKPORT-ENTRY-LIST":
        guard case .array(let items) = try json(property) else { throw bad(property, "expected a JSON array") }
        entryList = try items.map { item in try field(property) { try ICalendarJSONFields.entry(item, tracker: nil) } }
      default: break
      }
    }
    for component in calendar.components { try readChild(component) }
  }

  mutating func readChild(_ component: ICalendarComponent) throws {
      switch component.name {
      case "VEVENT":
        if component.first("X-TRACKPORT-HISTORY") != nil { return }
        if component.first("RECURRENCE-ID") != nil {
          skip(component, "a changed occurrence (RECURRENCE-ID) of a recurring event")
          return
        }
        try readEvent(component)
      case "VTODO":
        if component.first("X-TRACKPORT-KIND") != nil { try readEvent(component) } else { try readTask(component) }
      case "VTIMEZONE": break
      default: skip(component, "a \(component.name) has no tracker equivalent")
      }
  }

  mutating func readEvent(_ component: ICalendarComponent) throws {
    let summary = component.first("SUMMARY")?.text ?? ""
    let (summaryEmoji, summaryName) = Self.splitEmoji(summary)
    let uid = component.first("UID")?.text ?? "event-\(component.line)"
    let id = try string(component, "X-TRACKPORT-ID") ?? uid
    let own = component.first("X-TRACKPORT-ID") != nil
    let start = try component.first("DTSTART").map { try date($0) }
    var kind = TrackerKind.event
    var schedule: [Weekday]?
    var eventDate: LocalDate?
    var createdOn: LocalDate?
    var repeats: TrackerFrequency?
    var ruleDays: [Weekday]?
    if let rule = component.first("RRULE") {
      guard let start else { throw bad(rule, "RRULE without DTSTART") }
      switch ICalendarRecurrence.parse(rule.value, start: start.date, ours: own) {
      case .failure(let failure): throw bad(rule, "unreadable RRULE: \(failure.reason)")
      case .success(let recurrence):
        kind = .habit
        schedule = recurrence.days
        repeats = recurrence.frequency
        ruleDays = recurrence.days
        createdOn = start.date
        var losses = recurrence.losses
        if start.hasTime { losses.append("time of day \(start.raw) (kept as the day)") }
        // Our own EXDATE is the skipped days, which X-TRACKPORT-ENTRIES carries.
        if component.first("EXDATE") != nil, !own || component.first("X-TRACKPORT-ENTRIES") == nil {
          losses.append("EXDATE (excluded days dropped)")
        }
        if component.first("RDATE") != nil { losses.append("RDATE (extra days dropped)") }
        for loss in losses { lossy(component, rule.line, "\(uid): \(loss)") }
      }
    } else if let start {
      eventDate = start.date
      if start.hasTime, component.first("X-TRACKPORT-KIND") == nil {
        lossy(component, component.first("DTSTART")?.line ?? component.line, "\(uid): time of day \(start.raw) (kept as the day)")
      }
    } else if component.name == "VEVENT" {
      skip(component, "a VEVENT without DTSTART")
      return
    }
    if let raw = component.first("X-TRACKPORT-KIND") {
      guard let value = TrackerKind(rawValue: raw.text) else { throw bad(raw, "unknown kind \"\(raw.text)\"") }
      kind = value
    }
    if let raw = component.first("X-TRACKPORT-SCHEDULE") {
      schedule = try raw.value.isEmpty ? [] : raw.text.split(separator: ",").map { item in
        guard let day = Weekday(rawValue: String(item)) else { throw bad(raw, "unknown weekday \"\(item)\"") }
        return day
      }
    } else if component.first("X-TRACKPORT-ID") != nil {
      schedule = nil
    }
    if component.first("X-TRACKPORT-ID") != nil {
      eventDate = try component.first("X-TRACKPORT-DATE").map { try date($0).date }
      createdOn = try component.first("X-TRACKPORT-CREATED-ON").map { try date($0).date }
    }
    let categoryTitle = component.first("CATEGORIES").map { ICalendarText.splitList($0.value).first ?? "" }
    let ownCategoryId = try string(component, "X-TRACKPORT-CATEGORY-ID")
    let categoryId = ownCategoryId ?? category(categoryTitle)
    // What another calendar's component does not say is made up, and marked so: the
    // `default-category` without CATEGORIES, a palette colour without a COLOR we know.
    let foreign = component.first("X-TRACKPORT-ID") == nil
    var madeUp: Set<InventedField> = ownCategoryId == nil && (categoryTitle ?? "").isEmpty ? [.category] : []
    var color = try string(component, "X-TRACKPORT-COLOR")
    if color == nil, foreign {
      color = component.first("COLOR").flatMap { CSSColor.hex(forName: $0.value) }
      if color == nil {
        color = Self.paletteColor(uid)
        madeUp.insert(.color)
      }
    }
    let name = try string(component, "X-TRACKPORT-NAME") ?? summaryName
    var emoji = component.first("X-TRACKPORT-ID") != nil ? try string(component, "X-TRACKPORT-EMOJI") : summaryEmoji
    if emoji == nil, foreign {
      // The app requires one: a palette emoji chosen from the name, as other readers choose, and
      // marked made up (writers never show it as the person's own, in a title say).
      emoji = PaletteEmoji.stableChoice(for: name).emoji.rawValue
      madeUp.insert(.emoji)
    }
    var tracker = Tracker(
      id: id, kind: kind, name: name, categoryId: categoryId,
      emoji: emoji,
      color: color, schedule: schedule, date: eventDate,
      pinned: component.first("X-TRACKPORT-PINNED")?.value.uppercased() == "TRUE", createdOn: createdOn,
      archived: component.first("X-TRACKPORT-ARCHIVED")?.value.uppercased() == "TRUE",
      description: try trackerDescription(component),
      goal: try json(component, "X-TRACKPORT-GOAL", ICalendarJSONFields.goal),
      frequency: try json(component, "X-TRACKPORT-FREQUENCY", ICalendarJSONFields.frequency) ?? (own ? nil : repeats),
      reminders: try reminders(component, start: start, uid: uid),
      extras: extras(try component.first("X-TRACKPORT-EXTRAS").map { try json($0) }))
    // Our own files carry their marks in X-TRACKPORT-EXTRAS.
    if foreign { tracker.invented = madeUp } else { takeEdits(component, to: &tracker, start: start, ruleDays: ruleDays, uid: uid) }
    var days: [LocalDate] = []
    if let raw = component.first("X-TRACKPORT-RECORDS") {
      days = try raw.text.split(separator: ",").map { item in
        guard let day = ICalendarDate(String(item))?.date else { throw bad(raw, "bad date \"\(item)\"") }
        return day
      }
    } else if component.first("X-TRACKPORT-ID") == nil, component.name == "VTODO",
              let completed = component.first("COMPLETED") {
      days = [try date(completed).date]
    }
    try readMarks(component, of: tracker, days: days)
    dataset.trackers.append(tracker)
    groups.append(days)
  }

  mutating func readTask(_ component: ICalendarComponent) throws {
    let uid = component.first("UID")?.text ?? "task-\(component.line)"
    var category = TaskCategory.none.rawValue
    if let priority = component.first("PRIORITY").flatMap({ Int($0.value.trimmingSpaces) }) {
      switch priority {
      case 1...4: category = TaskCategory.urgent.rawValue
      case 5: category = TaskCategory.notUrgent.rawValue
      case 6...9: category = TaskCategory.optional.rawValue
      default: break
      }
    }
    var attachments: [TaskAttachment] = component.all("ATTACH").map { attach in
      TaskAttachment(name: attach.parameter("X-TRACKPORT-NAME") ?? attach.parameter("FILENAME")
                       ?? String(attach.value.split(separator: "/").last ?? ""), uri: attach.value)
    }
    if let raw = component.first("X-TRACKPORT-ATTACHMENTS") {
      guard case .array(let items) = try json(raw) else { throw bad(raw, "expected a JSON array") }
      attachments = try items.map { item in
        guard let name = item["name"]?.stringValue, let uri = item["uri"]?.stringValue else { throw bad(raw, "an attachment needs name and uri") }
        return TaskAttachment(name: name, uri: uri)
      }
    }
    var reminders: [LocalDateTime] = []
    for alarm in component.components where alarm.name == "VALARM" {
      guard let trigger = alarm.first("TRIGGER") else { continue }
      if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
        reminders.append(try dateTime(trigger))
      } else {
        lossy(component, trigger.line, "\(uid): relative alarm TRIGGER:\(trigger.value) (dropped)")
      }
    }
    let position = component.first("X-TRACKPORT-POSITION").flatMap { Int($0.value) } ?? dataset.tasks.count
    let task = PlanTask(
      id: try string(component, "X-TRACKPORT-TASK-ID") ?? uid,
      title: try string(component, "X-TRACKPORT-TITLE") ?? component.first("SUMMARY")?.text ?? "",
      description: component.first("X-TRACKPORT-TASK-ID") != nil ? try string(component, "X-TRACKPORT-DESCRIPTION") : component.first("DESCRIPTION")?.text,
      color: try string(component, "X-TRACKPORT-COLOR") ?? (component.first("X-TRACKPORT-TASK-ID") == nil ? Self.paletteColor(uid) : nil),
      category: try string(component, "X-TRACKPORT-TASK-CATEGORY") ?? category,
      start: try component.first("DTSTART").map { try dateTime($0) },
      end: try component.first("DUE").map { try dateTime($0) },
      done: component.first("STATUS")?.value.uppercased() == "COMPLETED",
      reminders: reminders, attachments: attachments, position: position,
      extras: extras(try component.first("X-TRACKPORT-EXTRAS").map { try json($0) }))
    dataset.tasks.append(task)
  }

  // MARK: - Helpers

  /// An exact string property: TEXT, or JSON when marked `X-TRACKPORT-ENCODING=JSON`.
  func string(_ component: ICalendarComponent, _ name: String) throws -> String? {
    guard let property = component.first(name) else { return nil }
    guard property.parameter("X-TRACKPORT-ENCODING")?.uppercased() == "JSON" else { return property.text }
    guard let value = try json(property).stringValue else { throw bad(property, "expected a JSON string") }
    return value
  }

  func json(_ property: ICalendarProperty) throws -> JSONValue {
    do {
      return try JSONText.parse(property.text)
    } catch {
      throw bad(property, "\(property.name) is not JSON: \(error.message)")
    }
  }

  func extras(_ value: JSONValue?) -> Extras { ICalendarJSONFields.extras(value) }

  func date(_ property: ICalendarProperty) throws -> ICalendarDate {
    guard let value = ICalendarDate(property.value) else { throw bad(property, "\(property.name) has a bad date \"\(property.value)\"") }
    return value
  }

  func dateTime(_ property: ICalendarProperty) throws -> LocalDateTime {
    let value = try date(property)
    guard let time = LocalDateTime(date: value.date, hour: value.hour, minute: value.minute) else {
      throw bad(property, "\(property.name) has a bad time \"\(property.value)\"")
    }
    return time
  }

  /// The id of the category titled `title` (or the default one), created on first use.
  mutating func category(_ title: String?) -> String {
    let title = (title?.isEmpty == false ? title : nil) ?? options["default-category"] ?? "Calendar"
    if let id = categoryIds[title] { return id }
    var id = "category-\(dataset.categories.count + 1)"
    while dataset.categories.contains(where: { $0.id == id }) { id += "-1" }
    dataset.categories.append(TrackerCategory(id: id, title: title))
    categoryIds[title] = id
    return id
  }

  func bad(_ property: ICalendarProperty, _ message: String) -> CodecError {
    CodecError(.malformedInput, message, location: SourceLocation(file: fileName, line: property.line, column: 1))
  }

  /// What a calendar app changed in a component TrackerPort wrote, taken over its
  /// `X-TRACKPORT-*` copy (docs/calendar.md, "Edits made in a calendar app"): the title (name,
  /// and the emoji when it has one), the description, a dated event's day, a habit's weekdays.
  /// A time of day given to the event is not taken, and said so.
  mutating func takeEdits(_ component: ICalendarComponent, to tracker: inout Tracker, start: ICalendarDate?,
                          ruleDays: [Weekday]?, uid: String) {
    let shown = tracker.invented.contains(.emoji) ? nil : tracker.emoji
    if let summary = component.first("SUMMARY")?.text,
       summary.trimmingSpaces != ICalendarDatasetWriter.visible([shown, tracker.name].compactMap { $0 }.joined(separator: " ")).trimmingSpaces {
      let (emoji, name) = Self.splitEmoji(summary.trimmingSpaces)
      if !name.isEmpty { tracker.name = name }
      if let emoji, emoji != tracker.emoji {
        tracker.emoji = emoji
        tracker.invented.remove(.emoji)
      }
    }
    if let text = component.first("DESCRIPTION")?.text,
       text.trimmingSpaces != ICalendarDatasetWriter.visible(tracker.description ?? "").trimmingSpaces {
      tracker.description = text.trimmingSpaces.isEmpty ? nil : text
    } else if component.first("DESCRIPTION") == nil, tracker.description != nil {
      tracker.description = nil
    }
    if tracker.kind == .event, tracker.date != nil, let start, start.date != tracker.date {
      tracker.date = start.date
    }
    if tracker.kind == .habit, let ruleDays, let schedule = tracker.schedule, !schedule.isEmpty, Set(ruleDays) != Set(schedule) {
      tracker.schedule = ruleDays
    }
    if let start, start.hasTime {
      lossy(component, component.first("DTSTART")?.line ?? component.line, "\(uid): time of day \(start.raw) set in a calendar (kept as the day)")
    }
  }

  mutating func lossy(_ component: ICalendarComponent, _ line: Int, _ message: String) {
    warnings.append(Diagnostic(code: ICalendarCodec.lossyRecurrence.code, severity: .warning, message: message,
                               location: SourceLocation(file: fileName, line: line, column: 1)))
  }

  mutating func skip(_ component: ICalendarComponent, _ why: String) {
    warnings.append(Diagnostic(code: ICalendarCodec.skippedComponent.code, severity: .warning, message: "skipped \(why)",
                               location: SourceLocation(file: fileName, line: component.line, column: 1)))
  }

  /// A leading emoji and the rest of the summary.
  static func splitEmoji(_ summary: String) -> (String?, String) {
    guard let first = summary.first, let scalar = first.unicodeScalars.first,
          scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value > 0xFF && first.unicodeScalars.count > 1)
    else { return (nil, summary) }
    let rest = summary.dropFirst()
    return (String(first), String(rest.first == " " ? rest.dropFirst() : rest))
  }

  /// A palette colour chosen stably from the UID (``PaletteEmoji/stableChoice(for:)``).
  static func paletteColor(_ uid: String) -> String {
    PaletteEmoji.stableChoice(for: uid).color.rawValue
  }
}

extension String {
  var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
