import Foundation
import TrackerCodec
import TrackerModel

/// Builds the `VCALENDAR` for a dataset (mapping in `docs/ics-format.md`).
struct ICalendarDatasetWriter {
  /// Every component's `DTSTAMP`: fixed so the same dataset always gives the same bytes.
  static let stamp = "19700101T000000Z"
  /// The fallback anchor of a habit with no `createdOn`, no record and no `start` option.
  static let epoch = LocalDate(year: 1970, month: 1, day: 1) ?? LocalDate(dayNumber: 0)

  var options: [String: String]

  /// The `VCALENDAR` with its own properties and no components (see ``children(_:byTracker:marks:emit:)``).
  ///
  /// `X-TRACKPORT-VERSION` is the dataset's ``TrackerDataset/formatVersionNeeded``: `1`, and
  /// the bytes of before format version 2, when it uses nothing of version 2.
  func header(_ dataset: TrackerDataset, byTracker: [[LocalDate]], marks: ICalendarMarks) throws -> ICalendarComponent {
    var calendar = ICalendarComponent("VCALENDAR")
    calendar.add("VERSION", "2.0")
    calendar.add("PRODID", "-//TrackerPort//EN")
    calendar.add("CALSCALE", "GREGORIAN")
    calendar.add("X-TRACKPORT-VERSION", String(dataset.formatVersionNeeded))
    for category in dataset.categories {
      var members = [JSONMember("id", .string(category.id)), JSONMember("title", .string(category.title))]
      if !category.extras.isEmpty { members.append(JSONMember("extras", Self.object(category.extras))) }
      calendar.add(try Self.json("X-TRACKPORT-CATEGORY", .object(members)))
    }
    if dataset.taskCategoryOrder != TaskCategory.allCases.map(\.rawValue) {
      calendar.add(try Self.json("X-TRACKPORT-TASK-CATEGORY-ORDER", .array(dataset.taskCategoryOrder.map { .string($0) })))
    }
    if !dataset.extras.isEmpty { calendar.add(try Self.json("X-TRACKPORT-EXTRAS", Self.object(dataset.extras))) }

    if marks.records(dataset.trackers, byTracker) != dataset.records {
      let list = try dataset.records.map { try ICalendarJSONFields.record($0, withTracker: true) }
      calendar.add(try Self.json("X-TRACKPORT-RECORD-LIST", .array(list)))
    }
    if !dataset.entries.isEmpty, marks.entries(dataset.trackers) != dataset.entries {
      let list = try dataset.entries.map { try ICalendarJSONFields.entry($0, withTracker: true) }
      calendar.add(try Self.json("X-TRACKPORT-ENTRY-LIST", .array(list)))
    }
    return calendar
  }

  /// Hands each component of the calendar to `emit`, in order, without keeping them.
  func children(_ dataset: TrackerDataset, byTracker: [[LocalDate]], marks: ICalendarMarks,
                emit: (ICalendarComponent) throws -> Void) throws {
    let titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    let earliest = dataset.records.map(\.date).min()
    for (index, tracker) in dataset.trackers.enumerated() {
      try emit(try event(tracker, records: byTracker[index], details: marks.details(index), entries: marks.entries(index),
                         category: titles[tracker.categoryId], earliest: earliest))
    }
    if let zone = options["timezone"] {
      let years = dataset.tasks.flatMap { [$0.start, $0.end].compactMap { $0?.date.year } }
      if let first = years.min(), let last = years.max() {
        try emit(try ICalendarTimeZone.component(zone, years: first...last))
      } else if TimeZone(identifier: zone) == nil {
        throw CodecError(.unsupportedOperation, "unknown time zone \"\(zone)\"", note: "use an IANA name such as Europe/Moscow")
      }
    }
    for task in dataset.tasks { try emit(try todo(task)) }
    if options["history"].flatMap(CodecOption.boolean) == true {
      // Completions only: entries (skipped days, amounts below the goal) are never shown as done.
      for (index, tracker) in dataset.trackers.enumerated() {
        let details = Dictionary(marks.details(index).map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        for date in byTracker[index] {
          var event = ICalendarComponent("VEVENT")
          event.add("UID", ICalendarText.escape(tracker.id + "-" + Self.basic(date) + "@history.trackport"))
          event.add("DTSTAMP", Self.stamp)
          event.add("SUMMARY", Self.text("✓ " + tracker.name))
          if let detail = details[date] {
            let unit = tracker.goal?.unit.flatMap { $0.isEmpty ? nil : " " + $0 } ?? ""
            let amount = try detail.amount.map { try ICalendarJSONFields.numberText($0) + unit }
            event.add("DESCRIPTION", Self.text([amount, detail.note].compactMap { $0 }.joined(separator: "\n")))
          }
          event.add(ICalendarProperty("DTSTART", Self.basic(date)).adding(parameter: "VALUE", "DATE"))
          event.add("TRANSP", "TRANSPARENT")
          event.add("X-TRACKPORT-HISTORY", "TRUE")
          try emit(event)
        }
      }
    }
  }

  /// A tracker's component: a recurring `VEVENT` for a habit with weekdays, an all-day one for
  /// a dated event, else a `VTODO`; version-2 fields in `X-TRACKPORT-*`, and for a calendar
  /// `DESCRIPTION`, one `VALARM` per reminder time, an archived habit's rule ending on its
  /// last mark (`UNTIL`) and its skipped days left out (`EXDATE`).
  func event(_ tracker: Tracker, records: [LocalDate], details: [TrackerRecord], entries: [TrackerEntry],
             category: String?, earliest: LocalDate?) throws -> ICalendarComponent {
    let days = Array(Set(tracker.schedule ?? [])).sorted()
    let recurring = tracker.kind == .habit && !days.isEmpty
    let dated = tracker.kind == .event && tracker.date != nil
    var component = ICalendarComponent(recurring || dated ? "VEVENT" : "VTODO")
    component.add("UID", Self.text(tracker.id))
    component.add("DTSTAMP", Self.stamp)
    // An emoji the reader made up is not the person's: not in the title they see.
    let shown = tracker.invented.contains(.emoji) ? nil : tracker.emoji
    let summary = Self.text([shown, tracker.name].compactMap { $0 }.joined(separator: " "))
    component.add("SUMMARY", summary)
    if let description = tracker.description { component.add("DESCRIPTION", Self.text(description)) }
    var planned: [Weekday] = []
    if recurring {
      let anchor = tracker.createdOn ?? records.min() ?? options["start"].flatMap { LocalDate($0) } ?? earliest ?? Self.epoch
      var first = anchor
      while !days.contains(first.weekday) { first = first.adding(days: 1) }
      component.add(ICalendarProperty("DTSTART", Self.basic(first)).adding(parameter: "VALUE", "DATE"))
      var rule = days.count == 7 ? "FREQ=DAILY" : "FREQ=WEEKLY;BYDAY=" + days.map { ICalendarRecurrence.code($0) }.joined(separator: ",") + ";WKST=MO"
      var until = options["until"].flatMap { LocalDate($0) }
      if tracker.archived {
        // No longer planned: calendars stop showing it after its last mark.
        let last = max(first, (records + entries.map(\.date)).max() ?? first)
        until = min(until ?? last, last)
      }
      if let until { rule += ";UNTIL=" + Self.basic(until) }
      component.add("RRULE", rule)
      // A skipped day is not planned: calendars leave it out of the recurrence.
      let skipped = Set(entries.lazy.filter { $0.skipped && $0.date >= first && days.contains($0.date.weekday) }.map(\.date)
        .filter { day in until.map { day <= $0 } ?? true }).sorted()
      if !skipped.isEmpty {
        component.add(ICalendarProperty("EXDATE", skipped.map(Self.basic).joined(separator: ",")).adding(parameter: "VALUE", "DATE"))
      }
      planned = days
    } else if dated, let date = tracker.date {
      component.add(ICalendarProperty("DTSTART", Self.basic(date)).adding(parameter: "VALUE", "DATE"))
      planned = [date.weekday]
    } else if tracker.kind == .event, let done = records.min() {
      component.add("STATUS", "COMPLETED")
      component.add("COMPLETED", Self.basic(done) + "T000000Z")
    }
    if let category { component.add("CATEGORIES", Self.text(category)) }
    if component.name == "VEVENT" { component.add("TRANSP", "TRANSPARENT") }
    if let color = tracker.color, let name = CSSColor.nearest(toHex: color) { component.add("COLOR", name) }
    component.add(Self.plain("X-TRACKPORT-ID", tracker.id))
    component.add("X-TRACKPORT-KIND", tracker.kind.rawValue)
    component.add(Self.plain("X-TRACKPORT-NAME", tracker.name))
    component.add(Self.plain("X-TRACKPORT-CATEGORY-ID", tracker.categoryId))
    if let emoji = tracker.emoji { component.add(Self.plain("X-TRACKPORT-EMOJI", emoji)) }
    if let color = tracker.color { component.add(Self.plain("X-TRACKPORT-COLOR", color)) }
    if let schedule = tracker.schedule { component.add("X-TRACKPORT-SCHEDULE", schedule.map(\.rawValue).joined(separator: ",")) }
    if let date = tracker.date { component.add("X-TRACKPORT-DATE", Self.basic(date)) }
    if tracker.pinned { component.add("X-TRACKPORT-PINNED", "TRUE") }
    if let created = tracker.createdOn { component.add("X-TRACKPORT-CREATED-ON", Self.basic(created)) }
    if tracker.archived { component.add("X-TRACKPORT-ARCHIVED", "TRUE") }
    if let description = tracker.description { component.add(Self.plain("X-TRACKPORT-DESCRIPTION", description)) }
    if let goal = tracker.goal { component.add(try Self.json("X-TRACKPORT-GOAL", try ICalendarJSONFields.goal(goal))) }
    if let frequency = tracker.frequency { component.add(try Self.json("X-TRACKPORT-FREQUENCY", ICalendarJSONFields.frequency(frequency))) }
    if !tracker.reminders.isEmpty { component.add(try Self.json("X-TRACKPORT-REMINDERS", ICalendarJSONFields.reminders(tracker.reminders))) }
    if !records.isEmpty { component.add("X-TRACKPORT-RECORDS", records.map(Self.basic).joined(separator: ",")) }
    if !details.isEmpty {
      let list = try details.map { try ICalendarJSONFields.record($0, withTracker: false) }
      component.add(try Self.json("X-TRACKPORT-RECORD-DETAILS", .array(list)))
    }
    if !entries.isEmpty {
      let list = try entries.map { try ICalendarJSONFields.entry($0, withTracker: false) }
      component.add(try Self.json("X-TRACKPORT-ENTRIES", .array(list)))
    }
    if !tracker.extras.isEmpty { component.add(try Self.json("X-TRACKPORT-EXTRAS", Self.object(tracker.extras))) }
    // One alarm per time of day, on the days the tracker is planned (a calendar rings it on
    // every occurrence: a reminder on some of the weekdays rings on all of them there).
    var times: Set<Int> = []
    for reminder in tracker.reminders where !planned.isEmpty {
      guard let minutes = ICalendarAlarm.minutes(reminder.time), reminder.days.map({ !Set($0).isDisjoint(with: planned) }) ?? true,
            times.insert(minutes).inserted else { continue }
      component.components.append(ICalendarAlarm.component(minutes: minutes, text: summary))
    }
    return component
  }

  func todo(_ task: PlanTask) throws -> ICalendarComponent {
    var component = ICalendarComponent("VTODO")
    component.add("UID", Self.text(task.id))
    component.add("DTSTAMP", Self.stamp)
    component.add("SUMMARY", Self.text(task.title))
    if let description = task.description { component.add("DESCRIPTION", Self.text(description)) }
    if let start = task.start { component.add(zoned("DTSTART", start)) }
    if let end = task.end { component.add(zoned("DUE", end)) }
    switch task.taskCategory {
    case .urgent: component.add("PRIORITY", "1")
    case .notUrgent: component.add("PRIORITY", "5")
    case .optional: component.add("PRIORITY", "9")
    default: break
    }
    component.add("STATUS", task.done ? "COMPLETED" : "NEEDS-ACTION")
    for attachment in task.attachments where !ICalendarText.needsJSON(attachment.uri) && !attachment.uri.contains("\n") {
      component.add(ICalendarProperty("ATTACH", attachment.uri).adding(parameter: "X-TRACKPORT-NAME", attachment.name))
    }
    component.add(Self.plain("X-TRACKPORT-TASK-ID", task.id))
    component.add(Self.plain("X-TRACKPORT-TITLE", task.title))
    if let description = task.description { component.add(Self.plain("X-TRACKPORT-DESCRIPTION", description)) }
    if let color = task.color { component.add(Self.plain("X-TRACKPORT-COLOR", color)) }
    component.add(Self.plain("X-TRACKPORT-TASK-CATEGORY", task.category))
    component.add("X-TRACKPORT-POSITION", String(task.position))
    if !task.attachments.isEmpty {
      let list: [JSONValue] = task.attachments.map { .object([JSONMember("name", .string($0.name)), JSONMember("uri", .string($0.uri))]) }
      component.add(try Self.json("X-TRACKPORT-ATTACHMENTS", .array(list)))
    }
    if !task.extras.isEmpty { component.add(try Self.json("X-TRACKPORT-EXTRAS", Self.object(task.extras))) }
    for reminder in task.reminders {
      var alarm = ICalendarComponent("VALARM")
      alarm.add("ACTION", "DISPLAY")
      alarm.add("DESCRIPTION", Self.text(task.title.isEmpty ? "Reminder" : task.title))
      alarm.add(ICalendarProperty("TRIGGER", Self.basic(reminder)).adding(parameter: "VALUE", "DATE-TIME"))
      component.components.append(alarm)
    }
    return component
  }

  // MARK: - Values

  /// A local time: floating, or with `TZID` when the `timezone` option names a zone.
  func zoned(_ name: String, _ time: LocalDateTime) -> ICalendarProperty {
    let property = ICalendarProperty(name, Self.basic(time))
    guard let zone = options["timezone"] else { return property }
    return property.adding(parameter: "TZID", zone)
  }

  /// `YYYYMMDD`.
  static func basic(_ date: LocalDate) -> String { date.description.filter { $0 != "-" } }

  /// `YYYYMMDDTHHMMSS`, floating.
  static func basic(_ time: LocalDateTime) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return basic(time.date) + "T" + two(time.hour) + two(time.minute) + "00"
  }

  /// A standard TEXT value: escaped, with controls TEXT cannot carry turned into spaces (the
  /// exact string is in an `X-TRACKPORT-*` property).
  static func text(_ value: String) -> String { ICalendarText.escape(visible(value)) }

  /// `value` as a TEXT property shows it: control characters but line feed and tab as spaces.
  static func visible(_ value: String) -> String {
    var clean = ""
    for scalar in value.unicodeScalars {
      if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F { clean += " " } else { clean.unicodeScalars.append(scalar) }
    }
    return clean
  }

  /// An exact string: TEXT, or a JSON string literal marked `X-TRACKPORT-ENCODING=JSON` when it
  /// holds a control TEXT cannot carry.
  static func plain(_ name: String, _ value: String) -> ICalendarProperty {
    guard ICalendarText.needsJSON(value) else { return ICalendarProperty(name, ICalendarText.escape(value)) }
    return ICalendarProperty(name, ICalendarText.escape(Self.escapeDelete(JSONText.quoted(value))))
      .adding(parameter: "X-TRACKPORT-ENCODING", "JSON")
  }

  /// A JSON value as escaped TEXT.
  static func json(_ name: String, _ value: JSONValue) throws -> ICalendarProperty {
    do {
      let text = Self.escapeDelete(try JSONText.compact(value))
      return ICalendarProperty(name, ICalendarText.escape(text))
    } catch {
      throw CodecError(.unsupportedOperation, "\(name): \(error.message)")
    }
  }

  /// JSON text with DEL (which JSON leaves raw and iCalendar forbids) as `\u007f`.
  static func escapeDelete(_ json: String) -> String {
    guard json.utf8.contains(0x7F) else { return json }
    var out = ""
    for scalar in json.unicodeScalars { if scalar.value == 0x7F { out += "\\u007f" } else { out.unicodeScalars.append(scalar) } }
    return out
  }

  /// Extras as one JSON object, keys sorted so output is deterministic.
  static func object(_ extras: Extras) -> JSONValue {
    .object(extras.keys.sorted().compactMap { key in extras[key].map { JSONMember(key, $0) } })
  }
}
