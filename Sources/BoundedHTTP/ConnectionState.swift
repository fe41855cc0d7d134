import NIOConcurrencyHelpers
import NIOCore

/// One connection's clocks and phase, shared by its two handlers (``ByteActivityHandler``
/// before the HTTP parser, ``HTTPLimitHandler`` after it). Every field but ``endedForTime``
/// belongs to the connection's event loop.
final class ConnectionState: @unchecked Sendable {
  /// Where the connection is in its requests.
  enum Phase {
    /// No byte of a request yet: the connection is new (`first`) or kept alive.
    case waiting(first: Bool)
    /// Bytes of a request's line and headers, not yet their end.
    case head
    /// The headers have come; the body is coming.
    case body
    /// The request has come whole; its answer is being made or sent.
    case responding
    /// Refused or timed out: closing.
    case closing
  }

  let registry: ConnectionRegistry
  /// The connection in the registry; nil when it was not admitted.
  var entry: ConnectionRegistry.Entry?
  let opened = NIODeadline.now()
  var phase = Phase.waiting(first: true)
  /// When ``phase`` began (for a new connection's headers: when it opened).
  var phaseStart = NIODeadline.now()
  /// The head of the request being read or answered arrived then.
  var requestStart = NIODeadline.now()
  /// Requests whose head has come and whose answer has not ended.
  var openRequests = 0
  /// Whether the last request's body has come to its end.
  var requestEnded = true
  /// Whether the answer to the last request has begun (its head is written).
  var responseStarted = false
  /// Body bytes of the current request so far.
  var bodyBytes = 0
  /// Seconds the server has waited for the current body (reads asked for and not yet given).
  var bodyWaited = 0.0
  /// Seconds of that wait since the last body byte.
  var bodySilence = 0.0
  /// Whether a read is asked of the socket and has not been given yet: the body clocks run
  /// only then, so a service that reads slowly does not make its client look slow.
  var readPending = false
  /// Whether bytes of a next request came while the last was answered.
  var bytesWhileResponding = false
  /// Whether the connection's input is being read and dropped after a refusal (so that the
  /// client, still sending, reads the refusal instead of a reset).
  var lingering = false
  /// Set when a time limit ended the connection: the body's reader is told it timed out.
  let endedForTime = NIOLockedValueBox(false)

  init(registry: ConnectionRegistry) {
    self.registry = registry
  }

  /// Seconds from `start` to `now`.
  static func seconds(from start: NIODeadline, to now: NIODeadline) -> Double {
    Double((now - start).nanoseconds) / 1e9
  }
}
