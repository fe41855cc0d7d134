import TrackerCodec
import TrackerModel

/// Reads TrackerPort XML through an ``XMLCursor`` (libxml2's streaming reader) straight into
/// the model, never building a tree: each element is read once, in document order.
final class XMLDatasetReader {
  typealias Name = XMLName

  let cursor: XMLCursor
  let fileName: String
  var interner = StringInterner()
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
    cursor = try XMLCursor(bytes, fileName: fileName, schema: schema)
    self.fileName = fileName
    names = XMLNames(cursor)
    locator = XMLSourceLocator(fileName: fileName)
  }

  var log: XMLErrorLog { cursor.log }

  static let doctypeNote = "the format uses no DTD and no entities; remove the <!DOCTYPE ...> declaration"
  /// The versions this build reads, for an error about the root's `version`.
  static let versionNote = "this build reads TrackerPort XML with "
    + TrackerDataset.formatVersions.map { "version=\"\($0)\"" }.joined(separator: " or ")

  // MARK: - Document

  func read() throws -> TrackerDataset {
    while true {
      guard try cursor.advance() else { throw fail("the document has no root element") }
      let kind = cursor.kind
      if kind == .documentType {
        throw fail("a DOCTYPE is not allowed in TrackerPort XML", note: XMLDatasetReader.doctypeNote)
      }
      if kind == .element { break }
    }
    locator.root = position()
    guard let local = cursor.localName, local == names.trackport, inOurNamespace else {
      let found = cursor.localName?.string ?? ""
      let namespace = cursor.namespaceURI?.string ?? "no namespace"
      throw fail("the root element must be <trackport> in namespace \(XMLCodec.namespace)",
                 note: "found <\(found)> in \(namespace)")
    }
    var dataset = TrackerDataset()
    var unknown = XMLUnknowns()
    var version: String?
    try attributes(&unknown, pointer: "") { name, value in
      guard name == names.version else { return false }
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
    if !cursor.isEmptyElement {
      try children { name in
        guard inOurNamespace else { return try unknownElement(&unknown, pointer: "") }
        if name == names.categories {
          try readSection("categories", of: names.category, into: &dataset.categories, unknown: &unknown, read: readCategory)
        } else if name == names.trackers {
          try readSection("trackers", of: names.tracker, into: &dataset.trackers, unknown: &unknown, read: readTracker)
        } else if name == names.records {
          try readSection("records", of: names.record, into: &dataset.records, unknown: &unknown, read: readRecord)
        } else if name == names.entries {
          try readSection("entries", of: names.entry, into: &dataset.entries, unknown: &unknown, read: readEntry)
        } else if name == names.tasks {
          try readSection("tasks", of: names.task, into: &dataset.tasks, unknown: &unknown, read: readTask)
        } else if name == names.taskCategoryOrder {
          locator.sections["taskCategoryOrder"] = position()
          var order: [String] = []
          try children { name in
            guard inOurNamespace, name == names.category else {
              return try unknownElement(&unknown, pointer: "/taskCategoryOrder")
            }
            var value: String?
            var ignored = XMLUnknowns()
            try attributes(&ignored, pointer: "/taskCategoryOrder/\(order.count)") { name, bytes in
              guard name == names.name else { return false }
              value = try text(bytes)
              return true
            }
            unknown.attributes += ignored.attributes
            guard let value else { throw fail("a task category has no name attribute") }
            order.append(value)
            try skipContent(&unknown, pointer: "/taskCategoryOrder")
          }
          dataset.taskCategoryOrder = order
        } else if name == names.extras {
          extras = try readExtras(pointer: "/extras")
        } else {
          try unknownElement(&unknown, pointer: "")
        }
      }
    }
    dataset.extras = try unknown.merged(into: extras ?? [:], at: locator.root, pointer: "/extras", fileName: fileName)
    while try cursor.advance() {}
    return dataset
  }

  // MARK: - Reading

  /// One list section (`<trackers>` of `<tracker>`s): its place for the locator, then each
  /// child element read by `read` (given its index), anything else kept as unknown XML.
  func readSection<T>(_ section: String, of element: Name, into list: inout [T], unknown: inout XMLUnknowns,
                      read: (Int) throws -> T) throws {
    locator.sections[section] = position()
    try children { name in
      guard inOurNamespace, name == element else { return try unknownElement(&unknown, pointer: "/" + section) }
      list.append(try read(list.count))
      if list.count & 4095 == 0, let progress {
        progress.reached(bytes: cursor.bytesConsumed, items: list.count)
      }
    }
  }

  /// Calls `body` for each child element of the current (start) element, positioned on it;
  /// `body` consumes the child. Returns on the element's end tag.
  func children(_ body: (Name) throws -> Void) throws {
    guard !cursor.isEmptyElement else { return }
    let depth = cursor.depth
    while true {
      guard try cursor.advance() else { throw fail("the document ends before the element is closed") }
      let kind = cursor.kind
      if kind == .endElement, cursor.depth == depth { return }
      if kind == .element, let name = cursor.localName { try body(name) }
    }
  }

  /// Keeps the current element (and its content) as unknown XML and moves past it.
  func unknownElement(_ unknown: inout XMLUnknowns, pointer: String) throws {
    let at = position()
    let name = cursor.qualifiedName?.string ?? "?"
    unknown.elements.append(.string(try cursor.outerXML()))
    warnings.append(Diagnostic(code: XMLCodec.unknownElement.code, severity: .warning,
                               message: "unknown element <\(name)> kept in extras",
                               location: SourceLocation(file: fileName, pointer: pointer, line: Int(at.line),
                                                        column: at.column > 0 ? Int(at.column) : nil)))
    cursor.skip()
  }

  /// Moves past the content of an element that must have none, keeping unknown children.
  func skipContent(_ unknown: inout XMLUnknowns, pointer: String) throws {
    guard !cursor.isEmptyElement else { return }
    try children { _ in try unknownElement(&unknown, pointer: pointer) }
  }

  /// Visits the current element's attributes; `body` says whether it knew one. Unknown
  /// attributes (and those in another namespace) are kept and warned about.
  func attributes(_ unknown: inout XMLUnknowns, pointer: @autoclosure () -> String,
                          _ body: (Name, UnsafeRawBufferPointer) throws -> Bool) throws {
    guard cursor.hasAttributes else { return }
    let line = cursor.line
    // The element's start, when it was just found on this line; else the line alone.
    var place: (line: Int?, column: Int?) = (line > 0 ? line : nil, nil)
    if let last = lastPosition, Int(last.line) == line, last.column > 0 { place = (line, Int(last.column)) }
    try cursor.forEachAttribute { attribute in
      let value = attribute.value
      if !attribute.isNamespaced, try body(attribute.localName, value) { return }
      let qname = cursor.qualifiedName?.string ?? "?"
      unknown.attributes.append(JSONMember(qname, .string(String(decoding: value, as: UTF8.self))))
      warnings.append(Diagnostic(code: XMLCodec.unknownAttribute.code, severity: .warning,
                                 message: "unknown attribute \(qname) kept in extras",
                                 location: SourceLocation(file: fileName, pointer: pointer(), line: place.line,
                                                          column: place.column)))
    }
  }

  // MARK: - Node facts

  /// Whether the current node is in `urn:trackport:1`.
  var inOurNamespace: Bool {
    guard let uri = cursor.namespaceURI else { return false }
    return uri == names.namespace
  }

  /// The current element's start: line and column (once per element, in document order:
  /// ``XMLCursor/elementStart()``); kept for errors about its attributes.
  func position() -> XMLPosition {
    let found = cursor.elementStart()
    lastPosition = found
    return found
  }

  // MARK: - Errors

  func fail(_ message: String, kind: CodecError.Kind = .malformedInput, pointer: String? = nil,
                    note: String? = nil) -> CodecError {
    // On an attribute libxml2 knows no line: use its element's start, found just before.
    let lineOfNode = cursor.line
    var line: Int? = lineOfNode > 0 ? lineOfNode : nil, column: Int?
    if let last = lastPosition, cursor.kind == .attribute || line == Int(last.line) {
      line = Int(last.line)
      column = last.column > 0 ? Int(last.column) : nil
    }
    return CodecError(kind, message, location: SourceLocation(file: fileName, pointer: pointer, line: line, column: column),
                      note: note)
  }
}
