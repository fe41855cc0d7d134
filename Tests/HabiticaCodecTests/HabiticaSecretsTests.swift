import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// An export carries the user's API token, e-mail addresses, login ids and push tokens: none of
/// them may reach the dataset, a diagnostic, or any output format.
@Suite(.enabled(if: Habitica.haveFixtures, "needs ../shared/fixtures/habitica"))
struct HabiticaSecretsTests {
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
    let (dataset, context) = try Habitica.decode(bytes)
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

  /// The bad-input paths quote no secret either: a wrong type next to them, a broken file.
  @Test func errorsQuoteNoSecret() throws {
    var export = try Habitica.fixtureExport()
    export["preferences"] = ["dayStart": "5"]
    let wrongType = Habitica.error { _ = try Habitica.decode(export) }
    #expect(wrongType?.location.pointer == "/preferences/dayStart")
    try Self.expectNoSecret(in: Array("\(wrongType?.message ?? "") \(wrongType?.note ?? "")".utf8), "error")
    let bytes = try Habitica.bytes(try Habitica.fixtureExport())
    let truncated = Habitica.error { _ = try Habitica.decode(Array(bytes.prefix(bytes.count / 2))) }
    #expect(truncated?.kind == .malformedInput)
    try Self.expectNoSecret(in: Array("\(truncated?.message ?? "") \(truncated?.note ?? "")".utf8), "error")
  }

  static func files(at path: String) throws -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [path] }
    return try FileManager.default.subpathsOfDirectory(atPath: path).map { path + "/" + $0 }
      .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && !d.boolValue }
  }

  /// No secret in the bytes, as UTF-8 or UTF-16 (SQLite may store either).
  static func expectNoSecret(in bytes: [UInt8], _ what: String) throws {
    for secret in Habitica.secrets {
      for needle in [Array(secret.utf8), Array(secret.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }] {
        let found = bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { start in
          bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
        #expect(!found, "\(what) holds \(secret)")
      }
    }
  }
}
