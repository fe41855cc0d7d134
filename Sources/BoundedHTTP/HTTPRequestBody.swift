import NIOCore
import NIOHTTP1

/// A request's body as it arrives: an async sequence of byte chunks, held to the server's
/// body limits (a client too slow ends it with ``HTTPBodyError/timedOut``). Read it from one
/// task at a time.
public final class HTTPRequestBody: AsyncSequence, @unchecked Sendable {
  public typealias Element = [UInt8]

  /// The length the request declared (`Content-Length`), nil when chunked or absent.
  public let declaredLength: Int?
  let parts: RequestPartSource
  /// Whether the body's end has been read.
  public private(set) var isComplete: Bool
  /// How many bytes of it have been read.
  public private(set) var bytesRead = 0

  init(parts: RequestPartSource, declaredLength: Int?) {
    self.parts = parts
    self.declaredLength = declaredLength
    isComplete = false
  }

  /// Run before the first read (`100 Continue` to a client that asked for it).
  var beforeFirstRead: (@Sendable () async -> Void)?

  /// The next chunk; nil at the end of the body.
  public func next() async throws(HTTPBodyError) -> [UInt8]? {
    guard !isComplete else { return nil }
    if let first = beforeFirstRead {
      beforeFirstRead = nil
      await first()
    }
    let part: HTTPServerRequestPart?
    do {
      part = try await parts.next()
    } catch {
      throw parts.endReason ?? .closed
    }
    switch part {
    case .body(let buffer)?:
      bytesRead += buffer.readableBytes
      return Array(buffer.readableBytesView)
    case .end?:
      isComplete = true
      return nil
    case .head?, nil:
      throw parts.endReason ?? .closed
    }
  }

  /// The whole body, refused with ``HTTPBodyError/tooLarge(_:)`` as soon as it is known to pass
  /// `limit` bytes (at once when its declared length does).
  public func collect(upTo limit: Int) async throws(HTTPBodyError) -> [UInt8] {
    if let declaredLength, declaredLength > limit { throw .tooLarge(limit) }
    var bytes: [UInt8] = []
    while let chunk = try await next() {
      guard bytes.count + chunk.count <= limit else { throw .tooLarge(limit) }
      bytes.append(contentsOf: chunk)
    }
    return bytes
  }

  /// Reads and drops the rest of a body of at most `limit` more bytes; false (nothing read)
  /// when it declares more or has no declared length.
  func drain(upTo limit: Int) async -> Bool {
    guard !isComplete else { return true }
    guard let declaredLength, declaredLength - bytesRead <= limit else { return false }
    do {
      while try await next() != nil {}
      return true
    } catch {
      return false
    }
  }

  /// Reads the body's chunks in turn (``HTTPRequestBody/next()``).
  public struct AsyncIterator: AsyncIteratorProtocol {
    let body: HTTPRequestBody
    /// The next chunk; nil at the end of the body.
    public mutating func next() async throws(HTTPBodyError) -> [UInt8]? { try await body.next() }
  }

  /// An iterator over the chunks; every iterator reads from the same body.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }
}

/// Why a request body could not be read to its end.
public enum HTTPBodyError: Error, Sendable, Equatable {
  /// Longer than the limit given to ``HTTPRequestBody/collect(upTo:)``.
  case tooLarge(Int)
  /// The client was too slow (``HTTPLimits``); the server has answered 408.
  case timedOut
  /// The connection closed, or the body was malformed, before its end.
  case closed
}

/// The request parts of one connection, shared by the connection's loop and the body of the
/// request being answered (one reader at a time).
final class RequestPartSource: @unchecked Sendable {
  private var iterator: NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator
  /// Set by the connection's handler when it ended the connection for a limit.
  var endReason: HTTPBodyError? { state.endedForTime.withLockedValue { $0 } ? .timedOut : nil }
  let state: ConnectionState

  init(_ stream: NIOAsyncChannelInboundStream<HTTPServerRequestPart>, state: ConnectionState) {
    iterator = stream.makeAsyncIterator()
    self.state = state
  }

  func next() async throws -> HTTPServerRequestPart? {
    try await iterator.next()
  }
}
