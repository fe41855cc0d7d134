import TrackerCodec
import TrackerModel

/// Writes a dataset as canonical JSON: keys in the documented order, 2-space indent, one line
/// per record and per attachment, short scalar arrays on one line, a trailing newline.
///
/// The same dataset always gives the same bytes: `extras` namespaces are sorted, and unknown
/// keys kept from a JSON source (`extras["json"]`) go back inline, in their order, just before
/// the `extras` key.
struct JSONDatasetWriter {
  private var out: JSONOutputBuffer
  /// Day numbers `YYYY-MM-DD` can write: 0001-01-01 ... 9999-12-31.
  private static let validDays = (LocalDate(year: 1, month: 1, day: 1)?.dayNumber ?? 0)
    ... (LocalDate(year: 9999, month: 12, day: 31)?.dayNumber ?? 0)

  init(_ sink: ByteWriter) {
    out = JSONOutputBuffer(sink)
  }

  /// Writes the document and hands every byte to the sink.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value JSON cannot carry as the
  ///   format says: a day outside years 1–9999, or an `extras` number that is not a JSON number.
  mutating func write(_ dataset: TrackerDataset) throws {
    out.raw("{\n  \"trackport\": 1,\n  \"categories\": ")
    try entities(dataset.categories) { w, category, i in
      try w.category(category, "/categories/\(i)")
    }
    out.raw(",\n  \"trackers\": ")
    try entities(dataset.trackers) { w, tracker, i in
      try w.tracker(tracker, "/trackers/\(i)")
    }
    out.raw(",\n  \"records\": ")
    try records(dataset.records)
    out.raw(",\n  \"tasks\": ")
    try entities(dataset.tasks) { w, task, i in
      try w.task(task, "/tasks/\(i)")
    }
    out.raw(",\n  \"taskCategoryOrder\": ")
    out.byte(UInt8(ascii: "["))
    for (i, name) in dataset.taskCategoryOrder.enumerated() {
      if i > 0 { out.raw(", ") }
      out.string(name)
    }
    out.byte(UInt8(ascii: "]"))
    let (inline, namespaces) = JSONDatasetWriter.split(dataset.extras, known: JSONDatasetReader.rootKeys)
    for member in inline {
      out.raw(",\n  ")
      out.string(member.key)
      out.raw(": ")
      try value(member.value, indent: 2, pointer: "/" + JSONPointer.escape(member.key))
    }
    out.raw(",\n  \"extras\": ")
    try object(namespaces, indent: 2, pointer: "/extras")
    out.raw("\n}\n")
    out.flush()
  }

  // MARK: Entities

  /// An array of multi-line entity objects at indent 4.
  private mutating func entities<T>(_ items: [T], _ body: (inout JSONDatasetWriter, T, Int) throws -> Void) throws {
    guard !items.isEmpty else { return out.raw("[]") }
    out.byte(UInt8(ascii: "["))
    for (i, item) in items.enumerated() {
      out.raw(i == 0 ? "\n    {" : ",\n    {")
      try body(&self, item, i)
      out.raw("\n    }")
      out.flushIfFull()
    }
    out.raw("\n  ]")
  }

  private mutating func key(_ name: StaticString, first: Bool = false) {
    out.raw(first ? "\n      \"" : ",\n      \"")
    out.raw(name)
    out.raw("\": ")
  }

  private mutating func category(_ category: TrackerCategory, _ pointer: @autoclosure () -> String) throws {
    key("id", first: true)
    out.string(category.id)
    key("title")
    out.string(category.title)
    try entityExtras(category.extras, known: JSONDatasetReader.categoryKeys, pointer: pointer())
  }

  private mutating func tracker(_ tracker: Tracker, _ pointer: @autoclosure () -> String) throws {
    key("id", first: true)
    out.string(tracker.id)
    key("kind")
    out.raw(tracker.kind == .habit ? "\"habit\"" : "\"event\"")
    key("name")
    out.string(tracker.name)
    key("categoryId")
    out.string(tracker.categoryId)
    if let emoji = tracker.emoji {
      key("emoji")
      out.string(emoji)
    }
    if let color = tracker.color {
      key("color")
      out.string(color)
    }
    if let schedule = tracker.schedule {
      key("schedule")
      out.byte(UInt8(ascii: "["))
      for (i, day) in schedule.enumerated() {
        if i > 0 { out.raw(", ") }
        out.string(day.rawValue)
      }
      out.byte(UInt8(ascii: "]"))
    }
    if let date = tracker.date {
      key("date")
      try self.date(date, pointer() + "/date")
    }
    key("pinned")
    out.raw(tracker.pinned ? "true" : "false")
    if let createdOn = tracker.createdOn {
      key("createdOn")
      try self.date(createdOn, pointer() + "/createdOn")
    }
    try entityExtras(tracker.extras, known: JSONDatasetReader.trackerKeys, pointer: pointer())
  }

  /// Records, one per line. The tracker id's escaped bytes are reused while it repeats.
  private mutating func records(_ records: [TrackerRecord]) throws {
    guard !records.isEmpty else { return out.raw("[]") }
    out.byte(UInt8(ascii: "["))
    var lastID: String?
    var lastIDBytes: [UInt8] = []
    for (i, record) in records.enumerated() {
      out.raw(i == 0 ? "\n    { \"trackerId\": " : ",\n    { \"trackerId\": ")
      if record.trackerId != lastID {
        lastIDBytes = JSONOutputBuffer.quoted(record.trackerId)
        lastID = record.trackerId
      }
      out.raw(lastIDBytes)
      out.raw(", \"date\": ")
      try date(record.date, "/records/\(i)/date")
      if !record.extras.isEmpty {
        let (inline, namespaces) = JSONDatasetWriter.split(record.extras, known: JSONDatasetReader.recordKeys)
        for member in inline {
          out.raw(", ")
          out.string(member.key)
          out.raw(": ")
          try compact(member.value, pointer: "/records/\(i)/" + JSONPointer.escape(member.key))
        }
        if !namespaces.isEmpty {
          out.raw(", \"extras\": ")
          try compact(.object(namespaces.map { JSONMember($0.0, $0.1) }), pointer: "/records/\(i)/extras")
        }
      }
      out.raw(" }")
      out.countItem()
      out.flushIfFull()
    }
    out.raw("\n  ]")
  }

  private mutating func task(_ task: PlanTask, _ pointer: @autoclosure () -> String) throws {
    key("id", first: true)
    out.string(task.id)
    key("title")
    out.string(task.title)
    if let description = task.description {
      key("description")
      out.string(description)
    }
    if let color = task.color {
      key("color")
      out.string(color)
    }
    key("category")
    out.string(task.category)
    if let start = task.start {
      key("start")
      try dateTime(start, pointer() + "/start")
    }
    if let end = task.end {
      key("end")
      try dateTime(end, pointer() + "/end")
    }
    key("done")
    out.raw(task.done ? "true" : "false")
    key("reminders")
    out.byte(UInt8(ascii: "["))
    for (i, reminder) in task.reminders.enumerated() {
      if i > 0 { out.raw(", ") }
      try dateTime(reminder, pointer() + "/reminders/\(i)")
    }
    out.byte(UInt8(ascii: "]"))
    var extras = task.extras
    let attachmentExtras = JSONDatasetWriter.attachmentMembers(&extras, attachments: task.attachments)
    key("attachments")
    if task.attachments.isEmpty {
      out.raw("[]")
    } else {
      out.byte(UInt8(ascii: "["))
      for (i, attachment) in task.attachments.enumerated() {
        out.raw(i == 0 ? "\n        { \"name\": " : ",\n        { \"name\": ")
        out.string(attachment.name)
        out.raw(", \"uri\": ")
        out.string(attachment.uri)
        for member in attachmentExtras?[i] ?? [] {
          out.raw(", ")
          out.string(member.key)
          out.raw(": ")
          try compact(member.value, pointer: pointer() + "/attachments/\(i)/" + JSONPointer.escape(member.key))
        }
        out.raw(" }")
      }
      out.raw("\n      ]")
    }
    key("position")
    out.int(task.position)
    try entityExtras(extras, known: JSONDatasetReader.taskKeys, pointer: pointer())
  }

  /// Unknown keys back inline, then the other namespaces under `"extras"`.
  private mutating func entityExtras(_ extras: Extras, known: [StaticString], pointer: String) throws {
    guard !extras.isEmpty else { return }
    let (inline, namespaces) = JSONDatasetWriter.split(extras, known: known)
    for member in inline {
      out.raw(",\n      ")
      out.string(member.key)
      out.raw(": ")
      try value(member.value, indent: 6, pointer: pointer + "/" + JSONPointer.escape(member.key))
    }
    if !namespaces.isEmpty {
      out.raw(",\n      \"extras\": ")
      try object(namespaces, indent: 6, pointer: pointer + "/extras")
    }
  }

  // MARK: Values

  private mutating func date(_ date: LocalDate, _ pointer: @autoclosure () -> String) throws {
    guard date.dayNumber >= JSONDatasetWriter.validDays.lowerBound,
          date.dayNumber <= JSONDatasetWriter.validDays.upperBound else {
      throw CodecError(.unsupportedOperation, "a day outside years 1-9999 cannot be written as YYYY-MM-DD",
                       location: SourceLocation(pointer: pointer()))
    }
    out.date(date)
  }

  private mutating func dateTime(_ value: LocalDateTime, _ pointer: @autoclosure () -> String) throws {
    guard value.date.dayNumber >= JSONDatasetWriter.validDays.lowerBound,
          value.date.dayNumber <= JSONDatasetWriter.validDays.upperBound else {
      throw CodecError(.unsupportedOperation, "a day outside years 1-9999 cannot be written as YYYY-MM-DD",
                       location: SourceLocation(pointer: pointer()))
    }
    out.dateTime(value)
  }

  /// A value in pretty form at `indent`: objects and arrays of containers over several lines,
  /// arrays of scalars on one line.
  private mutating func value(_ value: JSONValue, indent: Int, pointer: @autoclosure () -> String) throws {
    switch value {
    case .object(let members):
      try object(members.map { ($0.key, $0.value) }, indent: indent, pointer: pointer())
    case .array(let elements) where elements.contains(where: \.isContainer):
      out.byte(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        out.raw(i == 0 ? "\n" : ",\n")
        out.spaces(indent + 2)
        try self.value(element, indent: indent + 2, pointer: pointer() + "/\(i)")
      }
      out.byte(0x0A)
      out.spaces(indent)
      out.byte(UInt8(ascii: "]"))
    default:
      try compact(value, pointer: pointer())
    }
  }

  private mutating func object(_ members: [(String, JSONValue)], indent: Int, pointer: @autoclosure () -> String) throws {
    guard !members.isEmpty else { return out.raw("{}") }
    out.byte(UInt8(ascii: "{"))
    for (i, (key, member)) in members.enumerated() {
      out.raw(i == 0 ? "\n" : ",\n")
      out.spaces(indent + 2)
      out.string(key)
      out.raw(": ")
      try value(member, indent: indent + 2, pointer: pointer() + "/" + JSONPointer.escape(key))
    }
    out.byte(0x0A)
    out.spaces(indent)
    out.byte(UInt8(ascii: "}"))
  }

  /// A value on one line: `{ "a": 1, "b": [1, 2] }`.
  private mutating func compact(_ value: JSONValue, pointer: @autoclosure () -> String) throws {
    switch value {
    case .null: out.raw("null")
    case .bool(let flag): out.raw(flag ? "true" : "false")
    case .string(let text): out.string(text)
    case .number(let text):
      guard JSONDatasetWriter.isNumber(text) else {
        throw CodecError(.unsupportedOperation, "extras value \(text.debugDescription) is not a JSON number",
                         location: SourceLocation(pointer: pointer()))
      }
      out.verbatim(text)
    case .array(let elements):
      out.byte(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.raw(", ") }
        try compact(element, pointer: pointer() + "/\(i)")
      }
      out.byte(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.raw("{}") }
      out.raw("{ ")
      for (i, member) in members.enumerated() {
        if i > 0 { out.raw(", ") }
        out.string(member.key)
        out.raw(": ")
        try compact(member.value, pointer: pointer() + "/" + JSONPointer.escape(member.key))
      }
      out.raw(" }")
    }
  }

  // MARK: Extras placement

  /// Splits extras into the unknown-key members to write inline and the other namespaces,
  /// sorted. `extras["json"]` goes inline only when reading it back gives it again: a
  /// non-empty object whose keys are unique and none of the object's known keys.
  static func split(_ extras: Extras, known: [StaticString]) -> (inline: [JSONMember], namespaces: [(String, JSONValue)]) {
    var inline: [JSONMember] = []
    var rest = extras
    if case .object(let members)? = extras["json"], canInline(members, known: known) {
      inline = members
      rest["json"] = nil
    }
    return (inline, rest.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  private static func canInline(_ members: [JSONMember], known: [StaticString]) -> Bool {
    guard !members.isEmpty else { return false }
    var keys = JSONKeySet()
    var seen: [String] = []
    for member in members {
      guard keys.insert(member.key, keys: seen) else { return false }
      seen.append(member.key)
      if known.contains(where: { $0.description == member.key }) || member.key == "extras" { return false }
    }
    return true
  }

  /// Takes the attachments' unknown keys out of `extras` when they can go back inline: one
  /// `null` or non-empty object per attachment, not all `null`.
  static func attachmentMembers(_ extras: inout Extras, attachments: [TaskAttachment]) -> [[JSONMember]]? {
    guard case .array(let items)? = extras[JSONDatasetReader.attachmentNamespace],
          items.count == attachments.count, items.contains(where: { $0 != .null }) else { return nil }
    var result: [[JSONMember]] = []
    for item in items {
      switch item {
      case .null: result.append([])
      case .object(let members) where canInline(members, known: JSONDatasetReader.attachmentKeys):
        result.append(members)
      default: return nil
      }
    }
    extras[JSONDatasetReader.attachmentNamespace] = nil
    return result
  }

  /// Whether `text` is a JSON number literal, checked with the reader's own grammar.
  static func isNumber(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      var scanner = JSONScanner(UnsafeRawBufferPointer(utf8))
      guard let first = utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
            (try? scanner.readNumber()) != nil else { return false }
      return scanner.position == utf8.count
    }
  }
}

extension JSONValue {
  fileprivate var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }
}
