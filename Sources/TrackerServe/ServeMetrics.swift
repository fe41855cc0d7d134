import Prometheus
import TrackerServeAPI

/// What `GET /metrics` answers, in Prometheus's text format (swift-prometheus's registry, one
/// per server): requests by route and status, the time of each upload's work by route, the
/// conversions running and the slots for them, and the server's refusals by reason. Labels are
/// bounded: a route is one of ``ServeRoute/all`` (anything else is `other`), a status is a
/// number, a reason one of ``HTTPRefusal/Reason`` or `busy`. Nothing of a request's content,
/// path beyond its route, or client is recorded.
public final class ServeMetrics: Sendable {
  /// The registry the metrics live in; ``text()`` renders it.
  public let registry = PrometheusCollectorRegistry()
  let inProgress: Gauge

  /// The seconds the work on an upload may take are bucketed at these bounds.
  static let durationBuckets: [Duration] = [.milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
                                            .seconds(30), .seconds(60)]

  /// Metrics for a server with `slots` conversions at once.
  public init(slots: Int) {
    inProgress = registry.makeGauge(descriptor: Self.name("conversions_in_progress", "",
                                                          "Uploads being worked on now (each in a worker process with --isolation process)."))
    registry.makeGauge(descriptor: Self.name("conversion_slots", "", "How many uploads may be worked on at once (--max-conversions)."))
      .set(Double(max(1, slots)))
  }

  /// One answered request: `method` and `path` as received (the path's query is ignored).
  public func request(method: String, path: String, status: Int) {
    registry.makeCounter(descriptor: Self.requests, labels: [("route", Self.route(method: method, path: path)), ("status", String(status))])
      .increment()
  }

  /// The work on one upload took `nanoseconds` (from a slot taken to the answer).
  public func conversion(method: String, path: String, nanoseconds: UInt64) {
    registry.makeDurationHistogram(descriptor: Self.duration, labels: [("route", Self.route(method: method, path: path))],
                                   buckets: Self.durationBuckets)
      .recordNanoseconds(Int64(clamping: nanoseconds))
  }

  /// A request refused before the API answered it: `reason` is an ``HTTPRefusal`` code, or
  /// `busy` (every conversion slot taken past the wait).
  public func refusal(_ reason: String) {
    registry.makeCounter(descriptor: Self.refusals, labels: [("reason", reason)]).increment()
  }

  /// An upload's work began (`true`) or ended.
  func working(_ started: Bool) {
    if started { inProgress.increment() } else { inProgress.decrement() }
  }

  /// The text format (version 0.0.4), as `GET /metrics` answers it.
  public func text() -> [UInt8] { registry.emitToBuffer() }

  /// `GET /metrics`'s content type.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// The route label: the API's route for `method` and `path`, else `other`.
  static func route(method: String, path: String) -> String {
    let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
    if bare == "/metrics" && (method == "GET" || method == "HEAD") { return "/metrics" }
    return ServeRoute.find(method: method == "HEAD" ? "GET" : method, path: bare)?.path ?? "other"
  }

  static var requests: MetricNameDescriptor { name("http_requests", "total", "Requests answered, by route and status.") }
  static var duration: MetricNameDescriptor { name("conversion_duration", "seconds", "The work on one upload, from its slot to its answer, by route.") }
  static var refusals: MetricNameDescriptor { name("refusals", "total", "Requests the server refused itself, by reason (431, 408, 429, 503...).") }

  static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(namespace: "trackport", metricName: metric, unitName: unit, helpText: help)
  }
}
