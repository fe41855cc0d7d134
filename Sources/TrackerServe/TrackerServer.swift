import BoundedHTTP
import Dispatch
import Foundation
import TrackerServeAPI

/// ``ServeAPI`` on a socket: a ``BoundedHTTPServer`` (SwiftNIO, chosen over Hummingbird for its
/// build cost: docs/serve.md) that holds every client to its ``HTTPLimits``, with the request
/// limits of ``ServeLimits``, a bounded number of conversions at once and an access log that
/// names method, path, status, sizes and duration — never anything of a file.
public final class TrackerServer: Sendable {
  let server: BoundedHTTPServer
  let workers = WorkerPool()
  /// What `GET /metrics` answers (``ServeMetrics``).
  public let metrics: ServeMetrics

  /// A server on `host:port` (an IPv4 or IPv6 literal, or `localhost`); port 0 picks a free one
  /// (``port()`` says which). `log` receives one access-log line per request, and the server's
  /// own lines (refusals, failed accepts). `isolation` says where the work on uploads runs: on a
  /// thread of this process (the default), or in a worker process killed at the time limit
  /// (``ConversionIsolation``). `http` bounds the connections; its
  /// ``HTTPLimits/requestTimeout`` is `api.limits.requestTimeoutSeconds`. `logFormat` shapes
  /// every line given to `log` (``ServeLogFormat``).
  public init(host: String, port: UInt16, api: ServeAPI = ServeAPI(), isolation: ConversionIsolation = .thread,
              http: HTTPLimits = HTTPLimits(), logFormat: ServeLogFormat = .text,
              log: @escaping @Sendable (String) -> Void = { _ in }) throws {
    guard host == "localhost" || (!host.contains("/") && IPAddressRange(host) != nil) else { throw ServeAddressError(host: host) }
    var http = http
    http.requestTimeout = api.limits.requestTimeoutSeconds
    metrics = ServeMetrics(slots: api.limits.maxConcurrent)
    let service = ServeService(api: api, slots: ConversionSlots(api.limits.maxConcurrent), isolation: isolation,
                               workers: workers, metrics: metrics, logFormat: logFormat, log: log)
    server = BoundedHTTPServer(host: host == "localhost" ? "127.0.0.1" : host, port: Int(port), limits: http,
                               service: service, log: { log(logFormat.message($0)) })
  }

  /// The connection limits in force (``HTTPLimits/maxConnections`` lowered to the open-file
  /// limit when it is lower).
  public var httpLimits: HTTPLimits { server.limits }

  /// Serves until ``stop(timeout:)``; throws when the address cannot be bound.
  public func run() async throws {
    try await server.run()
  }

  /// Waits until the server accepts connections (at most `timeout` seconds).
  public func waitUntilListening(timeout: Double = 5) async throws {
    try await server.waitUntilListening(timeout: timeout)
  }

  /// The port the server listens on, once listening.
  public func port() async -> Int? {
    server.port
  }

  /// Stops accepting, closes the idle connections, lets requests in flight finish (up to
  /// `timeout` seconds; with none, it returns at once), then kills the workers still running
  /// (their requests get 503 `stopping`) and returns.
  public func stop(timeout: Double = 10) async {
    // A request waits for its worker: the workers are killed at `timeout` by a clock of their
    // own, so that their requests end and the stop can return.
    let workers = self.workers
    let clock = DispatchWorkItem { workers.stopAll() }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: clock)
    await server.stop(grace: timeout + 0.5)
    clock.cancel()
    workers.stopAll()
  }
}

/// An address that is neither an IP address nor `localhost`.
public struct ServeAddressError: Error, CustomStringConvertible {
  /// The address given.
  public var host: String
  /// What was wrong with the address.
  public var description: String { "'\(host)' is not an IPv4 or IPv6 address (or localhost)" }
}
