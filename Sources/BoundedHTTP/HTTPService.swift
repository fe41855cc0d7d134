/// What a ``BoundedHTTPServer`` serves: one answer per request. The server has already held
/// the request to its ``HTTPLimits`` (headers, times, connections, per-client concurrency);
/// routes, authentication and the body's meaning are the service's.
public protocol HTTPService: Sendable {
  /// The answer to `request`. `body` is read as it arrives; a body the service leaves unread
  /// is drained when short, else the connection closes after the answer.
  func respond(to request: HTTPRequest, body: HTTPRequestBody) async -> HTTPResponse

  /// The answer the server gives itself when it refuses a request (``HTTPRefusal``). The
  /// default is a plain-text line.
  func refusal(_ refusal: HTTPRefusal) -> HTTPResponse
}

extension HTTPService {
  /// `refusal.message` as `text/plain`, with `Retry-After` on 429 and 503.
  public func refusal(_ refusal: HTTPRefusal) -> HTTPResponse {
    HTTPResponse(status: refusal.status, headers: [("Content-Type", "text/plain; charset=utf-8")] + refusal.retryAfter,
                 bytes: Array((refusal.message + "\n").utf8))
  }
}

/// Why the server itself answered a request instead of its service.
public struct HTTPRefusal: Sendable, Equatable {
  /// What was refused; each has its status.
  public enum Reason: String, Sendable, CaseIterable {
    /// 431: past ``HTTPLimits/maxHeaderBytes`` or ``HTTPLimits/maxHeaderCount``.
    case headersTooLarge = "headers-too-large"
    /// 400: a request line or headers that are not HTTP/1.
    case badRequest = "bad-request"
    /// 408: the headers did not end within ``HTTPLimits/headerTimeout``.
    case headerTimeout = "header-timeout"
    /// 408: no body byte for ``HTTPLimits/bodyTimeout``, or slower than
    /// ``HTTPLimits/minBodyBytesPerSecond``, or the body not done within
    /// ``HTTPLimits/requestTimeout``.
    case bodyTimeout = "body-timeout"
    /// 503: no answer began within ``HTTPLimits/requestTimeout``.
    case requestTimeout = "request-timeout"
    /// 429: past ``HTTPLimits/maxRequestsPerClient``.
    case tooManyRequests = "too-many-requests"
    /// 503: ``HTTPLimits/maxConnections`` connections, every one with a request in flight.
    case tooManyConnections = "too-many-connections"

    /// The status it is answered with.
    public var status: Int {
      switch self {
      case .headersTooLarge: 431
      case .badRequest: 400
      case .headerTimeout, .bodyTimeout: 408
      case .requestTimeout, .tooManyConnections: 503
      case .tooManyRequests: 429
      }
    }
  }

  /// What was refused.
  public var reason: Reason
  /// A sentence for the client, naming the limit.
  public var message: String

  /// A refusal as given.
  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.message = message
  }

  /// ``Reason/status``.
  public var status: Int { reason.status }
  /// The stable code of the reason (`headers-too-large`, ...).
  public var code: String { reason.rawValue }

  /// `Retry-After: 5` for 429 and 503, nothing otherwise.
  public var retryAfter: [(String, String)] {
    status == 429 || status == 503 ? [("Retry-After", "5")] : []
  }
}
