import CLibXML2

/// A `207 Multi-Status` body (RFC 4918 §13): one ``Response`` per resource, with the
/// properties the server found (status 200 in their `propstat`), read with libxml2.
///
/// Parsed without network access, DTD loading or entity expansion (FIELD-NOTES, "libxml2
/// safely"), and an answer with a DOCTYPE refused; namespaces matter (`DAV:` and CalDAV's),
/// prefixes do not.
public struct Multistatus: Sendable {
  public struct Response: Sendable, Equatable {
    /// The `href`, as the server wrote it (percent-encoded, usually an absolute path).
    public var href: String
    /// The response's own status (a `404` for a member that went away), if it has one.
    public var status: Int?
    /// `DAV:getetag`, quotes kept.
    public var etag: String?
    /// `CALDAV:calendar-data`, the object's text.
    public var calendarData: String?
    /// `DAV:resourcetype` children, as `namespace localname` (`DAV: collection`,
    /// `urn:ietf:params:xml:ns:caldav calendar`).
    public var resourceTypes: [String] = []
  }

  static let dav = "DAV:"
  static let caldav = "urn:ietf:params:xml:ns:caldav"

  public var responses: [Response]

  /// Parses `body`.
  ///
  /// - Throws: a message when the body is not well-formed XML or its root is not
  ///   `DAV:multistatus`.
  public init(_ body: [UInt8]) throws(MultistatusError) {
    xmlCheckVersion(LIBXML_VERSION)
    // HUGE: one object of another client may hold more than libxml2's 10 MB text limit (an
    // inline attachment); the answer's size is bounded by the HTTP client. Safe without
    // NOENT/DTDLOAD: no entity is expanded, and a document with a DTD is refused below.
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                        | XML_PARSE_HUGE.rawValue)
    let document = body.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlReadMemory(chars.baseAddress, Int32(clamping: chars.count), "multistatus.xml", nil, options)
      }
    }
    guard let document else {
      let error = xmlGetLastError()
      let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } }?
        .trimmingCharacters(in: " \n") ?? "not XML"
      let line = error.map { Int($0.pointee.line) } ?? 0
      throw MultistatusError(message: "the multistatus answer is not well-formed XML (line \(line): \(message))")
    }
    defer { xmlFreeDoc(document) }
    guard document.pointee.intSubset == nil else {
      throw MultistatusError(message: "the answer has a DOCTYPE, which no WebDAV server sends; refused")
    }
    guard let root = xmlDocGetRootElement(document), Self.named(root, Self.dav, "multistatus") else {
      throw MultistatusError(message: "the answer is not a DAV:multistatus document")
    }
    responses = Self.children(root, Self.dav, "response").map(Self.response)
  }

  static func response(_ node: xmlNodePtr) -> Response {
    var response = Response(href: Self.children(node, dav, "href").first.map(text) ?? "")
    response.status = Self.children(node, dav, "status").first.flatMap { statusCode(text($0)) }
    for propstat in Self.children(node, dav, "propstat") {
      let status = Self.children(propstat, dav, "status").first.flatMap { statusCode(text($0)) }
      guard status == nil || status == 200 else { continue }
      for prop in Self.children(propstat, dav, "prop") {
        if let etag = Self.children(prop, dav, "getetag").first { response.etag = text(etag) }
        if let data = Self.children(prop, caldav, "calendar-data").first { response.calendarData = text(data) }
        if let types = Self.children(prop, dav, "resourcetype").first {
          var child = types.pointee.children
          while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE {
              response.resourceTypes.append(namespace(node) + " " + String(cString: node.pointee.name))
            }
            child = node.pointee.next
          }
        }
      }
    }
    return response
  }

  /// `HTTP/1.1 404 Not Found` → 404.
  static func statusCode(_ line: String) -> Int? {
    let parts = line.split(separator: " ")
    return parts.count >= 2 ? Int(parts[1]) : nil
  }

  static func namespace(_ node: xmlNodePtr) -> String {
    node.pointee.ns.flatMap { $0.pointee.href.map { String(cString: $0) } } ?? ""
  }

  static func named(_ node: xmlNodePtr, _ space: String, _ name: String) -> Bool {
    node.pointee.type == XML_ELEMENT_NODE && String(cString: node.pointee.name) == name && namespace(node) == space
  }

  static func children(_ node: xmlNodePtr, _ space: String, _ name: String) -> [xmlNodePtr] {
    var found: [xmlNodePtr] = []
    var child = node.pointee.children
    while let current = child {
      if named(current, space, name) { found.append(current) }
      child = current.pointee.next
    }
    return found
  }

  /// The element's text and CDATA, trimmed of surrounding blanks (servers indent).
  static func text(_ node: xmlNodePtr) -> String {
    var bytes: [UInt8] = []
    var child = node.pointee.children
    while let current = child {
      if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
        var pointer = content
        while pointer.pointee != 0 {
          bytes.append(pointer.pointee)
          pointer += 1
        }
      }
      child = current.pointee.next
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \t\r\n")
  }
}

/// A multistatus body that could not be read.
public struct MultistatusError: Error, Sendable {
  public var message: String
}

extension String {
  func trimmingCharacters(in set: String) -> String { self[...].trimmingCharacters(in: set) }
}
