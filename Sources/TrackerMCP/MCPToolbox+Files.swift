import Foundation
import TrackerOutput
import TrackerPort

extension MCPToolbox {
  /// `validate`: `/api/validate` of the dataset's file (findings located in it), paged over
  /// the findings.
  func validate(_ loaded: MCPLoadedDataset, _ args: MCPArguments) async throws(MCPToolError) -> String {
    let today = try now(args)
    let response = try await catalog.reading.post("/api/validate", file: loaded.original, name: Self.fileName(loaded.source),
                                                  fields: [("today", today.description)], what: loaded.source.name)
    let object = try Self.object(response.body)
    let page = try Self.page(object["diagnostics"], args: args, stamp: loaded.stamp, limits: limits)
    return Self.document([("dataset", JSONOutput.quote(loaded.source.name))]
                         + ["valid", "errors", "warnings", "notes"].map { ($0, Self.json(object[$0])) } + page.members("diagnostics"))
  }

  /// `inspect_file`: `/api/inspect` of a file inside an `--allow-read` folder, paged over its
  /// diagnostics.
  func inspectFile(_ args: MCPArguments) async throws(MCPToolError) -> String {
    let given = try args.required("path")
    let path = try folders.readablePath(given)
    let file = try MCPFile(path: path, limit: catalog.reading.limits.maxRequestBytes, followLinks: false, what: given)
    let fields = try args.string("to").map { [("to", $0)] } ?? []
    let response = try await catalog.reading.post("/api/inspect", file: file.bytes, name: Self.lastSegment(path), fields: fields, what: given)
    let object = try Self.object(response.body)
    let page = try Self.page(object["diagnostics"], args: args, stamp: file.stamp, limits: limits)
    let members = ["format", "counts", "firstDay", "lastDay", "to", "losses", "fields"].filter { object[$0] != nil }
    return Self.document([("path", JSONOutput.quote(given))] + members.map { ($0, Self.json(object[$0])) } + page.members("diagnostics"))
  }

  /// `convert_file`: `/api/convert` of a dataset (or an allowed file), written as a new file
  /// inside `--allow-write`, atomically, never over an existing file or an input.
  func convertFile(_ args: MCPArguments) async throws(MCPToolError) -> String {
    let given = try args.required("output")
    let output = try folders.writablePath(given)
    let input: (bytes: [UInt8], name: String, path: String, what: String)
    if let path = try args.string("path") {
      guard try args.string("dataset") == nil else { throw MCPToolError.argument("path", "give a dataset or a path, not both") }
      let real = try folders.readablePath(path)
      input = (try MCPFile(path: real, limit: catalog.reading.limits.maxRequestBytes, followLinks: false, what: path).bytes,
               Self.lastSegment(real), real, path)
    } else {
      let loaded = try await catalog.load(args.string("dataset"))
      input = (loaded.original, Self.fileName(loaded.source), loaded.source.path, loaded.source.name)
    }
    let to: String
    do {
      to = try args.string("to") ?? registry.detectOutput(CodecOutput(path: output)).descriptor.id
    } catch {
      throw MCPToolError.argument("to", "the output's name says no format; give `to` (trackport://formats lists them)")
    }
    var fields = [("to", to)]
    if try args.bool("fail_on_loss", default: false) { fields.append(("fail_on_loss", "true")) }
    fields += try args.strings("options").sorted { $0.key < $1.key }.map { ("option", "\($0.key)=\($0.value)") }
    let response = try await catalog.reading.post("/api/convert", file: input.bytes, name: input.name, fields: fields, what: input.what)
    let destination = CodecOutput(path: output, overwrite: false, protectedPaths: catalog.sources.map(\.path) + [input.path])
    do {
      try destination.write { $0.write(bytes: response.body) }
    } catch let error as CodecError where error.message.contains("input") {
      throw MCPToolError("output-is-input", "\(given): is one of the inputs; nothing was written")
    } catch let error as CodecError where error.message.contains("exists") {
      throw MCPToolError("output-exists", "\(given): already exists; name a new file (nothing is replaced)")
    } catch {
      throw MCPToolError("cannot-write", "\(given): could not be written")
    }
    let report = response.header("X-Trackport-Report") ?? "{\"losses\": 0, \"diagnostics\": []}"
    return Self.document([("output", JSONOutput.quote(given)), ("path", JSONOutput.quote(output)), ("format", JSONOutput.quote(to)),
                          ("bytes", String(response.body.count)), ("report", report)])
  }

  /// The name a dataset's file is sent as (its ending helps detection).
  static func fileName(_ source: MCPDatasetSource) -> String {
    source.isHub ? "history.trackport.json" : lastSegment(source.path)
  }

  static func lastSegment(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The API's JSON answer as an object.
  static func object(_ body: [UInt8]) throws(MCPToolError) -> [String: Any] {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
      throw MCPToolError("cannot-read", "the reading's answer was not a JSON object")
    }
    return object
  }

  /// A value of the API's answer as JSON text again (keys sorted).
  static func json(_ value: Any?) -> String {
    guard let value, !(value is NSNull) else { return "null" }
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) else {
      return "null"
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// A page of an array in the API's answer.
  static func page(_ value: Any?, args: MCPArguments, stamp: String, limits: MCPLimits) throws(MCPToolError) -> MCPPage {
    try MCPPage((value as? [Any]) ?? [], cursor: args.string("cursor"), limit: args.int("limit"), stamp: stamp, limits: limits) { json($0) }
  }
}
