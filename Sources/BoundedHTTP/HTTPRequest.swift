/// A request's head as a ``HTTPService`` sees it; its body comes beside it (``HTTPRequestBody``).
public struct HTTPRequest: Sendable {
  /// The method, as sent (`GET`, `POST`).
  public var method: String
  /// The request target as sent: path and query.
  public var target: String
  /// HTTP version: `1.0` or `1.1`.
  public var version: String
  /// The header fields in order, as sent.
  public var headers: [(String, String)]
  /// The address of the connection's other end.
  public var peer: String
  /// The client the per-client limit counted: ``peer``, or the address a trusted proxy's
  /// `X-Forwarded-For` names (``HTTPLimits/trustedProxies``).
  public var client: String

  /// A request as given.
  public init(method: String, target: String, version: String = "1.1", headers: [(String, String)], peer: String, client: String) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.peer = peer
    self.client = client
  }

  /// The target without its query.
  public var path: String {
    target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
  }

  /// The query after `?`, nil when there is none.
  public var query: String? {
    target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
  }

  /// The value of the first field named `name` (case-insensitive).
  public func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// The values of every field named `name` (case-insensitive), in order.
  public func headers(named name: String) -> [String] {
    headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
  }
}
