import Foundation
import Testing
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the Habo tests: the fixtures beside them, in-process decoding and encoding.
enum Habo: TestHelpers {
  /// A hand-built fixture of this target (a resource).
  static func fixture(_ name: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/" + name).path
  }

  /// A file of the shared fixtures.
  static func shared(_ path: String) -> String { SharedFixtures.path(path) }

  /// Whether the shared fixtures are there (always under CI).
  static var haveSharedFixtures: Bool { SharedFixtures.available(shared("loop_uhabits/loop.db")) }

  static func decode(_ bytes: [UInt8], name: String = "backup.json", options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(HaboCodec(), bytes: bytes, name: name, options: options)
  }

  static func decode(_ text: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), options: options)
  }

  static func decode(path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(HaboCodec(), path: path, options: options)
  }

  /// The backup written for `dataset`, and the writer's diagnostics.
  static func encode(_ dataset: TrackerDataset) throws -> ([UInt8], CodecContext) {
    try TrackerTestSupport.encode(HaboCodec(), dataset, name: "out.json")
  }

  /// A canonical JSON file read with the JSON codec (the expected side of a golden test).
  static func canonical(_ path: String) throws -> TrackerDataset {
    try TrackerTestSupport.decode(JSONCodec(), path: path).0
  }

  /// The bytes parsed by Foundation (an oracle independent of TrackerPort's JSON reader).
  static func foundation(_ bytes: [UInt8]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  static func codes(_ context: CodecContext) -> [String] { context.diagnostics.map(\.code) }
}
