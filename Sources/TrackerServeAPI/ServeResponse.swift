/// An answer of ``ServeAPI``: status, headers in order, body bytes.
public struct ServeResponse: Sendable {
  /// The HTTP status.
  public var status: Int
  /// Header names and values, in order; values are ASCII.
  public var headers: [(String, String)]
  /// The body.
  public var body: [UInt8]

  /// A response as given.
  public init(status: Int, headers: [(String, String)], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A text response.
  public init(status: Int, contentType: String, text: String) {
    self.init(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
  }

  /// A refusal: ``ServeError/json`` with its status, and `Retry-After` on a 503.
  public init(error: ServeError) {
    var headers = [("Content-Type", "application/json")]
    if error.status == 503 { headers.append(("Retry-After", "5")) }
    self.init(status: error.status, headers: headers, body: Array((error.json + "\n").utf8))
  }

  /// A 200 JSON document.
  static func json(_ text: String) -> ServeResponse {
    ServeResponse(status: 200, contentType: "application/json", text: text + "\n")
  }

  /// The value of the first header named `name` (case-insensitive).
  public func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }
}
