#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on SwiftNIO that holds every client to ``HTTPLimits`` — header size and
/// count, the time to the end of the headers, body silence and rate, idle keep-alive, total
/// connections, requests in flight per client — and answers each request it lets through with
/// an ``HTTPService``. It survives running out of files (it frees one and accepts again) and
/// stops gracefully: at once when nothing is in flight, else after the requests in flight, up to
/// ``HTTPLimits/shutdownGrace``.
public final class BoundedHTTPServer: Sendable {
  private enum Status {
    case created, listening(Int, NIOAsyncChannel<AcceptedConnection, Never>), failed(String), stopped
  }

  /// The address asked for.
  public let host: String
  /// The port asked for (0: any free one).
  public let requestedPort: Int
  /// The limits in force: those given, with ``HTTPLimits/maxConnections`` lowered to what the
  /// open-file limit allows.
  public let limits: HTTPLimits
  let service: any HTTPService
  let log: @Sendable (String) -> Void
  let registry: ConnectionRegistry
  private let group: MultiThreadedEventLoopGroup
  private let status = NIOLockedValueBox(Status.created)
  private let finished = NIOLockedValueBox(false)
  /// Whether the event loops still run. A channel closed from outside its loop is a task
  /// enqueued there, which NIO refuses once the group has shut down (with a line on standard
  /// error, not in the log's format): ``stop(grace:)`` closes channels only under this lock
  /// while it is true, and ``run()`` makes it false before it shuts the group down.
  private let loopsRunning = NIOLockedValueBox(true)

  /// A server for `host:port` (an IPv4 or IPv6 literal, or a name such as `localhost`), not yet
  /// listening (``run()``). `log` gets one line for what a client is not told: refusals, failed
  /// accepts, a connection limit lowered to the open-file limit.
  public init(host: String, port: Int, limits: HTTPLimits = HTTPLimits(), service: any HTTPService,
              log: @escaping @Sendable (String) -> Void = { _ in }) {
    var limits = limits
    let (allowed, files) = Self.connectionsWithinFileLimit(limits.maxConnections, reserving: limits.reservedFiles)
    if allowed < limits.maxConnections {
      log("at most \(allowed) connections at once (the open-file limit is \(files); asked for \(limits.maxConnections))")
      limits.maxConnections = allowed
    }
    self.host = host
    requestedPort = port
    self.limits = limits
    self.service = service
    self.log = log
    registry = ConnectionRegistry(maxConnections: limits.maxConnections, maxPerClient: limits.maxRequestsPerClient)
    group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, min(4, System.coreCount)))
  }

  /// How many of `wanted` connections the open-file limit allows once `reservedFiles` are
  /// kept, after raising the soft limit towards the hard one as far as `wanted` needs; and the
  /// limit.
  static func connectionsWithinFileLimit(_ wanted: Int, reserving reservedFiles: Int) -> (Int, Int) {
    var files = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 else { return (wanted, -1) }
    let needed = rlim_t(max(0, wanted) + max(0, reservedFiles))
    if files.rlim_cur < needed && files.rlim_max > files.rlim_cur {
      var raised = files
      raised.rlim_cur = min(files.rlim_max, needed)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { files = raised }
    }
    let current = files.rlim_cur == rlim_t.max ? Int.max : Int(clamping: files.rlim_cur)
    return (min(wanted, max(1, current - max(0, reservedFiles))), current)
  }

  /// Ends the event loops, once no channel may be closed from outside them any more.
  private func shutDownLoops() async {
    loopsRunning.withLockedValue { $0 = false }
    try? await group.shutdownGracefully()
  }

  /// Runs `body` (which closes channels) while the event loops run; else does nothing, their
  /// channels being closed already.
  private func whileLoopsRun(_ body: () -> Void) {
    loopsRunning.withLockedValue { running in if running { body() } }
  }

  /// Listens and serves until ``stop()``; throws when the address cannot be bound.
  public func run() async throws {
    let registry = self.registry, limits = self.limits, service = self.service, log = self.log
    let decoderLimits = limits.decoderLimits
    let refusal: @Sendable (HTTPRefusal) -> HTTPResponse = { service.refusal($0) }
    let listener: NIOAsyncChannel<AcceptedConnection, Never>
    do {
      listener = try await ServerBootstrap(group: group)
        .serverChannelOption(.backlog, value: 256)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .serverChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(AcceptGuard(registry: registry, log: log))
          }
        }
        .bind(host: host, port: requestedPort) { channel in
          registry.accept(channel)
          return channel.eventLoop.makeCompletedFuture {
            // Set here, not as a child channel option: a child option that fails ends the
            // accepting stream (NIO fires it after the accept handler), and with it the server.
            // (`.socketOption(.tcp_nodelay)` would be SOL_SOCKET's option 1, SO_DEBUG, which an
            // unprivileged container refuses.)
            try? channel.syncOptions?.setOption(.tcpOption(.tcp_nodelay), value: 1)
            let state = ConnectionState(registry: registry)
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(ByteActivityHandler(state))
            try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false,
                                                     withOutboundHeaderValidation: true, withEncoderConfiguration: .init(),
                                                     withDecoderLimitConfiguration: decoderLimits)
            try pipeline.addHandler(HTTPLimitHandler(state, limits: limits, refusal: refusal, log: log))
            return AcceptedConnection(channel: try NIOAsyncChannel(wrappingChannelSynchronously: channel), state: state)
          }
        }
    } catch {
      status.withLockedValue { $0 = .failed("\(error)") }
      await shutDownLoops()
      throw error
    }
    let stoppedEarly = status.withLockedValue { current -> Bool in
      if case .stopped = current { return true }
      current = .listening(listener.channel.localAddress?.port ?? requestedPort, listener)
      return false
    }
    if stoppedEarly { listener.channel.close(promise: nil) }
    var failure: (any Error)?
    await withDiscardingTaskGroup { tasks in
      do {
        try await listener.executeThenClose { connections in
          for try await accepted in connections {
            tasks.addTask { await HTTPConnection(accepted: accepted, service: service, limits: limits, registry: registry, log: log).serve() }
          }
        }
      } catch {
        failure = error
      }
    }
    // Accepting ended without stop(): the caller must not take that for a clean stop. The
    // status lets go of the listener here, before the loops end: what it still holds (the
    // connections accepted and not yet served) is released while their loops can close them.
    let stopped = status.withLockedValue { current -> Bool in
      if case .stopped = current { return true }
      current = .failed("stopped accepting connections: \(failure.map { "\($0)" } ?? "the listening socket closed")")
      return false
    }
    finished.withLockedValue { $0 = true }
    await shutDownLoops()
    if !stopped { throw BoundedHTTPError.stoppedAccepting(failure.map { "\($0)" } ?? "the listening socket closed") }
  }

  /// Waits until the server listens (at most `timeout` seconds); throws when it cannot.
  public func waitUntilListening(timeout: Double = 5) async throws {
    let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1e9))
    // Looked at once more after the deadline: a wait that was itself held up past it (a busy
    // cooperative pool) still sees a server that started meanwhile.
    var last = false
    while !last {
      last = NIODeadline.now() >= deadline
      switch status.withLockedValue({ $0 }) {
      case .listening: return
      case .failed(let reason): throw BoundedHTTPError.notListening(reason)
      case .stopped: throw BoundedHTTPError.notListening("stopped")
      case .created: if !last { try await Task.sleep(nanoseconds: 5_000_000) }
      }
    }
    throw BoundedHTTPError.notListening("not listening after \(timeout) s")
  }

  /// The port the server listens on, once listening.
  public var port: Int? {
    if case .listening(let port, _) = status.withLockedValue({ $0 }) { return port }
    return nil
  }

  /// Connections open now.
  public var connectionCount: Int { registry.count }

  /// Stops within ``HTTPLimits/shutdownGrace``: ``stop(grace:)``.
  public func stop() async { await stop(grace: limits.shutdownGrace) }

  /// Stops accepting and closes every connection without a request in flight; the requests in
  /// flight may finish (their answers say `Connection: close`) for up to `grace` seconds, then
  /// their connections are closed too. Returns once ``run()`` has ended (or a second after).
  public func stop(grace: Double) async {
    let listener: NIOAsyncChannel<AcceptedConnection, Never>? = status.withLockedValue { current in
      defer { current = .stopped }
      if case .listening(_, let listener) = current { return listener }
      return nil
    }
    // Not awaited: waiting on a future from outside its loop enqueues a callback there, and
    // the loops may end as soon as the listener closes. run() ending is awaited below instead.
    whileLoopsRun {
      registry.quiesce()
      listener?.channel.close(promise: nil)
    }
    let deadline = NIODeadline.now() + .nanoseconds(Int64(max(0, grace) * 1e9))
    while registry.requestsInFlight > 0 && NIODeadline.now() < deadline {
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
    // run() may have ended meanwhile (nothing was in flight): its loops closed every channel.
    whileLoopsRun { registry.closeAll() }
    guard listener != nil else { return }
    let end = NIODeadline.now() + .seconds(1)
    while !finished.withLockedValue({ $0 }) && NIODeadline.now() < end {
      try? await Task.sleep(nanoseconds: 5_000_000)
    }
  }
}

extension HTTPLimits {
  /// NIO's parser limits: the head's bytes (request line included) and field count.
  var decoderLimits: NIOHTTPDecoderLimitConfiguration {
    var decoder = NIOHTTPDecoderLimitConfiguration()
    decoder.maxHeaderListSize = maxHeaderBytes
    decoder.maxHeaderFieldSize = maxHeaderBytes
    decoder.maxHeaderFieldCount = maxHeaderCount
    return decoder
  }
}

/// Why a ``BoundedHTTPServer`` does not serve.
public enum BoundedHTTPError: Error, CustomStringConvertible {
  /// It could not listen (the address, the port in use), or was stopped first.
  case notListening(String)
  /// It listened, then its listening socket failed or closed without ``BoundedHTTPServer/stop()``.
  case stoppedAccepting(String)

  /// The reason, as a sentence.
  public var description: String {
    switch self {
    case .notListening(let reason): reason
    case .stoppedAccepting(let reason): "stopped accepting connections: \(reason)"
    }
  }
}
