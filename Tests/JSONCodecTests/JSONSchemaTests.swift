import Foundation
import JSONCodec
import Testing
import TrackerCodec
import TrackerModel

/// The JSON Schema describes what the codec writes and what the repository ships. Needs a
/// Python with `jsonschema`: the Makefile makes `.venv` and exports TRACKPORT_PYTHON. Without
/// it the test is skipped and shows as skipped, never as passed.
@Suite struct JSONSchemaTests {
  static let python = ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"]

  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  @Test(.enabled(if: python != nil, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func sampleDataAndEncoderOutputMatchTheSchema() throws {
    let root = Self.repositoryRoot
    let schema = root.appendingPathComponent("schema/trackport.schema.json").path
    let script = try #require(Harness.fixtureURL("validate_schema.py")).path

    var files: [String] = []
    let samples = root.appendingPathComponent("SampleData")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
    files += names.filter { $0.hasSuffix(".trackport.json") }.sorted().map { samples.appendingPathComponent($0).path }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var maker = DatasetMaker(seed: 2026)
    for n in 0..<8 {
      let url = folder.appendingPathComponent("generated-\(n).trackport.json")
      try Data(try Harness.encode(maker.dataset())).write(to: url)
      files.append(url.path)
    }
    files.append(try #require(Harness.fixtureURL("golden.trackport.json")).path)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments = [script, schema] + files
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
  }

  /// The schema refuses what the codec refuses for its shape, so it cannot pass by accepting
  /// everything.
  @Test(.enabled(if: python != nil, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func schemaRefusesWrongShapes() throws {
    let schema = Self.repositoryRoot.appendingPathComponent("schema/trackport.schema.json").path
    let script = try #require(Harness.fixtureURL("validate_schema.py")).path
    let bad = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-bad-\(UUID().uuidString).json")
    try Data(#"{"trackport": 1, "trackers": [{"id": "t", "kind": "chore", "name": "n", "categoryId": "c", "pinned": "yes"}]}"#.utf8)
      .write(to: bad)
    defer { try? FileManager.default.removeItem(at: bad) }
    #expect(Harness.failure(Array(try Data(contentsOf: bad))) != nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments = [script, schema, bad.path]
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
  }
}
