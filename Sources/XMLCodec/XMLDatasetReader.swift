internal import CLibXML2
import TrackerCodec
import TrackerModel

#if canImport(Glibc)
import Glibc
#endif

/// Reads TrackerPort XML with libxml2's streaming `xmlTextReader` straight into the model,
/// never building a tree: each element is read once, in document order.
final class XMLDatasetReader {
  typealias Name = UnsafePointer<xmlChar>

  let handle: XMLReaderHandle
  let fileName: String
  var finder: XMLColumnFinder
  var interner = StringInterner()
  var pendingResult: Int32?
  /// The last element start found: where errors about its attributes point.
  var lastPosition: XMLPosition?
  let names: XMLNames
  /// Where each entity starts.
  var locator: XMLSourceLocator
  /// `unknown-element` and `unknown-attribute` warnings.
  private(set) var warnings: [Diagnostic] = []
  /// Told the bytes consumed and items read every few thousand items, for a progress display.
  var progress: ProgressMeter?

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
  var reader: xmlTextReaderPtr { handle.reader }

  static let doctypeNote = "the format uses no DTD and no entities; remove the <!DOCTYPE ...> declaration"
  /// The versions this build reads, for an error about the root's `version`.
  static let versionNote = "this build reads TrackerPort XML with "
    + TrackerDataset.formatVersions.map { "version=\"\($0)\"" }.joined(separator: " or ")

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
    locator.root = position()
    guard let local = localName, same(local, names.trackport), inOurNamespace else {
      let found = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
      let namespace = xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } ?? "no namespace"
      throw fail("the root element must be <trackport> in namespace \(XMLCodec.namespace)",
                 note: "found <\(found)> in \(namespace)")
    }
    var dataset = TrackerDataset()
    var unknown = XMLUnknowns()
    var version: String?
    try attributes(&unknown, pointer: "") { name, value in
      guard same(name, names.version) else { return false }
      version = String(decoding: value, as: UTF8.self)
      return true
    }
    // At the root's `<`, even when its start tag spans lines.
    let root = SourceLocation(file: fileName, line: Int(locator.root.line),
                              column: locator.root.column > 0 ? Int(locator.root.column) : nil)
    guard let version else {
      throw CodecError(.malformedInput, "the root element has no version attribute", location: root,
                       note: XMLDatasetReader.versionNote)
    }
    guard let number = Int(version), String(number) == version,
          TrackerDataset.formatVersions.contains(number) else {
      throw CodecError(.unsupportedVersion, "format version \(version) is not supported", location: root,
                       note: XMLDatasetReader.versionNote)
    }
    var extras: Extras?
    if !isEmpty {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: "") }
        if same(name, names.categories) {
          try readSection("categories", of: names.category, into: &dataset.categories, unknown: &unknown, read: readCategory)
        } else if same(name, names.trackers) {
          try readSection("trackers", of: names.tracker, into: &dataset.trackers, unknown: &unknown, read: readTracker)
        } else if same(name, names.records) {
          try readSection("records", of: names.record, into: &dataset.records, unknown: &unknown, read: readRecord)
        } else if same(name, names.entries) {
          try readSection("entries", of: names.entry, into: &dataset.entries, unknown: &unknown, read: readEntry)
        } else if same(name, names.tasks) {
          try readSection("tasks", of: names.task, into: &dataset.tasks, unknown: &unknown, read: readTask)
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

  // MARK: - Reading

  /// Moves to the next node; false at the end of the document.
  func advance() throws -> Bool {
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
  /// One list section (`<trackers>` of `<tracker>`s): its place for the locator, then each
  /// child element read by `read` (given its index), anything else kept as unknown XML.
  func readSection<T>(_ section: String, of element: Name, into list: inout [T], unknown: inout XMLUnknowns,
                      read: (Int) throws -> T) throws {
    locator.sections[section] = position()
    try children { name in
      guard inOurNamespace, same(name, element) else { return try unknownElement(&unknown, pointer: "/" + section) }
      list.append(try read(list.count))
      if list.count & 4095 == 0, let progress {
        progress.reached(bytes: Int(xmlTextReaderByteConsumed(reader)), items: list.count)
      }
    }
  }

  func children(_ body: (Name) throws -> Void) throws {
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
  func unknownElement(_ unknown: inout XMLUnknowns, pointer: String) throws {
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
  func skipContent(_ unknown: inout XMLUnknowns, pointer: String) throws {
    guard !isEmpty else { return }
    try children { _ in try unknownElement(&unknown, pointer: pointer) }
  }

  /// Visits the current element's attributes; `body` says whether it knew one. Unknown
  /// attributes (and those in another namespace) are kept and warned about.
  func attributes(_ unknown: inout XMLUnknowns, pointer: @autoclosure () -> String,
                          _ body: (Name, UnsafeRawBufferPointer) throws -> Bool) throws {
    guard xmlTextReaderHasAttributes(reader) == 1 else { return }
    let line = lineOfNode
    // The element's start, when it was just found on this line; else the line alone.
    var place: (line: Int?, column: Int?) = (line > 0 ? line : nil, nil)
    if let last = lastPosition, Int(last.line) == line, last.column > 0 { place = (line, Int(last.column)) }
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
                                 location: SourceLocation(file: fileName, pointer: pointer(), line: place.line,
                                                          column: place.column)))
    }
  }

  // MARK: - Node facts

  var nodeType: UInt32 { UInt32(bitPattern: xmlTextReaderNodeType(reader)) }
  var isEmpty: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
  var localName: Name? { xmlTextReaderConstLocalName(reader) }
  var inOurNamespace: Bool {
    guard let uri = xmlTextReaderConstNamespaceUri(reader) else { return false }
    return same(uri, names.namespace)
  }

  var lineOfNode: Int {
    guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
    return Int(xmlGetLineNo(node))
  }

  /// The current element's start: line and column.
  func position() -> XMLPosition {
    let limit = lineOfNode
    guard let qname = xmlTextReaderConstName(reader) else { return XMLPosition(line: Int32(clamping: limit), column: 0) }
    let bytes = UnsafeRawBufferPointer(start: qname, count: strlen(UnsafeRawPointer(qname).assumingMemoryBound(to: CChar.self)))
    let found = finder.next(bytes, limit: limit)
    lastPosition = found
    return found
  }

  @inline(__always)
  func same(_ a: Name, _ b: Name) -> Bool {
    a == b || strcmp(UnsafeRawPointer(a).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(b).assumingMemoryBound(to: CChar.self)) == 0
  }

  // MARK: - Errors

  func fail(_ message: String, kind: CodecError.Kind = .malformedInput, pointer: String? = nil,
                    note: String? = nil) -> CodecError {
    // On an attribute libxml2 knows no line: use its element's start, found just before.
    var line: Int? = lineOfNode > 0 ? lineOfNode : nil, column: Int?
    if let last = lastPosition, nodeType == XML_READER_TYPE_ATTRIBUTE.rawValue || line == Int(last.line) {
      line = Int(last.line)
      column = last.column > 0 ? Int(last.column) : nil
    }
    return CodecError(kind, message, location: SourceLocation(file: fileName, pointer: pointer, line: line, column: column),
                      note: note)
  }

  func parseFailure() -> CodecError {
    let entry = log.firstError ?? xmlGetLastError().map { error in
      XMLErrorLog.Entry(message: error.pointee.message.map { String(cString: $0).trimmingSpace() } ?? "malformed XML",
                        line: error.pointee.line > 0 ? Int(error.pointee.line) : nil,
                        column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil)
    }
    return CodecError(.malformedInput, entry?.message ?? "malformed XML",
                      location: SourceLocation(file: fileName, line: entry?.line, column: entry?.column))
  }
}
