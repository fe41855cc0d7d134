import TrackerCodec
import TrackerModel

/// The entities and their values: one method per element of the format.
extension XMLDatasetReader {
  // MARK: - Entities

  func readCategory(index: Int) throws -> TrackerCategory {
    let pointer = "/categories/\(index)"
    let at = position()
    locator.categories.append(at)
    var id: String?, title: String?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { name, value in
      if name == names.id { id = try text(value) } else if name == names.title { title = try text(value) } else { return false }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer, at: at)
    return TrackerCategory(id: try required(id, "id", of: "category", pointer),
                           title: try required(title, "title", of: "category", pointer), extras: extras)
  }

  func readTracker(index: Int) throws -> Tracker {
    let pointer = "/trackers/\(index)"
    let at = position()
    locator.trackers.append(at)
    var id: String?, kind: TrackerKind?, name: String?, categoryId: String?, emoji: String?, color: String?
    var schedule: [Weekday]?, date: LocalDate?, pinned = false, createdOn: LocalDate?
    var archived = false, description: String?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { attribute, value in
      if attribute == names.id { id = try text(value) }
      else if attribute == names.kind {
        guard let parsed = TrackerKind(rawValue: String(decoding: value, as: UTF8.self)) else {
          throw fail("kind must be habit or event", pointer: pointer + "/kind")
        }
        kind = parsed
      }
      else if attribute == names.name { name = try text(value) }
      else if attribute == names.categoryId { categoryId = try text(value) }
      else if attribute == names.emoji { emoji = try text(value) }
      else if attribute == names.color { color = try text(value) }
      else if attribute == names.schedule { schedule = try weekdays(value, pointer: pointer + "/schedule") }
      else if attribute == names.date { date = try day(value, pointer: pointer + "/date") }
      else if attribute == names.pinned { pinned = try boolean(value, pointer: pointer + "/pinned") }
      else if attribute == names.createdOn { createdOn = try day(value, pointer: pointer + "/createdOn") }
      else if attribute == names.archived { archived = try boolean(value, pointer: pointer + "/archived") }
      else if attribute == names.description { description = try text(value) }
      else { return false }
      return true
    }
    let details = try trackerChildren(&unknown, pointer: pointer, at: at)
    return Tracker(id: try required(id, "id", of: "tracker", pointer),
                   kind: try required(kind, "kind", of: "tracker", pointer),
                   name: try required(name, "name", of: "tracker", pointer),
                   categoryId: try required(categoryId, "categoryId", of: "tracker", pointer),
                   emoji: emoji, color: color, schedule: schedule, date: date, pinned: pinned,
                   createdOn: createdOn, archived: archived, description: description, goal: details.goal,
                   frequency: details.frequency, reminders: details.reminders, extras: details.extras)
  }

  func readRecord(index: Int) throws -> TrackerRecord {
    func pointer() -> String { "/records/\(index)" }
    let at = position()
    locator.records.append(at)
    var trackerId: String?, date: LocalDate?, amount: Double?, note: String?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer()) { name, value in
      if name == names.trackerId {
        trackerId = value.starts(with: XMLText.base64Prefix) ? try text(value) : interner.intern(value)
      } else if name == names.date {
        date = try day(value, pointer: pointer() + "/date")
      } else if name == names.amount {
        amount = try number(value, pointer: pointer() + "/amount")
      } else if name == names.note {
        note = try text(value)
      } else {
        return false
      }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer(), at: at)
    return TrackerRecord(trackerId: try required(trackerId, "trackerId", of: "record", pointer()),
                         date: try required(date, "date", of: "record", pointer()), amount: amount, note: note,
                         extras: extras)
  }

  func readTask(index: Int) throws -> PlanTask {
    let pointer = "/tasks/\(index)"
    let at = position()
    locator.tasks.append(at)
    var id: String?, title: String?, description: String?, color: String?, category = TaskCategory.none.rawValue
    var start: LocalDateTime?, end: LocalDateTime?, done = false, position = index
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { name, value in
      if name == names.id { id = try text(value) }
      else if name == names.title { title = try text(value) }
      else if name == names.description { description = try text(value) }
      else if name == names.color { color = try text(value) }
      else if name == names.category { category = try text(value) }
      else if name == names.start { start = try localTime(value, pointer: pointer + "/start") }
      else if name == names.end { end = try localTime(value, pointer: pointer + "/end") }
      else if name == names.done { done = try boolean(value, pointer: pointer + "/done") }
      else if name == names.position { position = try integer(value, "position", pointer: pointer + "/position") }
      else { return false }
      return true
    }
    var reminders: [LocalDateTime] = [], attachments: [TaskAttachment] = []
    var extras: Extras?
    if !cursor.isEmptyElement {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: pointer) }
        if name == names.reminder {
          var at: LocalDateTime?
          try attributes(&unknown, pointer: pointer + "/reminders/\(reminders.count)") { name, value in
            guard name == names.at else { return false }
            at = try localTime(value, pointer: pointer + "/reminders/\(reminders.count)")
            return true
          }
          reminders.append(try required(at, "at", of: "reminder", pointer + "/reminders/\(reminders.count)"))
          try skipContent(&unknown, pointer: pointer)
        } else if name == names.attachment {
          let where_ = pointer + "/attachments/\(attachments.count)"
          var file: String?, uri: String?
          try attributes(&unknown, pointer: where_) { name, value in
            if name == names.name { file = try text(value) } else if name == names.uri { uri = try text(value) } else { return false }
            return true
          }
          attachments.append(TaskAttachment(name: try required(file, "name", of: "attachment", where_),
                                            uri: try required(uri, "uri", of: "attachment", where_)))
          try skipContent(&unknown, pointer: pointer)
        } else if name == names.extras {
          extras = try readExtras(pointer: pointer + "/extras")
        } else {
          try unknownElement(&unknown, pointer: pointer)
        }
      }
    }
    let merged = try unknown.merged(into: extras ?? [:], at: at, pointer: pointer + "/extras", fileName: fileName)
    return PlanTask(id: try required(id, "id", of: "task", pointer), title: try required(title, "title", of: "task", pointer),
                    description: description, color: color, category: category, start: start, end: end,
                    done: done, reminders: reminders, attachments: attachments, position: position, extras: merged)
  }

  /// The children of an entity with no children of its own but `<extras>` (and unknown ones),
  /// and its extras with the unknown XML merged in.
  func entityTail(_ unknown: inout XMLUnknowns, pointer: @autoclosure () -> String, at: XMLPosition) throws -> Extras {
    var extras: Extras?
    if !cursor.isEmptyElement {
      try children { name in
        if inOurNamespace, name == names.extras {
          extras = try readExtras(pointer: pointer() + "/extras")
        } else {
          try unknownElement(&unknown, pointer: pointer())
        }
      }
    }
    return try unknown.merged(into: extras ?? [:], at: at, pointer: pointer() + "/extras", fileName: fileName)
  }

  func readExtras(pointer: String) throws -> Extras {
    var text: [UInt8] = []
    if !cursor.isEmptyElement {
      let depth = cursor.depth
      while true {
        guard try cursor.advance() else { throw fail("the document ends inside <extras>") }
        let kind = cursor.kind
        if kind == .endElement, cursor.depth == depth { break }
        if kind == .element { throw fail("<extras> holds JSON text, not elements", pointer: pointer) }
        if kind == .text, let value = cursor.text { text.append(contentsOf: value) }
      }
    }
    return try XMLExtras.parse(String(decoding: text, as: UTF8.self)) { fail($0, pointer: pointer) }
  }

  // MARK: - Values

  func text(_ value: UnsafeRawBufferPointer) throws -> String {
    guard let decoded = XMLText.decodeAttribute(value) else {
      throw fail("a value starting with \(XMLText.base64Marker) is not base64 of UTF-8 text")
    }
    return decoded
  }

  func day(_ value: UnsafeRawBufferPointer, pointer: @autoclosure () -> String) throws -> LocalDate {
    guard let day = LocalDate(utf8: value) else {
      throw fail("\"\(String(decoding: value, as: UTF8.self))\" is not a day (YYYY-MM-DD)", pointer: pointer())
    }
    return day
  }

  func localTime(_ value: UnsafeRawBufferPointer, pointer: @autoclosure () -> String) throws -> LocalDateTime {
    guard let time = LocalDateTime(utf8: value) else {
      throw fail("\"\(String(decoding: value, as: UTF8.self))\" is not a local time (YYYY-MM-DDTHH:MM)", pointer: pointer())
    }
    return time
  }

  /// An integer attribute; `attribute` names it in the error.
  func integer(_ value: UnsafeRawBufferPointer, _ attribute: String, pointer: @autoclosure () -> String) throws -> Int {
    guard let parsed = Int(String(decoding: value, as: UTF8.self)) else {
      throw fail("\(attribute) must be an integer", pointer: pointer())
    }
    return parsed
  }

  func boolean(_ value: UnsafeRawBufferPointer, pointer: @autoclosure () -> String) throws -> Bool {
    switch String(decoding: value, as: UTF8.self) {
    case "true": return true
    case "false": return false
    default: throw fail("must be true or false", pointer: pointer())
    }
  }

  func weekdays(_ value: UnsafeRawBufferPointer, pointer: @autoclosure () -> String) throws -> [Weekday] {
    try String(decoding: value, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .map { token in
        guard let day = Weekday(rawValue: String(token)) else {
          throw fail("\"\(token)\" is not a weekday (mon ... sun)", pointer: pointer())
        }
        return day
      }
  }

  func required<T>(_ value: T?, _ attribute: String, of element: String, _ pointer: @autoclosure () -> String) throws -> T {
    guard let value else { throw fail("<\(element)> has no \(attribute) attribute", pointer: pointer()) }
    return value
  }
}
