import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
import TrackerServeAPI

/// ``ServeAPI`` on a socket: FlyingFox's HTTP/1.1 server (a light framework on plain sockets,
/// chosen over Hummingbird for its build cost: docs/serve.md), the request limits of
/// ``ServeLimits``, a bounded number of conversions at once and an access log that names
/// method, path, status, sizes and duration — never anything of a file.
public final class TrackerServer: Sendable {
  let server: HTTPServer
  let workers = WorkerPool()

  /// A server on `host:port` (an IPv4 or IPv6 literal, or `localhost`); port 0 picks a free one
  /// (``port()`` says which). `log` receives one access-log line per request. `isolation` says
  /// where the work on uploads runs: on a thread of this process (the default), or in a worker
  /// process killed at the time limit (``ConversionIsolation``).
  public init(host: String, port: UInt16, api: ServeAPI = ServeAPI(), isolation: ConversionIsolation = .thread,
              log: @escaping @Sendable (String) -> Void = { _ in }) throws {
    let address: any SocketAddress
    switch host {
    case "localhost": address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
    case _ where host.contains(":"): address = try sockaddr_in6.inet6(ip6: host, port: port)
    default: address = try sockaddr_in.inet(ip4: host, port: port)
    }
    // The handler answers every request itself (no FlyingFox routes): ServeAPI routes.
    let handler = Handler(api: api, slots: ConversionSlots(api.limits.maxConcurrent), isolation: isolation, workers: workers, log: log)
    // FlyingFox reads a body of up to sharedRequestBufferSize bytes before the handler runs,
    // and keeps up to sharedRequestReplaySize for a replay before it; with no replay, every
    // body past 4 KiB is read by the handler, in 4 KiB chunks, so the request timeout bounds a
    // slow body. Headers and a body of 4 KiB or less are read before it: bounded in size, not
    // in time (docs/serve.md says to put a proxy in front for that).
    server = HTTPServer(config: .init(address: address, timeout: api.limits.requestTimeoutSeconds, sharedRequestBufferSize: 4_096,
                                      sharedRequestReplaySize: 0, logger: DisabledLogger.disabled),
                        handler: handler)
  }

  /// Serves until ``stop()``; throws when the address cannot be bound.
  public func run() async throws {
    try await server.run()
  }

  /// Waits until the server accepts connections (at most `timeout` seconds).
  public func waitUntilListening(timeout: Double = 5) async throws {
    try await server.waitUntilListening(timeout: timeout)
  }

  /// The port the server listens on, once listening.
  public func port() async -> Int? {
    switch await server.listeningAddress {
    case .ip4(_, let port)?, .ip6(_, let port)?: Int(port)
    default: nil
    }
  }

  /// Stops accepting, lets requests in flight finish (up to `timeout` seconds), then kills the
  /// workers still running (their requests get nothing) and returns.
  public func stop(timeout: Double = 10) async {
    // FlyingFox's stop waits for every handler, and a handler waits for its worker: the
    // workers are killed at `timeout` by a clock of their own.
    let workers = self.workers
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { workers.stopAll() }
    await server.stop(timeout: timeout)
    workers.stopAll()
  }

  /// FlyingFox's handler of every request.
  struct Handler: HTTPHandler {
    let api: ServeAPI
    let slots: ConversionSlots
    let isolation: ConversionIsolation
    let workers: WorkerPool
    let log: @Sendable (String) -> Void

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse { await handle(request) }

    /// One request: the limits, a conversion slot for the endpoints that read a file, the API,
    /// the access-log line.
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
      let started = DispatchTime.now().uptimeNanoseconds
      let method = request.method.rawValue
      let path = request.path
      var received = 0
      let response: ServeResponse
      do throws(ServeError) {
        let body = try await Self.body(of: request, limit: api.limits.maxRequestBytes)
        received = body.count
        if method == "POST" {
          guard await slots.acquire(waitingUpTo: api.limits.queueWaitSeconds) else {
            throw ServeError(status: 503, code: "busy", message: "the server is converting as many files as it may; try again in a few seconds")
          }
          let slots = self.slots
          let work = WorkerMessage.Request(method: method, path: path, contentType: request.headers[.contentType], body: body)
          response = await isolation.answer(work, api: api, workers: workers, log: log) { Task { await slots.release() } }
        } else {
          response = api.respond(method: method, path: path, contentType: nil, body: body)
        }
      } catch {
        response = ServeResponse(error: error)
      }
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
      log("\(method) \(Self.loggable(path)) \(response.status) in=\(received) out=\(response.body.count) \(String(format: "%.1f", milliseconds))ms")
      var headers = HTTPHeaders()
      for (name, value) in response.headers { headers.addValue(value, for: HTTPHeader(name)) }
      headers.addValue("nosniff", for: HTTPHeader("X-Content-Type-Options"))
      headers.addValue("no-store", for: HTTPHeader("Cache-Control"))
      return HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: Self.phrase(response.status)),
                          headers: headers, body: Data(response.body))
    }

    /// The body, refused with 413 past `limit`: at once when `Content-Length` says so, else as
    /// soon as the bytes read pass it.
    static func body(of request: HTTPRequest, limit: Int) async throws(ServeError) -> [UInt8] {
      if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
        throw ServeError.tooLarge(limit)
      }
      var bytes: [UInt8] = []
      do {
        for try await chunk in request.bodySequence {
          guard bytes.count + chunk.count <= limit else { throw ServeError.tooLarge(limit) }
          bytes.append(contentsOf: chunk)
        }
      } catch let error as ServeError {
        throw error
      } catch {
        throw ServeError(status: 400, code: "bad-request", message: "the request body could not be read")
      }
      return bytes
    }

    /// The path for the log: printable ASCII only, at most 200 characters.
    static func loggable(_ path: String) -> String {
      String(String(path.unicodeScalars.map { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F ? Character($0) : "?" }).prefix(200))
    }

    static func phrase(_ status: Int) -> String {
      switch status {
      case 200: "OK"
      case 400: "Bad Request"
      case 404: "Not Found"
      case 405: "Method Not Allowed"
      case 413: "Content Too Large"
      case 415: "Unsupported Media Type"
      case 422: "Unprocessable Content"
      case 503: "Service Unavailable"
      default: "Internal Server Error"
      }
    }
  }
}

/// How many conversions may run at once; a request past them waits for a turn, a bounded time.
actor ConversionSlots {
  private var free: Int

  init(_ count: Int) { free = max(1, count) }

  /// Takes a slot, waiting up to `seconds`; false when none came free.
  func acquire(waitingUpTo seconds: Double) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    while free == 0 {
      guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
      try? await Task.sleep(nanoseconds: 20_000_000)
    }
    free -= 1
    return true
  }

  func release() { free += 1 }
}
