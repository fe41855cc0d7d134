import Foundation
import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// The JSON Schema describes what the codec writes and what the repository ships. Needs a
/// Python with `jsonschema`: the Makefile makes `.venv` and exports TRACKPORT_PYTHON. Without
/// it the test is skipped and shows as skipped, never as passed.
@Suite struct JSONSchemaTests {
  /// The oracle runs when configured, and under CI always (a missing oracle there fails
  /// instead of skipping unnoticed).
  static let oracleWanted = Python.venvNamed || ProcessInfo.processInfo.environment["CI"] != nil

  static var repositoryRoot: URL { Repository.root }

  /// `Tests/Oracles/validate_schema.py` on `files` against the published schema: its exit
  /// status (0 valid, 1 invalid) and what it printed.
  static func validateSchema(_ files: [String]) throws -> (status: Int32, output: String) {
    let schema = Repository.path("schema/trackport.schema.json")
    let result = try Python.result(Python.oracle("validate_schema.py"), [schema] + files)
    return (result.status, result.stdout + result.stderr)
  }

  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func sampleDataAndEncoderOutputMatchTheSchema() throws {
    let root = Self.repositoryRoot

    var files: [String] = []
    let samples = root.appendingPathComponent("SampleData")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
    files += names.filter { $0.hasSuffix(".trackport.json") }.sorted().map { samples.appendingPathComponent($0).path }

    let folder = try temporaryFolder("trackport-schema")
    defer { try? FileManager.default.removeItem(at: folder) }
    var maker = DatasetMaker(seed: 2026)
    for n in 0..<16 {
      // Half of them use the fields of version 2 (and are written as version 2).
      let url = folder.appendingPathComponent("generated-\(n).trackport.json")
      try Data(try Harness.encode(maker.dataset(rich: n % 2 == 1))).write(to: url)
      files.append(url.path)
    }
    // What `trackport generate` makes: realistic data, every key the generator fills.
    let generated = folder.appendingPathComponent("generator-30x60.trackport.json")
    try Data(try Harness.encode(DatasetGenerator(trackers: 30, days: 60, seed: 1).generate())).write(to: generated)
    files.append(generated.path)
    files.append(try #require(Harness.fixtureURL("golden.trackport.json")).path)
    files.append(try #require(Harness.fixtureURL("version2.trackport.json")).path)

    let (status, output) = try Self.validateSchema(files)
    #expect(status == 0, "\(output)")
  }

  /// Documents the reader reads and the schema must accept too: `null` where the reader takes
  /// it as absent, a version equal to 1 or 2 written otherwise, unknown keys everywhere (in
  /// version 1, the keys of version 2 too), numbers at the edges.
  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func schemaAcceptsWhatTheReaderReads() throws {
    let documents = [
      #"{"trackport": 1.0, "u": 1, "categories": [{"id": "c", "title": "t", "u": 1}], "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "emoji": null, "color": null, "schedule": null, "date": null, "createdOn": null, "u": 1}], "records": [{"trackerId": "t", "date": "2026-01-05", "u": 1}], "tasks": [{"id": "k", "title": "T", "description": null, "color": null, "start": null, "end": null, "position": -9223372036854775808, "attachments": [{"name": "a", "uri": "u", "u": 1}], "u": 1}]}"#,
      #"{"trackport": 1e0, "tasks": [{"id": "k", "title": "T", "position": 9223372036854775807}]}"#,
      // Version 2, with null wherever the reader takes it as absent.
      #"{"trackport": 2.0, "u": 1, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "archived": false, "description": null, "goal": null, "frequency": null, "reminders": [{"time": "x", "days": null, "u": 1}], "u": 1}], "records": [{"trackerId": "t", "date": "2026-01-05", "amount": null, "note": null, "u": 1}], "entries": [{"trackerId": "t", "date": "2026-01-05", "amount": null, "note": null, "u": 1}]}"#,
      #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": -1.7976931348623157e308, "unit": null, "u": 1}, "frequency": {"times": -9223372036854775808, "days": 9223372036854775807, "u": 1}, "reminders": []}], "records": [{"trackerId": "t", "date": "2026-01-05", "amount": 5e-324}], "entries": [{"trackerId": "t", "date": "2026-01-05", "skipped": false, "amount": 1E+2}]}"#,
      // In version 1 the keys of version 2 are unknown keys: any value.
      #"{"trackport": 1, "entries": 5, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "archived": "yes", "goal": 3, "reminders": null}], "records": [{"trackerId": "t", "date": "2026-01-05", "amount": "x", "note": 1}]}"#,
    ]
    for document in documents {
      #expect(Harness.failure(document) == nil, "\(document)")
      #expect(try Self.validate(document) == 0, "\(document)")
    }
  }

  /// Documents the reader refuses for their shape and the schema refuses too (one each).
  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func schemaRefusesWhatTheReaderRefuses() throws {
    let tracker = #""id": "t", "kind": "habit", "name": "n", "categoryId": "c""#
    let task = #""id": "k", "title": "T""#
    let record = #""trackerId": "t", "date": "2026-01-05""#
    let documents = [
      #"{"trackport": 4}"#,
      #"{"trackport": 1, "categories": null}"#,
      #"{"trackport": 1, "taskCategoryOrder": null}"#,
      #"{"trackport": 1, "extras": null}"#,
      #"{"trackport": 1, "categories": [{"id": "c"}]}"#,
      #"{"trackport": 1, "trackers": [{\#(tracker), "pinned": null}]}"#,
      #"{"trackport": 1, "trackers": [{\#(tracker), "date": "0000-01-01"}]}"#,
      #"{"trackport": 1, "records": [{"trackerId": "t"}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "done": null}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "category": null}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "reminders": null}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "attachments": null}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "attachments": [{"name": "a"}]}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "position": null}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "position": 9223372036854775808}]}"#,
      #"{"trackport": 1, "tasks": [{\#(task), "position": 1.5}]}"#,
      // Version 2.
      #"{"trackport": 2, "entries": null}"#,
      #"{"trackport": 2, "entries": [{"trackerId": "t"}]}"#,
      #"{"trackport": 2, "entries": [{\#(record), "skipped": null}]}"#,
      #"{"trackport": 2, "entries": [{\#(record), "amount": "1"}]}"#,
      #"{"trackport": 2, "entries": [{\#(record), "extras": null}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "archived": null}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "description": 5}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "pinned": null}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "goal": {"unit": "km"}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "goal": {"target": 5, "direction": "more"}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "goal": {"target": 1e400}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "goal": "5 km"}]}"#,
      // Version 3: a goal's period.
      #"{"trackport": 3, "trackers": [{\#(tracker), "goal": {"target": 5, "period": "fortnight"}}]}"#,
      #"{"trackport": 3, "trackers": [{\#(tracker), "goal": {"target": 5, "period": "00d"}}]}"#,
      #"{"trackport": 3, "trackers": [{\#(tracker), "goal": {"target": 5, "period": 7}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "frequency": {"times": 1.5, "days": 7}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "frequency": {"times": 3}}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "reminders": null}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "reminders": [{"days": ["mon"]}]}]}"#,
      #"{"trackport": 2, "trackers": [{\#(tracker), "reminders": [{"time": "07:00", "days": ["someday"]}]}]}"#,
      #"{"trackport": 2, "records": [{\#(record), "amount": "6"}]}"#,
      #"{"trackport": 2, "records": [{\#(record), "amount": -1e309}]}"#,
      #"{"trackport": 2, "records": [{\#(record), "note": 1}]}"#,
      #"{"trackport": 2, "records": [{"trackerId": "t"}]}"#,
    ]
    for document in documents {
      #expect(Harness.failure(document) != nil, "\(document)")
      #expect(try Self.validate(document) == 1, "\(document)")
    }
  }

  /// Runs the schema check on one document; its exit status.
  static func validate(_ document: String) throws -> Int32 {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-doc-\(UUID().uuidString).json")
    try Data(document.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try validateSchema([file.path]).status
  }

  /// The schema refuses what the codec refuses for its shape, so it cannot pass by accepting
  /// everything.
  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with jsonschema installed"))
  func schemaRefusesWrongShapes() throws {
    let bad = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-bad-\(UUID().uuidString).json")
    try Data(#"{"trackport": 1, "trackers": [{"id": "t", "kind": "chore", "name": "n", "categoryId": "c", "pinned": "yes"}]}"#.utf8)
      .write(to: bad)
    defer { try? FileManager.default.removeItem(at: bad) }
    #expect(Harness.failure(Array(try Data(contentsOf: bad))) != nil)
    #expect(try Self.validateSchema([bad.path]).status == 1)
  }
}
