import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// The Habitica exports of ``HabiticaExports``, for the tests here.
enum Habitica: HabiticaExports {}

/// An export carries the user's API token, e-mail addresses, login ids and push tokens: none of
/// them may reach the dataset, a diagnostic, or any output format (moved from
/// HabiticaSecretsTests: it needs every writer).
@Suite(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures"))
struct HabiticaSecretsThroughWritersTests {
  /// Every output a built-in writer makes, each shape of the CSV codec included.
  static let outputs: [(codec: any TrackerCodec, name: String, options: [String: String])] =
    StandardCodecs.all.filter(\.descriptor.canWrite).flatMap { codec -> [(any TrackerCodec, String, [String: String])] in
      let d = codec.descriptor
      let ending = d.extensions.first ?? d.sniffedExtensions.first ?? d.id
      // One name per codec: several share an ending (.json).
      if d.shapes.isEmpty { return [(codec, "out-\(d.id)." + ending, [:])] }
      return d.shapes.map { (codec, $0.name == "package" ? "out-package" : "out-\($0.name).csv", ["to-shape": $0.name]) }
    }

  @Test func plantedSecretsReachNoOutput() throws {
    let bytes = try Habitica.bytes(try Habitica.fixtureExport(timezoneOffset: -180, dayStart: 5))
    let text = String(decoding: bytes, as: UTF8.self)
    for secret in Habitica.secrets { #expect(text.contains(secret), "the export must hold \(secret)") }
    let (dataset, context) = try decode(HabiticaCodec(), bytes: bytes, name: "userdata.json")
    #expect(!dataset.trackers.isEmpty && !dataset.tasks.isEmpty)
    // Diagnostics, as text and with their notes.
    let said = context.diagnostics.map { "\($0.message) \($0.note ?? "") \($0.location)" }.joined(separator: "\n")
    try Self.expectNoSecret(in: Array(said.utf8), "diagnostics")
    // The dataset itself, extras included, through every writer.
    let folder = try Habitica.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.outputs.count >= 6)
    for output in Self.outputs {
      let path = folder.appendingPathComponent(output.name).path
      var writing = CodecContext(fileName: path, options: output.options)
      try output.codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
      for file in try Self.files(at: path) {
        try Self.expectNoSecret(in: Array(try Data(contentsOf: URL(fileURLWithPath: file))), "\(output.codec.descriptor.id) \(file)")
      }
      let said = writing.diagnostics.map { "\($0.message) \($0.note ?? "")" }.joined(separator: "\n")
      try Self.expectNoSecret(in: Array(said.utf8), "\(output.codec.descriptor.id) diagnostics")
    }
  }

  /// Every file at `path` (itself, or the files of the folder).
  static func files(at path: String) throws -> [String] {
    try HabiticaSecretsScan.files(at: path)
  }

  /// No secret in the bytes, as UTF-8 or UTF-16.
  static func expectNoSecret(in bytes: [UInt8], _ what: String) throws {
    HabiticaSecretsScan.expectNoSecret(in: bytes, what, secrets: Habitica.secrets)
  }
}
