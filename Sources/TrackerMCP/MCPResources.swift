import Foundation
import MCP
import TrackerOutput
import TrackerPort

/// The resources of `trackport mcp`: the formats and migration matrix (`trackport://formats`,
/// the `formats --format json` document), and per dataset its canonical JSON
/// (`trackport://datasets/NAME/canonical.json`) and its HTML report
/// (`trackport://datasets/NAME/report.html`, as `POST /api/report` makes it: the 365 days up to
/// the data's last day). A resource larger than ``MCPLimits/maxResourceBytes`` is refused with
/// `too-large`; the tools page through the same data.
public struct MCPResources: Sendable {
  /// The tools' datasets and limits.
  public let toolbox: MCPToolbox

  /// The resources over `toolbox`'s datasets.
  public init(toolbox: MCPToolbox) {
    self.toolbox = toolbox
  }

  /// The URI of the formats document.
  public static let formatsURI = "trackport://formats"

  /// Every resource, in order: the formats, then each dataset's two.
  public var all: [Resource] {
    var out = [Resource(name: "formats", uri: Self.formatsURI,
                        description: "Every format TrackerPort reads and writes, what each cannot carry, and the migration matrix: what arrives on every route from one app to another.",
                        mimeType: "application/json")]
    for source in toolbox.catalog.sources {
      out.append(Resource(name: "\(source.name) (canonical JSON)", uri: Self.uri(source, "canonical.json"),
                          description: "The dataset \(source.name) in TrackerPort's canonical JSON: every habit, record, entry and task.",
                          mimeType: "application/json"))
      out.append(Resource(name: "\(source.name) (report)", uri: Self.uri(source, "report.html"),
                          description: "The HTML report of \(source.name): statistics, year grids, streaks and rates.",
                          mimeType: "text/html"))
    }
    return out
  }

  /// A page of ``all`` for `resources/list`.
  public func list(cursor: String?) throws(MCPToolError) -> ListResources.Result {
    let resources = all
    let start = try MCPPage.offset(cursor, stamp: "r", count: resources.count)
    let end = min(resources.count, start + toolbox.limits.defaultPageItems)
    return ListResources.Result(resources: Array(resources[start..<end]), nextCursor: end < resources.count ? "\(end).r" : nil)
  }

  /// The content of the resource at `uri`.
  public func read(_ uri: String) async throws(MCPToolError) -> Resource.Content {
    if uri == Self.formatsURI {
      return try bounded(uri, "application/json", FormatJSON.document(toolbox.registry.codecs) + "\n")
    }
    let prefix = "trackport://datasets/"
    guard uri.hasPrefix(prefix), let slash = uri.dropFirst(prefix.count).lastIndex(of: "/"),
          let name = String(uri[uri.index(uri.startIndex, offsetBy: prefix.count)..<slash]).removingPercentEncoding,
          let source = toolbox.catalog.sources.first(where: { $0.name == name }) else {
      throw MCPToolError("unknown-resource", "no resource '\(uri.prefix(200))' (resources/list lists them)")
    }
    let loaded = try await toolbox.catalog.load(source.name)
    switch uri[uri.index(after: slash)...] {
    case "canonical.json":
      return try bounded(uri, "application/json", String(decoding: loaded.canonical, as: UTF8.self))
    case "report.html":
      let response = try await toolbox.catalog.reading.post("/api/report", file: loaded.original, name: MCPToolbox.fileName(source),
                                                             fields: [], what: source.name)
      return try bounded(uri, "text/html", String(decoding: response.body, as: UTF8.self))
    default:
      throw MCPToolError("unknown-resource", "no resource '\(uri.prefix(200))' (resources/list lists them)")
    }
  }

  func bounded(_ uri: String, _ type: String, _ text: String) throws(MCPToolError) -> Resource.Content {
    guard text.utf8.count <= toolbox.limits.maxResourceBytes else {
      throw MCPToolError("too-large", "\(uri): \(text.utf8.count) bytes, more than this server sends at once (\(toolbox.limits.maxResourceBytes)); the tools list_habits and habit_history page through it")
    }
    return .text(text, uri: uri, mimeType: type)
  }

  static func uri(_ source: MCPDatasetSource, _ file: String) -> String {
    let name = source.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? source.name
    return "trackport://datasets/\(name)/\(file)"
  }
}
