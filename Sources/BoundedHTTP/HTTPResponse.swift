/// What a ``HTTPService`` answers: status, header fields in order and a body, whole or streamed.
public struct HTTPResponse: Sendable {
  /// How the body is given.
  public enum Body: Sendable {
    /// All of it at once; the server adds `Content-Length`.
    case bytes([UInt8])
    /// Written as it is made, by the closure (chunked, unless the headers give `Content-Length`);
    /// an error thrown ends the connection, the answer cut short.
    case stream(@Sendable (HTTPBodyWriter) async throws -> Void)
  }

  /// The status code.
  public var status: Int
  /// Header fields, in order; `Content-Length`, `Connection` and `Transfer-Encoding` are the
  /// server's (those given are replaced, except `Content-Length` on a stream).
  public var headers: [(String, String)]
  /// The body.
  public var body: Body

  /// A response as given.
  public init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a whole body.
  public init(status: Int, headers: [(String, String)] = [], bytes: [UInt8]) {
    self.init(status: status, headers: headers, body: .bytes(bytes))
  }
}

/// Where a streamed response body is written (``HTTPResponse/Body/stream(_:)``).
public struct HTTPBodyWriter: Sendable {
  let writeBytes: @Sendable ([UInt8]) async throws -> Void

  /// Sends `bytes` as the next part of the body; waits while the client is slow to read.
  public func write(_ bytes: [UInt8]) async throws {
    guard !bytes.isEmpty else { return }
    try await writeBytes(bytes)
  }
}
