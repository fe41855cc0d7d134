#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrackerCodec

/// How `trackport serve` writes its log on standard error (`--log-format`): `text`, one line a
/// request as people read it (`GET /healthz 200 in=0 out=3 0.1ms`), or `json`, one JSON object a
/// line for a log collector. Either way a line names the method, the path (printable ASCII, at
/// most 200 characters), the status, the bytes in and out and the time, never a client's address
/// or anything of a file.
///
/// A JSON access line: `{"time":"2026-12-06T19:40:00.123Z","kind":"access","method":"POST",
/// "path":"/api/convert","route":"/api/convert","status":200,"in":4096,"out":1532,"ms":12.5}`;
/// every other line (the start, refusals, failed accepts, stopping):
/// `{"time":"…","kind":"server","message":"refused: 431 headers-too-large"}`.
public enum ServeLogFormat: String, Sendable, CaseIterable {
  case text, json

  /// The access-log line of one answered request.
  func access(method: String, path: String, route: String, status: Int, received: Int, sent: Int, milliseconds: Double) -> String {
    let ms = (milliseconds * 10).rounded() / 10
    switch self {
    case .text:
      return "\(method) \(path) \(status) in=\(received) out=\(sent) \(ms)ms"
    case .json:
      return "{\"time\":\(JSONText.quoted(Self.now())),\"kind\":\"access\",\"method\":\(JSONText.quoted(method)),"
        + "\"path\":\(JSONText.quoted(path)),\"route\":\(JSONText.quoted(route)),\"status\":\(status),"
        + "\"in\":\(received),\"out\":\(sent),\"ms\":\(ms)}"
    }
  }

  /// Any other line of the server's, `message` as the text log says it.
  public func message(_ message: String) -> String {
    switch self {
    case .text: message
    case .json: "{\"time\":\(JSONText.quoted(Self.now())),\"kind\":\"server\",\"message\":\(JSONText.quoted(message))}"
    }
  }

  /// Now in UTC, RFC 3339 with milliseconds (`2026-12-06T19:40:00.123Z`), from the clock and
  /// `gmtime_r`: no formatter object per line.
  static func now() -> String {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = spec.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let millis = Int(spec.tv_nsec / 1_000_000)
    let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }
}
