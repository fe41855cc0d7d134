import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP request as the WebDAV client sends it.
public struct HTTPRequest: Sendable {
  public var method: String
  public var url: String
  /// Header fields, in order.
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]?

  public init(_ method: String, _ url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

/// A response: the status, the last response's header fields and the body.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  /// The first header field named `name` (case-insensitively), its value trimmed.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Header fields from the raw block libcurl collected (the status line skipped).
  static func fields(_ block: String) -> [(name: String, value: String)] {
    block.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }).compactMap { line in
      guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("HTTP/") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: " \t"))
    }
  }
}

extension Substring {
  func trimmingCharacters(in set: String) -> String {
    var slice = self[...]
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}

/// HTTP/1.1 and HTTP/2 over the system's libcurl (its TLS and certificate store), one
/// connection kept open across requests.
///
/// Why libcurl and not URLSession or AsyncHTTPClient (docs/calendar.md, "HTTP client"):
/// TrackerPort's release binary links Foundation statically without libcurl, so URLSession
/// would need libcurl at every start; AsyncHTTPClient adds minutes to each clean build. libcurl
/// is loaded only when a calendar command runs, answers Basic and Digest challenges, and
/// follows no redirect (one would carry the credentials to another host).
///
/// Not thread-safe: one client per task.
public final class HTTPClient {
  public let credentials: HTTPCredentials?
  public let timeoutSeconds: Int
  public let caFile: String?
  public let userAgent: String
  /// The largest response body accepted (a hostile server cannot exhaust memory).
  public var maxBody = 256 << 20
  /// Basic until a server offers only Digest; the first request with credentials asks.
  var auth: Int32
  let session: OpaquePointer

  /// - Throws: ``WebDAVError`` `.clientUnavailable` when libcurl cannot be loaded.
  public init(credentials: HTTPCredentials?, timeoutSeconds: Int = 30, caFile: String? = nil,
              userAgent: String = "trackport") throws {
    var error = [CChar](repeating: 0, count: 512)
    if tp_http_load(&error, error.count) != 0 {
      let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw WebDAVError(.clientUnavailable, method: "", url: "",
                        message: reason + "; calendar commands need libcurl (Debian and Ubuntu: apt install libcurl4)")
    }
    guard let session = tp_http_session_new() else {
      throw WebDAVError(.clientUnavailable, method: "", url: "", message: "libcurl could not make a connection handle")
    }
    self.session = session
    self.credentials = credentials
    self.timeoutSeconds = max(1, timeoutSeconds)
    self.caFile = caFile
    self.userAgent = userAgent
    auth = Int32(credentials == nil ? TP_HTTP_AUTH_NONE.rawValue : TP_HTTP_AUTH_ANY.rawValue)
  }

  deinit { tp_http_session_free(session) }

  /// Abandons the request in flight (within about a second) and every later one, in every
  /// client: for Ctrl-C. Safe from any thread, a signal handler's thread included.
  public static func cancelAll() { tp_http_cancel() }

  /// Sends `request` and returns the server's answer, whatever its status.
  ///
  /// - Throws: ``WebDAVError`` for a failure below HTTP (no answer): host not found, cannot
  ///   connect, timed out, TLS, connection lost, response too large.
  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    let headerLines = request.headers.map { "\($0.name): \($0.value)" }
    var response = tp_http_response()
    let (auth, timeoutSeconds, maxBody, session) = (self.auth, self.timeoutSeconds, self.maxBody, self.session)
    let failure: Int32 = withCStrings(headerLines) { headers in
      request.method.withCString { method in
        request.url.withCString { url in
          withOptionalCString(credentials?.user) { user in
            withOptionalCString(credentials?.password) { password in
              withOptionalCString(caFile) { ca in
                userAgent.withCString { agent in
                  let send = { (body: UnsafePointer<UInt8>?, length: Int) -> Int32 in
                    var plain = tp_http_request(
                      method: method, url: url, headers: headers, header_count: headerLines.count,
                      body: body, body_length: length, user: user, password: password, auth: auth,
                      timeout_seconds: timeoutSeconds, ca_file: ca, user_agent: agent, max_body: maxBody)
                    return tp_http_perform(session, &plain, &response)
                  }
                  guard let body = request.body else { return send(nil, 0) }
                  // A non-nil pointer even for an empty body: libcurl then sends Content-Length: 0.
                  return body.isEmpty ? [UInt8](repeating: 0, count: 1).withUnsafeBufferPointer { send($0.baseAddress, 0) }
                    : body.withUnsafeBufferPointer { send($0.baseAddress, body.count) }
                }
              }
            }
          }
        }
      }
    }
    defer { tp_http_response_free(&response) }
    let reason = withUnsafeBytes(of: response.error) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if failure != TP_HTTP_OK.rawValue {
      throw Self.failure(failure, reason: reason, request: request, timeout: timeoutSeconds)
    }
    // After the first challenge, ask no more: Basic goes with every request, Digest answers one.
    if self.auth == TP_HTTP_AUTH_ANY.rawValue, response.status != 401 {
      if response.auth_offered & (1 << TP_HTTP_AUTH_BASIC.rawValue) != 0 {
        self.auth = Int32(TP_HTTP_AUTH_BASIC.rawValue)
      } else if response.auth_offered & (1 << TP_HTTP_AUTH_DIGEST.rawValue) != 0 {
        self.auth = Int32(TP_HTTP_AUTH_DIGEST.rawValue)
      }
    }
    let body = response.body.map { Array(UnsafeBufferPointer(start: $0, count: response.body_length)) } ?? []
    let headers = response.headers.map { String(cString: $0) } ?? ""
    return HTTPResponse(status: response.status, headers: HTTPResponse.fields(headers), body: body)
  }

  static func failure(_ code: Int32, reason: String, request: HTTPRequest, timeout: Int) -> WebDAVError {
    let host = WebDAVURL(request.url)?.hostDescription ?? request.url
    let (kind, message): (WebDAVError.Kind, String)
    switch UInt32(code) {
    case TP_HTTP_HOST_NOT_FOUND.rawValue: (kind, message) = (.hostNotFound, "the host name \(host) does not resolve (\(reason))")
    case TP_HTTP_CANNOT_CONNECT.rawValue: (kind, message) = (.cannotConnect, "cannot connect to \(host): nothing answered (\(reason))")
    case TP_HTTP_TIMED_OUT.rawValue: (kind, message) = (.timedOut, "\(host) did not answer within \(timeout) s (--timeout)")
    case TP_HTTP_TLS.rawValue: (kind, message) = (.tls, "the secure connection to \(host) failed: \(reason)")
    case TP_HTTP_CONNECTION_LOST.rawValue: (kind, message) = (.connectionLost, "the connection to \(host) broke before the answer ended (\(reason))")
    case TP_HTTP_CANCELLED.rawValue: (kind, message) = (.cancelled, "cancelled")
    case TP_HTTP_RESPONSE_TOO_LARGE.rawValue: (kind, message) = (.responseTooLarge, "the answer was larger than the client accepts; refused")
    default: (kind, message) = (.transport, reason.isEmpty ? "the request failed" : reason)
    }
    return WebDAVError(kind, method: request.method, url: request.url, message: message)
  }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}

/// `strings` as a C array of C strings for the duration of `body`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  let pointers = copies.map { UnsafePointer<CChar>($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
