import Foundation
import TrackerPort
import TrackerReport
import TrackerOutput
import TrackerServeAPI
#if canImport(Glibc)
import Glibc
#endif

/// `trackport hub serve`'s answers, free of any server: the hub's private web.
///
/// - `GET /feed/SECRET.ics`: the history as a calendar, for calendar apps to subscribe to. The
///   secret (``HubSecrets/feedSecret()``) is the only credential: a wrong one is 404, as any
///   unknown path. `ETag` (from the history's hash) and `Last-Modified` let a client poll with
///   `If-None-Match` / `If-Modified-Since` and get 304 while nothing changed.
/// - `GET /healthz`: `ok` when the hub's history can be read (503 when not), without a token,
///   for container health checks and Kubernetes probes; it tells nothing of the hub.
/// - Everything else needs `Authorization: Bearer TOKEN` (``HubSecrets``), checked before the
///   path is looked at, so nothing answers without it but 401: `GET /` (the HTML report),
///   `GET /history.trackport.json`, `GET /journal.json` and `POST /run` (one `hub run`; 409
///   while another holds the lock).
public struct HubServeAPI: Sendable {
  public let hub: Hub
  let outputs: HubOutputs

  public init(hub: Hub, outputs: HubOutputs = HubOutputs()) {
    self.hub = hub
    self.outputs = outputs
  }

  /// The answer to one request; `headers` as received (names in any case).
  public func respond(method: String, path: String, headers: [(String, String)]) -> ServeResponse {
    let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
    do {
      if route.hasPrefix("/feed/") { return try feed(method: method, route: route, headers: headers) }
      if route == "/healthz" { return health(method: method) }
      guard authorized(headers) else {
        return ServeResponse(status: 401, headers: [("Content-Type", "application/json"), ("WWW-Authenticate", "Bearer realm=\"trackport hub\"")],
                             body: Array("{\"error\":\"unauthorized\",\"message\":\"this hub needs Authorization: Bearer TOKEN (trackport hub token add)\"}\n".utf8))
      }
      switch (method, route) {
      case ("GET", "/"), ("HEAD", "/"): return try report()
      case ("GET", "/history.trackport.json"), ("HEAD", "/history.trackport.json"):
        let (bytes, hash) = try hub.history()
        return ServeResponse(status: 200, headers: [("Content-Type", "application/json"), ("ETag", Self.etag(hash)), ("Cache-Control", "no-cache")], body: bytes)
      case ("GET", "/journal.json"), ("HEAD", "/journal.json"):
        return ServeResponse(status: 200, contentType: "application/json", text: try HubLogJSON.render(try hub.log()))
      case ("POST", "/run"):
        do {
          let report = try hub.run(wait: false, outputs: outputs)
          let counts = Dictionary(grouping: report.entries, by: \.status.rawValue).mapValues(\.count)
          let json = try JSONSerialization.data(withJSONObject: ["run": report.run, "historyChanged": report.historyChanged, "entries": counts,
                                                                  "outputsFailed": report.outputs.filter { $0.outcome == .failed }.map(\.key)],
                                                 options: [.sortedKeys])
          return ServeResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(json) + [0x0a])
        } catch let error as HubError where error.kind == .busy {
          return Self.error(409, "busy", "another run of this hub is in progress")
        }
      case (_, "/"), (_, "/history.trackport.json"), (_, "/journal.json"), (_, "/run"):
        return Self.error(405, "method-not-allowed", "\(method) is not allowed here")
      default:
        return Self.error(404, "not-found", "no such page")
      }
    } catch {
      return Self.error(500, "hub-error", "the hub could not answer: see the server's log")
    }
  }

  /// `/healthz`, open to anyone: whether the history can be read, nothing more.
  func health(method: String) -> ServeResponse {
    guard method == "GET" || method == "HEAD" else { return Self.error(405, "method-not-allowed", "\(method) is not allowed here") }
    guard (try? hub.store.checkExists()) != nil, access(hub.store.historyPath, R_OK) == 0 else { return ServeResponse(status: 503, contentType: "text/plain", text: "the hub's history cannot be read\n") }
    return ServeResponse(status: 200, contentType: "text/plain", text: "ok\n")
  }

  /// The path as an access log may show it: the feed's secret replaced.
  public static func loggedPath(_ path: String) -> String {
    path.hasPrefix("/feed/") ? "/feed/…" : path
  }

  func authorized(_ headers: [(String, String)]) -> Bool {
    guard let value = headers.first(where: { $0.0.lowercased() == "authorization" })?.1 else { return false }
    let parts = value.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
    let secrets = HubSecrets(store: hub.store)
    guard let hashes = try? secrets.tokenHashes(), !hashes.isEmpty else { return false }
    return secrets.accepts(String(parts[1]).trimmingSpaces, hashes: hashes)
  }

  private func feed(method: String, route: String, headers: [(String, String)]) throws -> ServeResponse {
    let name = route.dropFirst("/feed/".count)
    let secret = name.hasSuffix(".ics") ? String(name.dropLast(4)) : ""
    let expected = try HubSecrets(store: hub.store).feedSecret()
    guard HubSecrets.constantTimeEqual(Array(secret.utf8), Array(expected.utf8)) else { return Self.error(404, "not-found", "no such page") }
    guard method == "GET" || method == "HEAD" else { return Self.error(405, "method-not-allowed", "\(method) is not allowed here") }
    let (bytes, hash) = try hub.history()
    let etag = Self.etag(hash)
    let modified = Self.httpDate(modificationTime(hub.store.historyPath))
    let common = [("ETag", etag), ("Last-Modified", modified), ("Cache-Control", "no-cache")]
    let header = { (name: String) in headers.first { $0.0.lowercased() == name }?.1 }
    if let tags = header("if-none-match") {
      if tags == "*" || tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") == etag }) {
        return ServeResponse(status: 304, headers: common, body: [])
      }
    } else if let since = header("if-modified-since"), since == modified {
      return ServeResponse(status: 304, headers: common, body: [])
    }
    let dataset = try HubDatasetBytes.decode(bytes, name: hub.store.historyPath)
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "feed.ics")
    try ICalendarCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return ServeResponse(status: 200, headers: [("Content-Type", "text/calendar; charset=utf-8")] + common, body: memory.bytes)
  }

  private func report() throws -> ServeResponse {
    let dataset = try hub.historyDataset()
    let today = LocalDate.localToday() ?? LocalDate(year: 2000, month: 1, day: 1)!
    let index = DatasetIndex(dataset)
    let last = TrackerReport.dataSpan(index).map { min($0.upperBound, today) } ?? today
    let report = TrackerReport(dataset: dataset, range: last.adding(days: -364)...last, today: today, pinnedTitle: AgendaLocale.en.pinnedTitle, index: index)
    var html = ""
    HTMLReport(report, locale: .en, theme: .auto).render(emit: { html += $0 })
    return ServeResponse(status: 200, contentType: "text/html; charset=utf-8", text: html)
  }

  static func etag(_ hash: String) -> String { "\"" + hash.prefix(32) + "\"" }

  static func error(_ status: Int, _ code: String, _ message: String) -> ServeResponse {
    ServeResponse(status: status, contentType: "application/json", text: "{\"error\":\"\(code)\",\"message\":\"\(message)\"}\n")
  }

  private func modificationTime(_ path: String) -> Double {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return Double(info.st_mtim.tv_sec)
  }

  /// An HTTP date (RFC 9110, IMF-fixdate): `Sun, 06 Dec 2026 10:15:02 GMT`.
  static func httpDate(_ seconds: Double) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
