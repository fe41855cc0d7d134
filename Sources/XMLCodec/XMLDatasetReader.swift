import CLibXML2
import TrackerCodec
import TrackerModel

#if canImport(Glibc)
import Glibc
#endif

/// Reads TrackerPort XML with libxml2's streaming `xmlTextReader` straight into the model,
/// never building a tree: each element is read once, in document order.
final class XMLDatasetReader {
  typealias Name = UnsafePointer<xmlChar>

  private let handle: XMLReaderHandle
  private let fileName: String
  private var finder: XMLColumnFinder
  private var interner = StringInterner()
  private var pendingResult: Int32?
  private let names: XMLNames
  /// Where each entity starts.
  private(set) var locator: XMLSourceLocator
  /// `unknown-element` and `unknown-attribute` warnings.
  private(set) var warnings: [Diagnostic] = []

  init(_ bytes: UnsafeRawBufferPointer, fileName: String, schema: XMLSchemaHandle?) throws {
    if let offset = XMLProlog.doctypeOffset(bytes) {
      let (line, column) = XMLProlog.lineAndColumn(bytes, at: offset)
      throw CodecError(.malformedInput, "a DOCTYPE is not allowed in TrackerPort XML",
                       location: SourceLocation(file: fileName, line: line, column: column),
                       note: XMLDatasetReader.doctypeNote)
    }
    handle = try XMLReaderHandle(bytes, url: fileName, schema: schema)
    self.fileName = fileName
    finder = XMLColumnFinder(bytes)
    names = XMLNames(handle.reader)
    locator = XMLSourceLocator(fileName: fileName)
  }

  var log: XMLErrorLog { handle.log }
  private var reader: xmlTextReaderPtr { handle.reader }

  static let doctypeNote = "the format uses no DTD and no entities; remove the <!DOCTYPE ...> declaration"

  // MARK: - Document

  func read() throws -> TrackerDataset {
    while true {
      guard try advance() else { throw fail("the document has no root element") }
      let type = nodeType
      if type == XML_READER_TYPE_DOCUMENT_TYPE.rawValue {
        throw fail("a DOCTYPE is not allowed in TrackerPort XML", note: XMLDatasetReader.doctypeNote)
      }
      if type == XML_READER_TYPE_ELEMENT.rawValue { break }
    }
    guard let local = localName, same(local, names.trackport), inOurNamespace else {
      let found = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
      let namespace = xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } ?? "no namespace"
      throw fail("the root element must be <trackport> in namespace \(XMLCodec.namespace)",
                 note: "found <\(found)> in \(namespace)")
    }
    locator.root = position()
    var dataset = TrackerDataset()
    var unknown = XMLUnknowns()
    var version: String?
    try attributes(&unknown, pointer: "") { name, value in
      guard same(name, names.version) else { return false }
      version = String(decoding: value, as: UTF8.self)
      return true
    }
    guard let version else {
      throw fail("the root element has no version attribute", note: "TrackerPort XML 1 has version=\"1\"")
    }
    guard version == "1" else {
      throw fail("format version \(version) is not supported", kind: .unsupportedVersion,
                 note: "this build reads TrackerPort XML version 1")
    }
    var extras: Extras?
    if !isEmpty {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: "") }
        if same(name, names.categories) {
          locator.sections["categories"] = position()
          try children { name in
            guard inOurNamespace, same(name, names.category) else { return try unknownElement(&unknown, pointer: "/categories") }
            dataset.categories.append(try readCategory(index: dataset.categories.count))
          }
        } else if same(name, names.trackers) {
          locator.sections["trackers"] = position()
          try children { name in
            guard inOurNamespace, same(name, names.tracker) else { return try unknownElement(&unknown, pointer: "/trackers") }
            dataset.trackers.append(try readTracker(index: dataset.trackers.count))
          }
        } else if same(name, names.records) {
          locator.sections["records"] = position()
          try children { name in
            guard inOurNamespace, same(name, names.record) else { return try unknownElement(&unknown, pointer: "/records") }
            dataset.records.append(try readRecord(index: dataset.records.count))
          }
        } else if same(name, names.tasks) {
          locator.sections["tasks"] = position()
          try children { name in
            guard inOurNamespace, same(name, names.task) else { return try unknownElement(&unknown, pointer: "/tasks") }
            dataset.tasks.append(try readTask(index: dataset.tasks.count))
          }
        } else if same(name, names.taskCategoryOrder) {
          locator.sections["taskCategoryOrder"] = position()
          var order: [String] = []
          try children { name in
            guard inOurNamespace, same(name, names.category) else {
              return try unknownElement(&unknown, pointer: "/taskCategoryOrder")
            }
            var value: String?
            var ignored = XMLUnknowns()
            try attributes(&ignored, pointer: "/taskCategoryOrder/\(order.count)") { name, bytes in
              guard same(name, names.name) else { return false }
              value = try text(bytes)
              return true
            }
            unknown.attributes += ignored.attributes
            guard let value else { throw fail("a task category has no name attribute") }
            order.append(value)
            try skipContent(&unknown, pointer: "/taskCategoryOrder")
          }
          dataset.taskCategoryOrder = order
        } else if same(name, names.extras) {
          extras = try readExtras(pointer: "/extras")
        } else {
          try unknownElement(&unknown, pointer: "")
        }
      }
    }
    dataset.extras = try unknown.merged(into: extras ?? [:], at: locator.root, pointer: "/extras", fileName: fileName)
    while try advance() {}
    return dataset
  }

  // MARK: - Entities

  private func readCategory(index: Int) throws -> TrackerCategory {
    let pointer = "/categories/\(index)"
    let at = position()
    locator.categories.append(at)
    var id: String?, title: String?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { name, value in
      if same(name, names.id) { id = try text(value) } else if same(name, names.title) { title = try text(value) } else { return false }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer, at: at)
    return TrackerCategory(id: try required(id, "id", of: "category", pointer),
                           title: try required(title, "title", of: "category", pointer), extras: extras)
  }

  private func readTracker(index: Int) throws -> Tracker {
    let pointer = "/trackers/\(index)"
    let at = position()
    locator.trackers.append(at)
    var id: String?, kind: TrackerKind?, name: String?, categoryId: String?, emoji: String?, color: String?
    var schedule: [Weekday]?, date: LocalDate?, pinned = false, createdOn: LocalDate?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { attribute, value in
      if same(attribute, names.id) { id = try text(value) }
      else if same(attribute, names.kind) {
        guard let parsed = TrackerKind(rawValue: String(decoding: value, as: UTF8.self)) else {
          throw fail("kind must be habit or event", pointer: pointer + "/kind")
        }
        kind = parsed
      }
      else if same(attribute, names.name) { name = try text(value) }
      else if same(attribute, names.categoryId) { categoryId = try text(value) }
      else if same(attribute, names.emoji) { emoji = try text(value) }
      else if same(attribute, names.color) { color = try text(value) }
      else if same(attribute, names.schedule) { schedule = try weekdays(value, pointer: pointer + "/schedule") }
      else if same(attribute, names.date) { date = try day(value, pointer: pointer + "/date") }
      else if same(attribute, names.pinned) { pinned = try boolean(value, pointer: pointer + "/pinned") }
      else if same(attribute, names.createdOn) { createdOn = try day(value, pointer: pointer + "/createdOn") }
      else { return false }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer, at: at)
    return Tracker(id: try required(id, "id", of: "tracker", pointer),
                   kind: try required(kind, "kind", of: "tracker", pointer),
                   name: try required(name, "name", of: "tracker", pointer),
                   categoryId: try required(categoryId, "categoryId", of: "tracker", pointer),
                   emoji: emoji, color: color, schedule: schedule, date: date, pinned: pinned,
                   createdOn: createdOn, extras: extras)
  }

  private func readRecord(index: Int) throws -> TrackerRecord {
    let pointer = "/records/\(index)"
    let at = position()
    locator.records.append(at)
    var trackerId: String?, date: LocalDate?
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { name, value in
      if same(name, names.trackerId) {
        trackerId = value.starts(with: XMLText.base64Prefix) ? try text(value) : interner.intern(value)
      } else if same(name, names.date) {
        date = try day(value, pointer: pointer + "/date")
      } else {
        return false
      }
      return true
    }
    let extras = try entityTail(&unknown, pointer: pointer, at: at)
    return TrackerRecord(trackerId: try required(trackerId, "trackerId", of: "record", pointer),
                         date: try required(date, "date", of: "record", pointer), extras: extras)
  }

  private func readTask(index: Int) throws -> PlanTask {
    let pointer = "/tasks/\(index)"
    let at = position()
    locator.tasks.append(at)
    var id: String?, title: String?, description: String?, color: String?, category = TaskCategory.none.rawValue
    var start: LocalDateTime?, end: LocalDateTime?, done = false, position = index
    var unknown = XMLUnknowns()
    try attributes(&unknown, pointer: pointer) { name, value in
      if same(name, names.id) { id = try text(value) }
      else if same(name, names.title) { title = try text(value) }
      else if same(name, names.description) { description = try text(value) }
      else if same(name, names.color) { color = try text(value) }
      else if same(name, names.category) { category = try text(value) }
      else if same(name, names.start) { start = try localTime(value, pointer: pointer + "/start") }
      else if same(name, names.end) { end = try localTime(value, pointer: pointer + "/end") }
      else if same(name, names.done) { done = try boolean(value, pointer: pointer + "/done") }
      else if same(name, names.position) {
        guard let parsed = Int(String(decoding: value, as: UTF8.self)) else {
          throw fail("position must be an integer", pointer: pointer + "/position")
        }
        position = parsed
      }
      else { return false }
      return true
    }
    var reminders: [LocalDateTime] = [], attachments: [TaskAttachment] = []
    var extras: Extras?
    if !isEmpty {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: pointer) }
        if same(name, names.reminder) {
          var at: LocalDateTime?
          try attributes(&unknown, pointer: pointer + "/reminders/\(reminders.count)") { name, value in
            guard same(name, names.at) else { return false }
            at = try localTime(value, pointer: pointer + "/reminders/\(reminders.count)")
            return true
          }
          reminders.append(try required(at, "at", of: "reminder", pointer + "/reminders/\(reminders.count)"))
          try skipContent(&unknown, pointer: pointer)
        } else if same(name, names.attachment) {
          let where_ = pointer + "/attachments/\(attachments.count)"
          var file: String?, uri: String?
          try attributes(&unknown, pointer: where_) { name, value in
            if same(name, names.name) { file = try text(value) } else if same(name, names.uri) { uri = try text(value) } else { return false }
            return true
          }
          attachments.append(TaskAttachment(name: try required(file, "name", of: "attachment", where_),
                                            uri: try required(uri, "uri", of: "attachment", where_)))
          try skipContent(&unknown, pointer: pointer)
        } else if same(name, names.extras) {
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
  private func entityTail(_ unknown: inout XMLUnknowns, pointer: String, at: XMLPosition) throws -> Extras {
    var extras: Extras?
    if !isEmpty {
      try children { name in
        if inOurNamespace, same(name, names.extras) {
          extras = try readExtras(pointer: pointer + "/extras")
        } else {
          try unknownElement(&unknown, pointer: pointer)
        }
      }
    }
    return try unknown.merged(into: extras ?? [:], at: at, pointer: pointer + "/extras", fileName: fileName)
  }

  private func readExtras(pointer: String) throws -> Extras {
    var text: [UInt8] = []
    if !isEmpty {
      let depth = xmlTextReaderDepth(reader)
      while true {
        guard try advance() else { throw fail("the document ends inside <extras>") }
        let type = nodeType
        if type == XML_READER_TYPE_END_ELEMENT.rawValue, xmlTextReaderDepth(reader) == depth { break }
        if type == XML_READER_TYPE_ELEMENT.rawValue { throw fail("<extras> holds JSON text, not elements", pointer: pointer) }
        if let value = xmlTextReaderConstValue(reader) {
          text.append(contentsOf: UnsafeRawBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
        }
      }
    }
    return try XMLExtras.parse(String(decoding: text, as: UTF8.self)) { fail($0, pointer: pointer) }
  }

  // MARK: - Values

  private func text(_ value: UnsafeRawBufferPointer) throws -> String {
    guard let decoded = XMLText.decodeAttribute(value) else {
      throw fail("a value starting with \(XMLText.base64Marker) is not base64 of UTF-8 text")
    }
    return decoded
  }

  private func day(_ value: UnsafeRawBufferPointer, pointer: String) throws -> LocalDate {
    guard let day = LocalDate(utf8: value) else {
      throw fail("\"\(String(decoding: value, as: UTF8.self))\" is not a day (YYYY-MM-DD)", pointer: pointer)
    }
    return day
  }

  private func localTime(_ value: UnsafeRawBufferPointer, pointer: String) throws -> LocalDateTime {
    guard let time = LocalDateTime(utf8: value) else {
      throw fail("\"\(String(decoding: value, as: UTF8.self))\" is not a local time (YYYY-MM-DDTHH:MM)", pointer: pointer)
    }
    return time
  }

  private func boolean(_ value: UnsafeRawBufferPointer, pointer: String) throws -> Bool {
    switch String(decoding: value, as: UTF8.self) {
    case "true": return true
    case "false": return false
    default: throw fail("must be true or false", pointer: pointer)
    }
  }

  private func weekdays(_ value: UnsafeRawBufferPointer, pointer: String) throws -> [Weekday] {
    try String(decoding: value, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
      .map { token in
        guard let day = Weekday(rawValue: String(token)) else {
          throw fail("\"\(token)\" is not a weekday (mon ... sun)", pointer: pointer)
        }
        return day
      }
  }

  private func required<T>(_ value: T?, _ attribute: String, of element: String, _ pointer: String) throws -> T {
    guard let value else { throw fail("<\(element)> has no \(attribute) attribute", pointer: pointer) }
    return value
  }

  // MARK: - Reading

  /// Moves to the next node; false at the end of the document.
  private func advance() throws -> Bool {
    let result: Int32
    if let pending = pendingResult {
      pendingResult = nil
      result = pending
    } else {
      result = xmlTextReaderRead(reader)
    }
    if result < 0 { throw parseFailure() }
    return result == 1
  }

  /// Calls `body` for each child element of the current (start) element, positioned on it;
  /// `body` consumes the child. Returns on the element's end tag.
  private func children(_ body: (Name) throws -> Void) throws {
    guard !isEmpty else { return }
    let depth = xmlTextReaderDepth(reader)
    while true {
      guard try advance() else { throw fail("the document ends before the element is closed") }
      let type = nodeType
      if type == XML_READER_TYPE_END_ELEMENT.rawValue, xmlTextReaderDepth(reader) == depth { return }
      if type == XML_READER_TYPE_ELEMENT.rawValue, let name = localName { try body(name) }
    }
  }

  /// Keeps the current element (and its content) as unknown XML and moves past it.
  private func unknownElement(_ unknown: inout XMLUnknowns, pointer: String) throws {
    let at = position()
    let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? "?"
    guard let outer = xmlTextReaderReadOuterXml(reader) else { throw parseFailure() }
    let xml = String(cString: outer)
    // libxml2's allocator is malloc unless a program changes it (TrackerPort never does).
    free(outer)
    unknown.elements.append(.string(xml))
    warnings.append(Diagnostic(code: XMLCodec.unknownElement.code, severity: .warning,
                               message: "unknown element <\(name)> kept in extras",
                               location: SourceLocation(file: fileName, pointer: pointer, line: Int(at.line),
                                                        column: at.column > 0 ? Int(at.column) : nil)))
    pendingResult = xmlTextReaderNext(reader)
  }

  /// Moves past the content of an element that must have none, keeping unknown children.
  private func skipContent(_ unknown: inout XMLUnknowns, pointer: String) throws {
    guard !isEmpty else { return }
    try children { _ in try unknownElement(&unknown, pointer: pointer) }
  }

  /// Visits the current element's attributes; `body` says whether it knew one. Unknown
  /// attributes (and those in another namespace) are kept and warned about.
  private func attributes(_ unknown: inout XMLUnknowns, pointer: String,
                          _ body: (Name, UnsafeRawBufferPointer) throws -> Bool) throws {
    guard xmlTextReaderHasAttributes(reader) == 1 else { return }
    let line = lineOfNode
    defer { xmlTextReaderMoveToElement(reader) }
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      if xmlTextReaderIsNamespaceDecl(reader) == 1 { continue }
      guard let name = localName, let raw = xmlTextReaderConstValue(reader) else { continue }
      let value = UnsafeRawBufferPointer(start: raw, count: strlen(UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self)))
      if xmlTextReaderConstNamespaceUri(reader) == nil, try body(name, value) { continue }
      let qname = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? "?"
      unknown.attributes.append(JSONMember(qname, .string(String(decoding: value, as: UTF8.self))))
      warnings.append(Diagnostic(code: XMLCodec.unknownAttribute.code, severity: .warning,
                                 message: "unknown attribute \(qname) kept in extras",
                                 location: SourceLocation(file: fileName, pointer: pointer, line: line > 0 ? line : nil)))
    }
  }

  // MARK: - Node facts

  private var nodeType: UInt32 { UInt32(bitPattern: xmlTextReaderNodeType(reader)) }
  private var isEmpty: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
  private var localName: Name? { xmlTextReaderConstLocalName(reader) }
  private var inOurNamespace: Bool {
    guard let uri = xmlTextReaderConstNamespaceUri(reader) else { return false }
    return same(uri, names.namespace)
  }

  private var lineOfNode: Int {
    guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
    return Int(xmlGetLineNo(node))
  }

  /// The current element's start: line and column.
  private func position() -> XMLPosition {
    let limit = lineOfNode
    guard let qname = xmlTextReaderConstName(reader) else { return XMLPosition(line: Int32(clamping: limit), column: 0) }
    let bytes = UnsafeRawBufferPointer(start: qname, count: strlen(UnsafeRawPointer(qname).assumingMemoryBound(to: CChar.self)))
    return finder.next(bytes, limit: limit)
  }

  @inline(__always)
  private func same(_ a: Name, _ b: Name) -> Bool {
    a == b || strcmp(UnsafeRawPointer(a).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(b).assumingMemoryBound(to: CChar.self)) == 0
  }

  // MARK: - Errors

  private func fail(_ message: String, kind: CodecError.Kind = .malformedInput, pointer: String? = nil,
                    note: String? = nil) -> CodecError {
    let line = lineOfNode
    return CodecError(kind, message, location: SourceLocation(file: fileName, pointer: pointer, line: line > 0 ? line : nil),
                      note: note)
  }

  private func parseFailure() -> CodecError {
    let entry = log.firstError ?? xmlGetLastError().map { error in
      XMLErrorLog.Entry(message: error.pointee.message.map { String(cString: $0).trimmingSpace() } ?? "malformed XML",
                        line: error.pointee.line > 0 ? Int(error.pointee.line) : nil,
                        column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil)
    }
    return CodecError(.malformedInput, entry?.message ?? "malformed XML",
                      location: SourceLocation(file: fileName, line: entry?.line, column: entry?.column))
  }
}
