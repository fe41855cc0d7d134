import BoundedHTTP
import Dispatch
import Foundation
import TrackerServeAPI

/// ``ServeAPI`` as a ``HTTPService``: the body read within `--max-upload`, a conversion slot for
/// every POST, the work where ``ConversionIsolation`` says, `GET /metrics`, the access-log line
/// and the metrics of each request; refusals of the server itself (431, 408, 429, 503) in the
/// API's JSON.
struct ServeService: HTTPService {
  let api: ServeAPI
  let slots: ConversionSlots
  let isolation: ConversionIsolation
  let workers: WorkerPool
  let metrics: ServeMetrics
  let logFormat: ServeLogFormat
  let log: @Sendable (String) -> Void

  /// One request: the limits, a conversion slot for the endpoints that read a file, the API,
  /// the access-log line.
  func respond(to request: HTTPRequest, body: HTTPRequestBody) async -> HTTPResponse {
    let started = DispatchTime.now().uptimeNanoseconds
    let method = request.method
    let path = request.path
    var received = 0
    var response: ServeResponse
    do throws(ServeError) {
      let bytes = try await Self.body(body, limit: api.limits.maxRequestBytes)
      received = bytes.count
      if method == "POST" {
        guard await slots.acquire(waitingUpTo: api.limits.queueWaitSeconds) else {
          metrics.refusal("busy")
          throw ServeError(status: 503, code: "busy", message: "the server is converting as many files as it may; try again in a few seconds")
        }
        let slots = self.slots, metrics = self.metrics, log = self.log, logFormat = self.logFormat
        let work = WorkerMessage.Request(method: method, path: path, contentType: request.header("Content-Type"), body: bytes)
        let began = DispatchTime.now().uptimeNanoseconds
        metrics.working(true)
        response = await isolation.answer(work, api: api, workers: workers, log: { log(logFormat.message($0)) }) {
          metrics.working(false)
          Task { await slots.release() }
        }
        metrics.conversion(method: method, path: path, nanoseconds: DispatchTime.now().uptimeNanoseconds - began)
      } else if method == "GET" || method == "HEAD", path.split(separator: "?", maxSplits: 1).first == "/metrics" {
        response = ServeResponse(status: 200, headers: [("Content-Type", ServeMetrics.contentType)], body: metrics.text())
      } else {
        response = api.respond(method: method, path: path, contentType: nil, body: bytes)
      }
    } catch {
      response = ServeResponse(error: error)
    }
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
    metrics.request(method: method, path: path, status: response.status)
    log(logFormat.access(method: method, path: Self.loggable(path), route: ServeMetrics.route(method: method, path: path),
                         status: response.status, received: received, sent: response.body.count, milliseconds: milliseconds))
    return Self.http(response)
  }

  /// The server's own refusals as ``ServeError``s: `{"error": {"code", "message"}}` with the
  /// refusal's code (`headers-too-large`, `header-timeout`, `body-timeout`, `request-timeout`,
  /// `too-many-requests`, `too-many-connections`, `bad-request`).
  func refusal(_ refusal: HTTPRefusal) -> HTTPResponse {
    metrics.refusal(refusal.code)
    var response = ServeResponse(error: ServeError(status: refusal.status, code: refusal.code, message: refusal.message))
    if refusal.status == 429 { response.headers.append(("Retry-After", "5")) }
    return Self.http(response)
  }

  /// `response` with the headers every answer carries.
  static func http(_ response: ServeResponse) -> HTTPResponse {
    HTTPResponse(status: response.status,
                 headers: response.headers + [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store")],
                 bytes: response.body)
  }

  /// The body, refused with 413 past `limit`: at once when `Content-Length` says so, else as
  /// soon as the bytes read pass it; 408 when the client was cut off for slowness (the server
  /// has answered that itself), 400 when the connection ended before the body did.
  static func body(_ body: HTTPRequestBody, limit: Int) async throws(ServeError) -> [UInt8] {
    do {
      return try await body.collect(upTo: limit)
    } catch .tooLarge {
      throw ServeError.tooLarge(limit)
    } catch .timedOut {
      throw ServeError(status: 408, code: "body-timeout", message: "the request's body came too slowly")
    } catch {
      throw ServeError(status: 400, code: "bad-request", message: "the request body could not be read")
    }
  }

  /// The path for the log: printable ASCII only, at most 200 characters.
  static func loggable(_ path: String) -> String {
    String(String(path.unicodeScalars.map { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F ? Character($0) : "?" }).prefix(200))
  }
}
