import NIOCore
import NIOHTTP1

/// A connection's limits, after the HTTP parser: it admits the connection under
/// ``HTTPLimits/maxConnections``, turns the parser's header overflow into 431 and its other
/// errors into 400, and keeps the clocks — headers, body silence and rate, the request, idle
/// keep-alive — answering 408 (or 503) and closing past them.
final class HTTPLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// How long a refused connection's input is read and dropped before it closes.
  static let lingerSeconds = 1.0

  let state: ConnectionState
  let limits: HTTPLimits
  let refusal: @Sendable (HTTPRefusal) -> HTTPResponse
  let log: @Sendable (String) -> Void
  private var activated = false
  private var clock: Scheduled<Void>?
  private var lastTick = NIODeadline.now()
  /// A read held back while a request is answered (pipelined requests wait their turn).
  private var heldRead = false

  init(_ state: ConnectionState, limits: HTTPLimits, refusal: @escaping @Sendable (HTTPRefusal) -> HTTPResponse,
       log: @escaping @Sendable (String) -> Void) {
    self.state = state
    self.limits = limits
    self.refusal = refusal
    self.log = log
  }

  // MARK: - Lifetime

  // Admitted once active, which an accepted connection becomes once registered on its event
  // loop: a close before that (a stop, a connection limit) would not take.
  func channelActive(context: ChannelHandlerContext) {
    activate(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    clock?.cancel()
    clock = nil
    state.phase = .closing
    if let entry = state.entry { state.registry.remove(entry) }
    context.fireChannelInactive()
  }

  private func activate(_ context: ChannelHandlerContext) {
    guard !activated else { return }
    activated = true
    switch state.registry.admit(context.channel) {
    case .admitted(let entry):
      state.entry = entry
      lastTick = .now()
      scheduleTick(context)
    case .full:
      refuse(context, HTTPRefusal(.tooManyConnections,
                                  "the server has as many connections as it takes, each with a request in flight; try again in a few seconds"),
             linger: false)
    case .stopping:
      state.phase = .closing
      context.close(promise: nil)
    }
  }

  // MARK: - Requests

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !state.lingering else { return }
    switch unwrapInboundIn(data) {
    case .head:
      state.openRequests += 1
      state.phase = .body
      state.requestStart = .now()
      state.requestEnded = false
      state.responseStarted = false
      state.bytesWhileResponding = false
      state.bodyBytes = 0
      state.bodyWaited = 0
      state.bodySilence = 0
      if let entry = state.entry { state.registry.set(entry, .busy) }
    case .body(let buffer):
      state.bodyBytes += buffer.readableBytes
    case .end:
      state.requestEnded = true
      if case .body = state.phase { state.phase = .responding }
    }
    context.fireChannelRead(data)
  }

  func read(context: ChannelHandlerContext) {
    // One request at a time: once a request has come whole, nothing more is read until its
    // answer has ended.
    if state.openRequests > 0 && state.requestEnded && !state.lingering {
      heldRead = true
      return
    }
    context.read()
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(let head) where head.status.code >= 200:
      state.responseStarted = true
      if case .body = state.phase, state.requestEnded { state.phase = .responding }
      context.write(data, promise: promise)
    case .end:
      context.write(data, promise: promise)
      answered(context)
    default:
      context.write(data, promise: promise)
    }
  }

  /// An answer has ended: the connection waits for the next request (its keep-alive clock
  /// runs), unless the request's body is still coming.
  private func answered(_ context: ChannelHandlerContext) {
    state.openRequests = max(0, state.openRequests - 1)
    guard state.openRequests == 0, state.requestEnded else { return }
    if case .closing = state.phase { return }
    state.responseStarted = false
    if state.bytesWhileResponding {
      state.phase = .head
      if let entry = state.entry { state.registry.set(entry, .head) }
    } else {
      state.phase = .waiting(first: false)
      if let entry = state.entry { state.registry.set(entry, .idle) }
    }
    state.phaseStart = .now()
    if heldRead {
      heldRead = false
      context.read()
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let parse = error as? HTTPParserError {
      if parse == .headerOverflow {
        refuse(context, HTTPRefusal(.headersTooLarge,
                                    "the request's line and headers are larger than the server takes (at most \(limits.maxHeaderBytes) bytes in \(limits.maxHeaderCount) fields)"),
               linger: true)
      } else {
        refuse(context, HTTPRefusal(.badRequest, "the request is not HTTP/1 the server can read"), linger: true)
      }
      return
    }
    if error is ByteToMessageDecoderError { return }  // input after a parse error: dropped
    context.fireErrorCaught(error)
  }

  // MARK: - Clocks

  private func scheduleTick(_ context: ChannelHandlerContext) {
    clock = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(limits.tick * 1e9))) {
      self.tick(context)
    }
  }

  private func tick(_ context: ChannelHandlerContext) {
    let now = NIODeadline.now()
    let step = ConnectionState.seconds(from: lastTick, to: now)
    lastTick = now
    let inPhase = ConnectionState.seconds(from: state.phaseStart, to: now)
    let inRequest = ConnectionState.seconds(from: state.requestStart, to: now)
    switch state.phase {
    case .closing:
      return
    case .head where inPhase > limits.headerTimeout:
      refuse(context, HTTPRefusal(.headerTimeout, "the request's headers did not end within \(Self.text(limits.headerTimeout)) s"), linger: false)
      return
    case .waiting(first: true) where inPhase > limits.headerTimeout, .waiting(first: false) where inPhase > limits.idleTimeout:
      // Nothing was asked: closed without an answer (a flood of silent connections costs a
      // close each, not an answer each).
      state.phase = .closing
      context.close(promise: nil)
      return
    case .body:
      if state.readPending {
        state.bodyWaited += step
        state.bodySilence += step
      }
      if let reason = bodyTooSlow(inRequest: inRequest) {
        refuse(context, HTTPRefusal(.bodyTimeout, reason), linger: false, forTime: true)
        return
      }
    case .responding where !state.responseStarted && inRequest > limits.requestTimeout:
      refuse(context, HTTPRefusal(.requestTimeout, "the server took longer than \(Self.text(limits.requestTimeout)) s to answer"),
             linger: false, forTime: true)
      return
    case .waiting, .head, .responding:
      break
    }
    scheduleTick(context)
  }

  /// Why the body is too slow, nil while it is not.
  private func bodyTooSlow(inRequest: Double) -> String? {
    if state.bodySilence > limits.bodyTimeout {
      return "no byte of the request's body came for \(Self.text(limits.bodyTimeout)) s"
    }
    let rate = Double(limits.minBodyBytesPerSecond)
    if rate > 0, state.bodyWaited >= limits.minBodyRateGrace, Double(state.bodyBytes) < rate * state.bodyWaited {
      return "the request's body came slower than \(limits.minBodyBytesPerSecond) bytes a second"
    }
    if !state.responseStarted && inRequest > limits.requestTimeout {
      return "the request's body did not end within \(Self.text(limits.requestTimeout)) s"
    }
    return nil
  }

  static func text(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  // MARK: - Refusals

  /// Answers `refusal` (unless an answer has begun) and closes: at once once it is written,
  /// or — with `linger`, for a client that may still be sending — after closing the output
  /// and reading and dropping the input for a while, so that the client reads the answer.
  private func refuse(_ context: ChannelHandlerContext, _ refusal: HTTPRefusal, linger: Bool, forTime: Bool = false) {
    if case .closing = state.phase { return }
    state.phase = .closing
    clock?.cancel()
    clock = nil
    if forTime { state.endedForTime.withLockedValue { $0 = true } }
    if let entry = state.entry { state.registry.set(entry, .idle) }
    log("refused: \(refusal.status) \(refusal.code)")
    let channel = context.channel
    var written: EventLoopFuture<Void> = context.eventLoop.makeSucceededVoidFuture()
    if !state.responseStarted {
      let response = self.refusal(refusal)
      var headers = HTTPHeaders(response.headers.filter { !HTTPConnection.serverOwned($0.0) })
      let bytes: [UInt8] = if case .bytes(let b) = response.body { b } else { [] }
      headers.replaceOrAdd(name: "Content-Length", value: String(bytes.count))
      headers.replaceOrAdd(name: "Connection", value: "close")
      let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      if !bytes.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil) }
      written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    }
    // The request's reader, if any, sees its body end now.
    context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    if linger {
      state.lingering = true
      written.whenComplete { _ in channel.close(mode: .output, promise: nil) }
      context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(Self.lingerSeconds * 1e9))) {
        channel.close(promise: nil)
      }
      context.read()
    } else {
      written.whenComplete { _ in channel.close(promise: nil) }
    }
  }
}
