/// A calendar object as a `calendar-query` returned it.
public struct CalendarResource: Sendable {
  /// The object's URL, resolved against the collection's.
  public var url: WebDAVURL
  /// Its entity tag, quotes kept, as the server gave it (never computed: servers re-serialise).
  public var etag: String?
  /// Its iCalendar text.
  public var data: [UInt8]

  public init(url: WebDAVURL, etag: String?, data: [UInt8]) {
    self.url = url
    self.etag = etag
    self.data = data
  }
}

/// How a `PUT` is made conditional, so that it never overwrites what it did not read.
public enum PutCondition: Sendable, Equatable {
  /// `If-None-Match: *`: only where nothing is.
  case create
  /// `If-Match: ETAG`: only over the version read.
  case replace(etag: String)
}

/// The CalDAV requests of a push and a pull (RFC 4918 WebDAV, RFC 4791 CalDAV) on one
/// calendar collection: `PROPFIND` (is it a calendar?), `REPORT calendar-query` (every
/// object with its ETag and text), conditional `PUT` and `DELETE`. Each call is one HTTP
/// request; the status an answer may have is checked, and any other becomes a
/// ``WebDAVError`` with a message a user can act on.
public final class WebDAVClient {
  public let collection: WebDAVURL
  public let http: HTTPClient
  /// Requests that changed the collection (successful `PUT`s and `DELETE`s).
  public private(set) var changes = 0

  public init(collection: WebDAVURL, http: HTTPClient) {
    self.collection = collection.asCollection
    self.http = http
  }

  static let xml = [(name: "Content-Type", value: "application/xml; charset=utf-8")]

  /// Checks with `PROPFIND` (depth 0) that the URL is a calendar collection.
  ///
  /// - Throws: ``WebDAVError`` `.notAllowed` when it is a resource or a plain collection.
  public func checkCalendarCollection() throws {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>
      """
    let request = HTTPRequest("PROPFIND", collection.description, headers: Self.xml + [("Depth", "0")], body: Array(body.utf8))
    let response = try send(request, expecting: [207])
    let status = try multistatus(response, request)
    let types = status.responses.first?.resourceTypes ?? []
    guard types.contains(Multistatus.caldav + " calendar") else {
      throw WebDAVError(.notAllowed, status: 207, method: request.method, url: request.url,
                        message: types.contains(Multistatus.dav + " collection")
                          ? "this is a folder, not a calendar collection: give the URL of one of its calendars"
                          : "this is not a calendar collection (give the calendar's URL, ending with /)")
    }
  }

  /// Every calendar object of the collection with its ETag and text (`REPORT calendar-query`,
  /// depth 1, no time range).
  public func calendarObjects() throws -> [CalendarResource] {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:prop><d:getetag/><c:calendar-data/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"/></c:filter>
      </c:calendar-query>
      """
    let request = HTTPRequest("REPORT", collection.description, headers: Self.xml + [("Depth", "1")], body: Array(body.utf8))
    let response = try send(request, expecting: [207])
    return try multistatus(response, request).calendarResources(in: collection)
  }

  /// `PUT`s `bytes` at `url` under `condition`; returns the new ETag when the server gave one.
  ///
  /// - Throws: ``WebDAVError`` `.preconditionFailed` when the condition failed: the object
  ///   exists (`.create`) or changed (`.replace`).
  @discardableResult
  public func put(_ url: WebDAVURL, _ bytes: [UInt8], _ condition: PutCondition) throws -> String? {
    var headers = [(name: "Content-Type", value: "text/calendar; charset=utf-8")]
    switch condition {
    case .create: headers.append(("If-None-Match", "*"))
    case .replace(let etag): headers.append(("If-Match", etag))
    }
    let response = try send(HTTPRequest("PUT", url.description, headers: headers, body: bytes), expecting: [200, 201, 204])
    changes += 1
    return response.header("ETag")
  }

  /// `DELETE`s `url` if its ETag is still `etag`; an object already gone (404, 410) is done.
  public func delete(_ url: WebDAVURL, ifMatch etag: String) throws {
    try send(HTTPRequest("DELETE", url.description, headers: [("If-Match", etag)]), expecting: [200, 204, 404, 410])
    changes += 1
  }

  /// The object at `url` and its ETag (`GET`).
  public func get(_ url: WebDAVURL) throws -> (etag: String?, data: [UInt8]) {
    let response = try send(HTTPRequest("GET", url.description), expecting: [200])
    return (response.header("ETag"), response.body)
  }

  func multistatus(_ response: HTTPResponse, _ request: HTTPRequest) throws -> Multistatus {
    do {
      return try Multistatus(response.body)
    } catch {
      throw WebDAVError(.malformedResponse, status: response.status, method: request.method, url: request.url, message: error.message)
    }
  }

  @discardableResult
  func send(_ request: HTTPRequest, expecting expected: Set<Int>) throws -> HTTPResponse {
    let response = try http.send(request)
    guard !expected.contains(response.status) else { return response }
    throw failure(response, request)
  }

  /// The error for an answer with a status the request does not expect.
  func failure(_ response: HTTPResponse, _ request: HTTPRequest) -> WebDAVError {
    let status = response.status
    func error(_ kind: WebDAVError.Kind, _ message: String, location: String? = nil) -> WebDAVError {
      WebDAVError(kind, status: status, method: request.method, url: request.url, message: message, location: location)
    }
    let onObject = request.method == "PUT" || request.method == "DELETE"
    switch status {
    case 300..<400:
      let location = response.header("Location").map(Self.printable)
      return error(.redirected, "the server redirects (\(status)) to \(location ?? "no Location"); not followed: if that is the calendar, use its URL",
                   location: location)
    case 401:
      if let credentials = http.credentials {
        return error(.unauthorized, "the server refused the password for user \(credentials.user) (from \(credentials.source)) (401)")
      }
      return error(.unauthorized, "the server asks for a user name and password (401): give --user and a password through --netrc, TRACKPORT_CALDAV_PASSWORD or --password-file")
    case 403:
      return error(.forbidden, "the server does not let \(http.credentials.map { "user " + $0.user } ?? "an anonymous user") \(onObject ? "change" : "read") this calendar (403)")
    case 404, 410:
      return error(.notFound, "there is no such calendar on the server (\(status)): check the collection URL (docs/calendar.md lists each server's)")
    case 412:
      return error(.preconditionFailed, "changed on the server since it was read (412)")
    case 507:
      return error(.insufficientStorage, "the server has no room left (507 Insufficient Storage)")
    case _ where !onObject && [405, 409, 415, 501].contains(status):
      return error(.notAllowed, "the server does not allow \(request.method) here (\(status)): is the URL a calendar collection?")
    case 400, 405, 409, 413, 415, 422, 501:
      return error(.notAllowed, onObject
        ? "the server refused this object (\(status)\(Self.reason(response))): its name or its content is not one it takes"
        : "the server refused the request (\(status)\(Self.reason(response))): is the URL a CalDAV calendar?")
    case 500 where onObject:
      return error(.serverError, "the server failed on this object (500\(Self.reason(response)))")
    case 500..<600:
      return error(.serverError, "the server failed (\(status)); try again later")
    case 200..<300:
      let expected = request.method == "PUT" ? "200, 201 or 204" : request.method == "DELETE" ? "200 or 204" : request.method == "GET" ? "200" : "207 Multi-Status"
      return error(.malformedResponse, "unexpected answer \(status) (expected \(expected))")
    default:
      return error(.unexpectedStatus, "unexpected answer \(status)\(Self.reason(response)); is the URL a CalDAV calendar?")
    }
  }

  /// The first line of a short text body (servers explain a refusal there), as ": TEXT", or "".
  static func reason(_ response: HTTPResponse) -> String {
    guard response.header("Content-Type")?.lowercased().hasPrefix("text/plain") == true, response.body.count <= 4096,
          let line = String(decoding: response.body, as: UTF8.self).split(whereSeparator: \.isNewline).first else { return "" }
    return ": " + printable(String(line.prefix(200)))
  }

  /// `text` with control characters (a server's escape sequences for the terminal) as `?`.
  static func printable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(500).map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "?" : $0 }))
  }
}

extension Multistatus {
  /// The calendar objects of a `calendar-query` answer about `collection`: each response with
  /// calendar data and no failed status, its href resolved against `collection`; only a
  /// response for a resource *inside* the collection is kept — one for another origin, for the
  /// collection itself, a folder above it or another collection beside it (however spelled:
  /// escapes, `.` and `..` segments, which curl resolves before it sends a request) is left
  /// out, so that no push ever sends a `DELETE` or `PUT` there.
  public func calendarResources(in collection: WebDAVURL) -> [CalendarResource] {
    let collectionSegments = WebDAVURL.segments(collection.path)
    return responses.compactMap { item in
      guard item.status == nil || item.status == 200, let data = item.calendarData, let url = collection.resolving(item.href)
      else { return nil }
      let segments = WebDAVURL.segments(url.path)
      guard segments.count > collectionSegments.count, segments.starts(with: collectionSegments) else { return nil }
      return CalendarResource(url: url, etag: item.etag, data: Array(data.utf8))
    }
  }
}
