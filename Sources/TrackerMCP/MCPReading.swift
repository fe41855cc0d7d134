import Foundation
import TrackerServeAPI

/// How `trackport mcp` reads a file: as `trackport serve` reads an upload, by a request to
/// ``ServeAPI`` (`/api/convert`, `/api/inspect`, `/api/validate`) with the file's bytes as the
/// form's `file` part. The CLI answers them in a worker process per file (`serve-worker`, killed
/// at the conversion time limit, with serve's memory limit); tests and the fuzz harness answer
/// them in the process (``inProcess(_:)``). Either way the server itself parses nothing but the
/// canonical JSON the API gives back.
public struct MCPReading: Sendable {
  /// The API's limits (a file larger than ``ServeLimits/maxRequestBytes`` less room for the
  /// form is refused before it is sent).
  public let limits: ServeLimits
  let answer: @Sendable (_ path: String, _ contentType: String, _ body: [UInt8]) async -> ServeResponse

  /// Requests answered by `answer` (path, `Content-Type`, body), within `limits`.
  public init(limits: ServeLimits,
              answer: @escaping @Sendable (_ path: String, _ contentType: String, _ body: [UInt8]) async -> ServeResponse) {
    self.limits = limits
    self.answer = answer
  }

  /// Requests answered by `api` on the calling task, with no time limit: for tests and fuzzing.
  public static func inProcess(_ api: ServeAPI) -> MCPReading {
    MCPReading(limits: api.limits) { path, type, body in
      api.respond(method: "POST", path: path, contentType: type, body: body)
    }
  }

  /// The API's 200 answer to a form with `bytes` as the file `name` and `fields`; a refusal as
  /// ``MCPToolError`` with the API's code and message (`read-errors` says how many diagnostics
  /// it had), prefixed by `what` (the dataset or path the assistant named).
  func post(_ endpoint: String, file bytes: [UInt8], name: String, fields: [(String, String)],
            what: String) async throws(MCPToolError) -> ServeResponse {
    let boundary = "trackport-mcp-" + UUID().uuidString
    let body = Self.form(boundary: boundary, file: bytes, name: name, fields: fields)
    guard body.count <= limits.maxRequestBytes else {
      throw MCPToolError("too-large", "\(what): the file is larger than this server reads (\(limits.maxRequestBytes) bytes)")
    }
    let response = await answer(endpoint, "multipart/form-data; boundary=\(boundary)", body)
    guard response.status == 200 else { throw Self.refusal(response, what: what) }
    return response
  }

  /// A refusal of the API (`{"error": {"code", "message"}, "diagnostics": [...]}`) as an error.
  static func refusal(_ response: ServeResponse, what: String) -> MCPToolError {
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    let code = error?["code"] as? String ?? "cannot-read"
    var message = error?["message"] as? String ?? "the file could not be read (status \(response.status))"
    if let diagnostics = object?["diagnostics"] as? [[String: Any]], !diagnostics.isEmpty {
      let first = diagnostics.prefix(3).map { d in
        "\(d["line"].map { "line \($0): " } ?? "")\(d["message"] as? String ?? "") [\(d["code"] as? String ?? "")]"
      }
      message += "; " + first.joined(separator: "; ") + (diagnostics.count > 3 ? "; and \(diagnostics.count - 3) more" : "")
    }
    return MCPToolError(code, "\(what): \(message)")
  }

  /// A `multipart/form-data` body: the fields, then the file part. The boundary is a fresh UUID,
  /// which a file would hold only by design; the API then refuses the form, and nothing else.
  static func form(boundary: String, file: [UInt8], name: String, fields: [(String, String)]) -> [UInt8] {
    var out: [UInt8] = []
    for (field, value) in fields {
      out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n".utf8)
    }
    let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    out += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(quoted)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
    out += file
    out += Array("\r\n--\(boundary)--\r\n".utf8)
    return out
  }
}
