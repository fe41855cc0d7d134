/// One endpoint of ``ServeAPI``: a path, a method and what answers it. ``all`` is the one route
/// table: ``ServeAPI`` routes by it, its 405 answers take their `Allow` header from it, and the
/// OpenAPI document (`GET /openapi.json`) lists exactly its paths and methods.
public struct ServeRoute: Sendable, Equatable {
  /// What answers a route.
  public enum Endpoint: String, Sendable, CaseIterable {
    /// `GET /`: the page.
    case page
    /// `GET /healthz`: `ok`.
    case health
    /// `GET /openapi.json`: the OpenAPI document.
    case openAPI
    /// `GET /api/formats`: the formats, as `trackport formats --json` lists them.
    case formats
    /// `POST /api/inspect`.
    case inspect
    /// `POST /api/convert`.
    case convert
    /// `POST /api/validate`.
    case validate
    /// `POST /api/report`.
    case report
    /// `POST /api/diff`.
    case diff
  }

  /// The request method, upper case (`GET`, `POST`).
  public var method: String
  /// The path, without a query.
  public var path: String
  /// What answers it.
  public var endpoint: Endpoint

  /// Whether the route reads an uploaded form: every such route is a `POST` of
  /// `multipart/form-data`, refused with 400, 413, 415, 422 or 503 as the document says.
  public var readsUpload: Bool { method == "POST" }

  /// A route as given.
  public init(_ method: String, _ path: String, _ endpoint: Endpoint) {
    self.method = method
    self.path = path
    self.endpoint = endpoint
  }

  /// Every route of the API, in the order the OpenAPI document lists them.
  public static let all: [ServeRoute] = [
    ServeRoute("GET", "/", .page),
    ServeRoute("GET", "/healthz", .health),
    ServeRoute("GET", "/openapi.json", .openAPI),
    ServeRoute("GET", "/api/formats", .formats),
    ServeRoute("POST", "/api/inspect", .inspect),
    ServeRoute("POST", "/api/convert", .convert),
    ServeRoute("POST", "/api/validate", .validate),
    ServeRoute("POST", "/api/report", .report),
    ServeRoute("POST", "/api/diff", .diff),
  ]

  /// The route of `method` on `path`, if the API has it.
  public static func find(method: String, path: String) -> ServeRoute? {
    all.first { $0.method == method && $0.path == path }
  }

  /// The methods `path` has, in table order; empty for a path the API does not know.
  public static func methods(on path: String) -> [String] {
    all.filter { $0.path == path }.map(\.method)
  }

  /// The paths of the table, each once, in table order.
  public static var paths: [String] {
    all.map(\.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
  }
}
