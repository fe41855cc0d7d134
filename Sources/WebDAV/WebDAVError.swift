/// Why a WebDAV request failed: below HTTP (``Kind-swift.enum``'s first cases) or by the
/// server's answer. Messages never hold credentials; ``url`` is the request's URL, which the
/// client refuses to build with a password in it.
public struct WebDAVError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Equatable, Sendable {
    /// libcurl could not be loaded (the message says which library is missing).
    case clientUnavailable
    /// The host name did not resolve.
    case hostNotFound
    /// Nothing answered on the host and port (refused, unreachable).
    case cannotConnect
    /// The server did not answer within the timeout.
    case timedOut
    /// The TLS handshake or the certificate check failed.
    case tls
    /// The connection broke during the request (the server stopped, a reset).
    case connectionLost
    /// The response was larger than the client accepts.
    case responseTooLarge
    /// Another failure below HTTP (libcurl's message says which).
    case transport
    /// ``HTTPClient/cancelAll()`` abandoned the request (Ctrl-C).
    case cancelled
    /// A 3xx answer; ``WebDAVError/location`` says where the server pointed (not followed).
    case redirected
    /// 401: the credentials were refused, or none were given.
    case unauthorized
    /// 403: the credentials are good but not for this.
    case forbidden
    /// 404 or 410.
    case notFound
    /// 405, 409, 415, 501 and other answers meaning the URL is not what the request needs.
    case notAllowed
    /// 412: an `If-Match` or `If-None-Match` condition failed (someone else changed the object).
    case preconditionFailed
    /// 507: the server has no room.
    case insufficientStorage
    /// Another 5xx.
    case serverError
    /// A 2xx whose body is not what the request asks for (unreadable XML, no multistatus).
    case malformedResponse
    /// Another status.
    case unexpectedStatus
  }

  public var kind: Kind
  /// The HTTP status, when the server answered.
  public var status: Int?
  /// The request's method and URL.
  public var method: String
  public var url: String
  /// What happened, in a sentence a user can act on.
  public var message: String
  /// For ``Kind-swift.enum/redirected``: the `Location` the server gave.
  public var location: String?

  public init(_ kind: Kind, status: Int? = nil, method: String, url: String, message: String, location: String? = nil) {
    self.kind = kind
    self.status = status
    self.method = method
    self.url = url
    self.message = message
    self.location = location
  }

  public var description: String { "\(method) \(url): \(message)" }

  /// Whether the server may simply be away: the next push can complete what this one left.
  public var isTransient: Bool {
    switch kind {
    case .cannotConnect, .timedOut, .connectionLost, .serverError, .insufficientStorage: return true
    default: return false
    }
  }
}
