import TrackerCodec
import TrackerModel

/// Writes a dataset as canonical JSON: keys in the documented order, 2-space indent, one line
/// per record, entry, attachment and reminder, short scalar arrays on one line, a trailing
/// newline.
///
/// The same dataset always gives the same bytes: `extras` namespaces are sorted, and unknown
/// keys kept from a JSON source (`extras["json"]`) go back inline, in their order, just before
/// the `extras` key. The version written is the dataset's ``TrackerDataset/formatVersionNeeded``:
/// a dataset that uses nothing of version 2 is written as version 1, byte for byte as before
/// version 2 existed (its `extras["json"]` may then hold keys version 2 defines, which go back
/// inline as the unknown keys they are in version 1).
struct JSONDatasetWriter {
  /// The bytes written so far, handed to the sink in chunks.
  var out: JSONOutputBuffer
  /// The known keys of the version written, set by ``write(_:)``.
  var keys = JSONKeyTables.forVersion(1)
  /// Day numbers `YYYY-MM-DD` can write: 0001-01-01 ... 9999-12-31.
  private static let validDays = (LocalDate(year: 1, month: 1, day: 1)?.dayNumber ?? 0)
    ... (LocalDate(year: 9999, month: 12, day: 31)?.dayNumber ?? 0)

  init(_ sink: ByteWriter) {
    out = JSONOutputBuffer(sink)
  }

  /// Writes the document and hands every byte to the sink.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a value JSON cannot carry as the
  ///   format says: a day outside years 1–9999, an amount or a goal's target that is infinite
  ///   or not a number, or an `extras` number that is not a JSON number.
  mutating func write(_ dataset: TrackerDataset) throws {
    keys = JSONKeyTables.forVersion(dataset.formatVersionNeeded)
    out.raw("{\n  \"trackport\": ")
    out.int(keys.version)
    out.raw(",\n  \"categories\": ")
    try entities(dataset.categories) { w, category, i in
      try w.category(category, "/categories/\(i)")
    }
    out.raw(",\n  \"trackers\": ")
    try entities(dataset.trackers) { w, tracker, i in
      try w.tracker(tracker, "/trackers/\(i)")
    }
    out.raw(",\n  \"records\": ")
    try records(dataset.records)
    if !dataset.entries.isEmpty {
      out.raw(",\n  \"entries\": ")
      try entries(dataset.entries)
    }
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
    let (inline, namespaces) = JSONDatasetWriter.split(dataset.extras, known: keys.root)
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

  mutating func key(_ name: StaticString, first: Bool = false) {
    out.raw(first ? "\n      \"" : ",\n      \"")
    out.raw(name)
    out.raw("\": ")
  }

  private mutating func category(_ category: TrackerCategory, _ pointer: @autoclosure () -> String) throws {
    key("id", first: true)
    out.string(category.id)
    key("title")
    out.string(category.title)
    try entityExtras(category.extras, known: JSONDatasetReader.categoryKeys[...], pointer: pointer())
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
      weekdays(schedule)
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
    guard tracker.usesVersion2 else {
      return try entityExtras(tracker.extras, known: keys.tracker, pointer: pointer())
    }
    var extras = tracker.extras
    try trackerVersion2(tracker, extras: &extras, pointer())
    try entityExtras(extras, known: keys.tracker, pointer: pointer())
  }

  /// Records, one per line. The tracker id's escaped bytes are reused while it repeats.
  private mutating func records(_ records: [TrackerRecord]) throws {
    guard !records.isEmpty else { return out.raw("[]") }
    out.byte(UInt8(ascii: "["))
    for (i, record) in records.enumerated() {
      try lineStart(i, record.trackerId, record.date, "/records/\(i)/date")
      if record.amount != nil || record.note != nil {
        try amountAndNote(record.amount, record.note, "/records/\(i)")
      }
      if !record.extras.isEmpty {
        try lineExtras(record.extras, known: keys.record, pointer: "/records/\(i)")
      }
      out.raw(" }")
      out.countItem()
      out.flushIfFull()
    }
    out.raw("\n  ]")
  }

  /// The start of the `i`th line of records or entries: `{ "trackerId": "…", "date": "…"`.
  @inline(__always)
  mutating func lineStart(_ i: Int, _ trackerId: String, _ date: LocalDate,
                          _ datePointer: @autoclosure () -> String) throws {
    out.raw(i == 0 ? "\n    { \"trackerId\": " : ",\n    { \"trackerId\": ")
    out.string(trackerId)
    out.raw(", \"date\": ")
    try self.date(date, datePointer())
  }

  /// The extras of a one-line object (a record, an entry): unknown keys back inline, then
  /// the other namespaces under `"extras"`.
  mutating func lineExtras(_ extras: Extras, known: ArraySlice<StaticString>, pointer: @autoclosure () -> String) throws {
    let (inline, namespaces) = JSONDatasetWriter.split(extras, known: known)
    try inlineMembers(inline, pointer: pointer())
    if !namespaces.isEmpty {
      out.raw(", \"extras\": ")
      try compact(.object(namespaces.map { JSONMember($0.0, $0.1) }), pointer: pointer() + "/extras")
    }
  }

  /// Members written after others on one line: `, "key": value` each.
  mutating func inlineMembers(_ members: [JSONMember], pointer: @autoclosure () -> String) throws {
    for member in members {
      out.raw(", ")
      out.string(member.key)
      out.raw(": ")
      try compact(member.value, pointer: pointer() + "/" + JSONPointer.escape(member.key))
    }
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
    let attachmentExtras = JSONDatasetWriter.itemMembers(&extras, key: "attachments", count: task.attachments.count,
                                                         known: JSONDatasetReader.attachmentKeys[...])
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
        try inlineMembers(attachmentExtras?[i] ?? [], pointer: pointer() + "/attachments/\(i)")
        out.raw(" }")
      }
      out.raw("\n      ]")
    }
    key("position")
    out.int(task.position)
    try entityExtras(extras, known: JSONDatasetReader.taskKeys[...], pointer: pointer())
  }

  /// Unknown keys back inline, then the other namespaces under `"extras"`.
  mutating func entityExtras(_ extras: Extras, known: ArraySlice<StaticString>, pointer: String) throws {
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

  /// `["mon", "wed"]` on one line.
  mutating func weekdays(_ days: [Weekday]) {
    out.byte(UInt8(ascii: "["))
    for (i, day) in days.enumerated() {
      if i > 0 { out.raw(", ") }
      out.string(day.rawValue)
    }
    out.byte(UInt8(ascii: "]"))
  }

  mutating func date(_ date: LocalDate, _ pointer: @autoclosure () -> String) throws {
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
}

extension JSONValue {
  fileprivate var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }
}
