import Foundation
import Testing
@testable import TrackerServe

/// `GET /metrics`' labels stay bounded and its counts add up; `--log-format json` lines are JSON.
/// (A running server's counts against an attack: Tests/serve/attack_test.py.)
@Suite struct ServeMetricsTests {
  @Test func routesAreTheAPIsOrOther() {
    #expect(ServeMetrics.route(method: "GET", path: "/healthz?x=1") == "/healthz")
    #expect(ServeMetrics.route(method: "HEAD", path: "/") == "/")
    #expect(ServeMetrics.route(method: "POST", path: "/api/convert") == "/api/convert")
    #expect(ServeMetrics.route(method: "GET", path: "/api/convert") == "other")  // a route is its method too
    #expect(ServeMetrics.route(method: "GET", path: "/metrics") == "/metrics")
    for path in ["/nowhere", "/api/convert/../x", "/%00", String(repeating: "a", count: 5000)] {
      #expect(ServeMetrics.route(method: "GET", path: path) == "other")
    }
  }

  @Test func countsAddUpInTheTextFormat() {
    let metrics = ServeMetrics(slots: 3)
    for _ in 0..<3 { metrics.request(method: "GET", path: "/healthz", status: 200) }
    metrics.request(method: "GET", path: "/secret-\(UUID())", status: 404)
    metrics.request(method: "GET", path: "/another-\(UUID())", status: 404)
    metrics.refusal("headers-too-large")
    metrics.conversion(method: "POST", path: "/api/convert", nanoseconds: 300_000_000)
    metrics.working(true)
    let text = String(decoding: metrics.text(), as: UTF8.self)
    #expect(text.contains("trackport_http_requests_total{route=\"/healthz\",status=\"200\"} 3"))
    #expect(text.contains("trackport_http_requests_total{route=\"other\",status=\"404\"} 2"))
    #expect(!text.contains("secret-") && !text.contains("another-"))
    #expect(text.contains("trackport_refusals_total{reason=\"headers-too-large\"} 1"))
    #expect(text.contains("trackport_conversion_duration_seconds_bucket{route=\"/api/convert\",le=\"0.25\"} 0"))
    #expect(text.contains("trackport_conversion_duration_seconds_bucket{route=\"/api/convert\",le=\"0.5\"} 1"))
    #expect(text.contains("trackport_conversions_in_progress 1.0") && text.contains("trackport_conversion_slots 3.0"))
  }

  @Test func jsonLogLinesAreJSONObjects() throws {
    let access = ServeLogFormat.json.access(method: "POST", path: "/api/\"convert\"", route: "other", status: 413,
                                            received: 10, sent: 93, milliseconds: 1.26)
    let entry = try #require(try JSONSerialization.jsonObject(with: Data(access.utf8)) as? [String: Any])
    #expect(entry["kind"] as? String == "access" && entry["path"] as? String == "/api/\"convert\"" && entry["status"] as? Int == 413)
    #expect(entry["ms"] as? Double == 1.3 && entry["in"] as? Int == 10 && entry["out"] as? Int == 93)
    let time = try #require(entry["time"] as? String)
    #expect(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
    let line = ServeLogFormat.json.message("refused: 431 \"headers\"\n")
    let server = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(server["kind"] as? String == "server" && server["message"] as? String == "refused: 431 \"headers\"\n")
    #expect(ServeLogFormat.text.access(method: "GET", path: "/healthz", route: "/healthz", status: 200, received: 0, sent: 3,
                                       milliseconds: 0.04) == "GET /healthz 200 in=0 out=3 0.0ms")
  }
}
