import Foundation
import TrackerPort
import TrackerServeAPI

/// The datasets the server was started with, read on first use through ``MCPReading`` and read
/// again when their file changes (a hub's history after a run). Only these files are ever read
/// as datasets: a tool's `dataset` is one of their names, never a path.
public actor MCPDatasetCatalog {
  /// The datasets, in command-line order.
  public nonisolated let sources: [MCPDatasetSource]
  let reading: MCPReading
  private var cache: [String: MCPLoadedDataset] = [:]

  /// A catalog of `sources`, read through `reading`.
  public init(sources: [MCPDatasetSource], reading: MCPReading) {
    self.sources = sources
    self.reading = reading
  }

  /// The source called `name`; with no name, the only one there is.
  public nonisolated func source(_ name: String?) throws(MCPToolError) -> MCPDatasetSource {
    let names = sources.map(\.name).joined(separator: ", ")
    guard let name else {
      guard sources.count == 1 else {
        throw MCPToolError.argument("dataset", "name one of the datasets: \(names)")
      }
      return sources[0]
    }
    guard let found = sources.first(where: { $0.name == name }) else {
      throw MCPToolError("unknown-dataset", "no dataset named '\(name.prefix(200))' (this server has: \(names))")
    }
    return found
  }

  /// The dataset called `name` (the only one when `nil`), read now if its file changed since.
  public func load(_ name: String?) async throws(MCPToolError) -> MCPLoadedDataset {
    let source = try source(name)
    if let cached = cache[source.name], MCPFile.stamp(of: source.path) == cached.stamp { return cached }
    let file = try MCPFile(path: source.path, limit: reading.limits.maxRequestBytes, followLinks: true, what: source.name)
    let fileName = source.isHub ? "history.trackport.json" : source.path.split(separator: "/").last.map(String.init) ?? source.name
    let response = try await reading.post("/api/convert", file: file.bytes, name: fileName, fields: [("to", "json")],
                                          what: source.name)
    var context = CodecContext(fileName: source.name)
    let dataset: TrackerDataset
    do {
      dataset = try JSONCodec().decode(CodecInput(.bytes(response.body, name: source.name)), context: &context)
    } catch {
      throw MCPToolError("cannot-read", "\(source.name): its canonical JSON did not read back (\(error))")
    }
    let loaded = MCPLoadedDataset(source: source, original: file.bytes,
                                  canonical: response.body, dataset: dataset, stamp: file.stamp)
    cache[source.name] = loaded
    return loaded
  }

}
