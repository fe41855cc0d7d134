import Foundation
import Testing
import TrackerPort

/// Helpers for the Habo tests: the fixtures beside them, in-process decoding and encoding.
enum Habo {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let root = folder.deletingLastPathComponent().deletingLastPathComponent()

  static func fixture(_ name: String) -> String { folder.appendingPathComponent("Fixtures/" + name).path }

  /// A file of `../shared/fixtures` (or of `TRACKPORT_SHARED_FIXTURES`, for a clone that is not
  /// beside the shared folder).
  static func shared(_ path: String) -> String {
    if let folder = ProcessInfo.processInfo.environment["TRACKPORT_SHARED_FIXTURES"], !folder.isEmpty {
      return URL(fileURLWithPath: folder).appendingPathComponent(path).path
    }
    return root.appendingPathComponent("../shared/fixtures/" + path).standardizedFileURL.path
  }

  /// Whether the shared fixtures are beside the repository; always under CI (`CI` set), so
  /// that a missing fixture folder fails the tests there instead of skipping them.
  static var haveSharedFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: shared("loop_uhabits/loop.db"))
  }

  static func decode(_ bytes: [UInt8], name: String = "backup.json", options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: name, options: options)
    let dataset = try HaboCodec().decode(CodecInput(.bytes(bytes, name: name)), context: &context)
    return (dataset, context)
  }

  static func decode(_ text: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), options: options)
  }

  static func decode(path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: path, options: options)
    let dataset = try HaboCodec().decode(CodecInput(path: path), context: &context)
    return (dataset, context)
  }

  /// The backup written for `dataset`, and the writer's diagnostics.
  static func encode(_ dataset: TrackerDataset) throws -> ([UInt8], CodecContext) {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "out.json")
    try HaboCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return (memory.bytes, context)
  }

  /// A canonical JSON file read with the JSON codec (the expected side of a golden test).
  static func canonical(_ path: String) throws -> TrackerDataset {
    var context = CodecContext(fileName: path)
    return try JSONCodec().decode(CodecInput(path: path), context: &context)
  }

  /// The bytes parsed by Foundation (an oracle independent of TrackerPort's JSON reader).
  static func foundation(_ bytes: [UInt8]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  static func error(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CodecError
    }
  }

  static func codes(_ context: CodecContext) -> [String] { context.diagnostics.map(\.code) }
}
