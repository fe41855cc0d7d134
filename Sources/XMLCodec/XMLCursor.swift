internal import CLibXML2
import TrackerCodec
import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libxml2's streaming reader (`xmlTextReader`) seen from Swift: one cursor moving forward
/// through the nodes of a document in memory, validating it against a schema as it goes.
///
/// The only type of the dataset reader that touches libxml2 (with ``XMLSchemaHandle``, which
/// owns the parsed schema). It does not copy the bytes: they must outlive it. Names and values
/// are handed out as libxml2 holds them (``XMLName``, raw buffers), valid until the cursor
/// moves, so reading a node costs no `String`. Errors go to ``log``; a failure to parse
/// becomes a ``CodecError`` located at libxml2's line and column.
final class XMLCursor {
  /// What the cursor is on.
  enum Kind {
    case element, endElement
    /// Character data: text, CDATA, and white space (significant or not).
    case text
    case documentType
    /// An attribute, while ``forEachAttribute(_:)`` visits it.
    case attribute
    case other
  }

  /// One attribute of the current element (namespace declarations are not attributes here).
  struct Attribute {
    let localName: XMLName
    /// Whether the attribute is in a namespace (a prefixed name): the format's own have none.
    let isNamespaced: Bool
    /// The value after XML's normalisation, as UTF-8 bytes.
    let value: UnsafeRawBufferPointer
  }

  private let reader: xmlTextReaderPtr
  /// What libxml2 reported while reading: schema violations and the first parser error.
  let log = XMLErrorLog()
  private let fileName: String
  private let schema: XMLSchemaHandle?
  private var finder: XMLColumnFinder
  /// What `xmlTextReaderNext` returned after ``skip()``, for the next ``advance()``.
  private var pending: Int32?

  /// The parser options: no network, errors collected rather than printed, line numbers past
  /// 65,535 kept. Entity substitution, DTD loading, default attributes from a DTD and the
  /// "huge" limits stay off, so entities are never expanded and no other file is read.
  private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                                       | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

  /// A cursor before the first node of `bytes`; `fileName` names the document in errors.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for more than 2 GiB (libxml2 counts in
  ///   `Int32`); `.io` when libxml2 cannot create the reader or attach the schema.
  init(_ bytes: UnsafeRawBufferPointer, fileName: String, schema: XMLSchemaHandle?) throws {
    guard bytes.count <= Int(Int32.max) else {
      throw CodecError(.malformedInput, "file larger than 2 GiB", note: "the XML reader takes at most 2 GiB")
    }
    _ = XMLLibrary.ready
    let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
    let empty: [CChar] = [0]
    let created: xmlTextReaderPtr? = empty.withUnsafeBufferPointer { fallback in
      xmlReaderForMemory(base ?? fallback.baseAddress, Int32(clamping: bytes.count), fileName, nil, XMLCursor.options)
    }
    guard let created else { throw CodecError(.io, "cannot create an XML reader") }
    reader = created
    self.fileName = fileName
    self.schema = schema
    finder = XMLColumnFinder(bytes)
    // libxml2 prints some messages (schema internals) through the generic handler, which is
    // per thread: silence it on this one, so nothing reaches standard error.
    xmlSetGenericErrorFunc(nil, XMLCursor.silent)
    xmlTextReaderSetStructuredErrorHandler(reader, XMLCursor.report, Unmanaged.passUnretained(log).toOpaque())
    if let schema, xmlTextReaderSetSchema(reader, schema.schema) != 0 {
      throw CodecError(.io, "cannot attach the XML schema")
    }
  }

  // The reader goes before the schema it validates against (a stored property, released after).
  deinit { xmlFreeTextReader(reader) }

  // MARK: - Moving

  /// Moves to the next node in document order; false at the end of the document.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` when the XML is not well-formed there.
  func advance() throws -> Bool {
    let result: Int32
    if let skipped = pending {
      pending = nil
      result = skipped
    } else {
      result = xmlTextReaderRead(reader)
    }
    if result < 0 { throw parseFailure() }
    return result == 1
  }

  /// Moves past the current element and everything in it; the next ``advance()`` lands on
  /// what follows it.
  func skip() {
    pending = xmlTextReaderNext(reader)
  }

  // MARK: - The current node

  var kind: Kind {
    switch UInt32(bitPattern: xmlTextReaderNodeType(reader)) {
    case XML_READER_TYPE_ELEMENT.rawValue: .element
    case XML_READER_TYPE_END_ELEMENT.rawValue: .endElement
    case XML_READER_TYPE_TEXT.rawValue, XML_READER_TYPE_CDATA.rawValue, XML_READER_TYPE_WHITESPACE.rawValue,
         XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue: .text
    case XML_READER_TYPE_DOCUMENT_TYPE.rawValue: .documentType
    case XML_READER_TYPE_ATTRIBUTE.rawValue: .attribute
    default: .other
    }
  }

  /// How deep the node is: 0 for the root element.
  var depth: Int { Int(xmlTextReaderDepth(reader)) }

  /// Whether the current element is written `<x/>`: no end tag follows.
  var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

  /// The name without its prefix.
  var localName: XMLName? { xmlTextReaderConstLocalName(reader).map(XMLName.init) }

  /// The name as written, prefix included.
  var qualifiedName: XMLName? { xmlTextReaderConstName(reader).map(XMLName.init) }

  /// The namespace the node is in; `nil` for none.
  var namespaceURI: XMLName? { xmlTextReaderConstNamespaceUri(reader).map(XMLName.init) }

  /// The text of a text node (or the value of an attribute), as UTF-8 bytes.
  var text: UnsafeRawBufferPointer? {
    guard let value = xmlTextReaderConstValue(reader) else { return nil }
    return UnsafeRawBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
  }

  /// The line of the node (libxml2's: where an element's start tag ends); 0 when unknown.
  var line: Int {
    guard let node = xmlTextReaderCurrentNode(reader) else { return Int(xmlTextReaderGetParserLineNumber(reader)) }
    return Int(xmlGetLineNo(node))
  }

  /// Where the current element's start tag begins (its `<`), line and column.
  ///
  /// Found by scanning the source forwards from the last element asked about: ask for
  /// elements in document order, each at most once (asking for a later one skips the
  /// elements in between).
  func elementStart() -> XMLPosition {
    let limit = line
    guard let name = qualifiedName else { return XMLPosition(line: Int32(clamping: limit), column: 0) }
    return finder.next(name.buffer, limit: limit)
  }

  /// How many bytes of the document the parser has consumed: for a progress display.
  var bytesConsumed: Int { Int(xmlTextReaderByteConsumed(reader)) }

  /// `text` in the cursor's name dictionary, where the names of the nodes it reads are too.
  func intern(_ text: String) -> XMLName {
    let interned = text.withCString { chars in
      xmlTextReaderConstString(reader, UnsafeRawPointer(chars).assumingMemoryBound(to: xmlChar.self))
    }
    // The dictionary fails only when memory runs out; a name that matches nothing is safe.
    return interned.map(XMLName.init) ?? XMLName.never
  }

  /// Whether the current element has attributes (namespace declarations count).
  var hasAttributes: Bool { xmlTextReaderHasAttributes(reader) == 1 }

  /// Calls `body` for each attribute of the current element but namespace declarations, the
  /// cursor on the attribute (``kind`` is `.attribute`); back on the element afterwards, even
  /// when `body` throws.
  func forEachAttribute(_ body: (Attribute) throws -> Void) rethrows {
    guard hasAttributes else { return }
    defer { xmlTextReaderMoveToElement(reader) }
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      if xmlTextReaderIsNamespaceDecl(reader) == 1 { continue }
      guard let name = xmlTextReaderConstLocalName(reader), let value = text else { continue }
      try body(Attribute(localName: XMLName(bytes: name), isNamespaced: xmlTextReaderConstNamespaceUri(reader) != nil,
                         value: value))
    }
  }

  /// The current element and its content as XML text (what a reader keeps of an element it
  /// does not know); the cursor does not move.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` when the element is not well-formed.
  func outerXML() throws -> String {
    guard let outer = xmlTextReaderReadOuterXml(reader) else { throw parseFailure() }
    defer {
      // libxml2's allocator is malloc unless a program changes it (TrackerPort never does).
      free(outer)
    }
    return String(cString: outer)
  }

  // MARK: - Errors

  /// Why parsing stopped: the first error libxml2 reported, else its last error.
  private func parseFailure() -> CodecError {
    let entry = log.firstError ?? xmlGetLastError().map { error in
      XMLErrorLog.Entry(message: error.pointee.message.map { String(cString: $0).trimmingSpace() } ?? "malformed XML",
                        line: error.pointee.line > 0 ? Int(error.pointee.line) : nil,
                        column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil)
    }
    return CodecError(.malformedInput, entry?.message ?? "malformed XML",
                      location: SourceLocation(file: fileName, line: entry?.line, column: entry?.column))
  }

  /// The structured error handler: `userData` is the cursor's unretained ``XMLErrorLog``.
  private static let report: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    let e = error.pointee
    Unmanaged<XMLErrorLog>.fromOpaque(userData).takeUnretainedValue().add(
      message: e.message.map { String(cString: $0) }, line: Int(e.line), column: Int(e.int2),
      fromSchema: e.domain == Int32(XML_FROM_SCHEMASV.rawValue), isError: e.level.rawValue >= XML_ERR_ERROR.rawValue)
  }

  /// The C type of libxml2's generic error handler is variadic, which Swift cannot define;
  /// this one drops every message.
  private static var silent: xmlGenericErrorFunc? {
    unsafeBitCast(
      XMLCursor.ignore as @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void,
      to: xmlGenericErrorFunc.self)
  }

  private static let ignore: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }
}
