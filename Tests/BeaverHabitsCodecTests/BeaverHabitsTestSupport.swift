import BeaverHabitsCodec
import Foundation
import JSONCodec
import Testing
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the beaverhabits tests: the hand-built fixtures (resources), the app's own
/// storage files (read in place from the shared fixtures), in-process decoding and encoding,
/// and Python's `json` as the oracle for counts (`Tests/Oracles/beaverhabits.py`).
enum Beaver: TestHelpers {
  /// A hand-built fixture of this target.
  static func fixture(_ name: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/" + name).path
  }

  /// A file of the shared fixtures.
  static func shared(_ path: String) -> String { SharedFixtures.path(path) }

  /// The app's own storage files (April 2024).
  static let storageFiles = ["beaverhabits/storage-2024-04-09.json", "beaverhabits/storage-2024-04-13.json"]

  /// Whether the shared fixtures are there (always under CI).
  static var haveFixtures: Bool { SharedFixtures.available(shared(storageFiles[0])) }

  static func decode(_ input: CodecInput, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    var context = CodecContext(fileName: input.displayName, options: options)
    let dataset = try BeaverHabitsCodec().decode(input, context: &context)
    return (dataset, context.diagnostics.located(by: context.sourceLocator, file: input.displayName))
  }

  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    try decode(CodecInput(path: path), options: options)
  }

  static func decode(text: String, name: String = "test.json", options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    try decode(CodecInput(.bytes(Array(text.utf8), name: name)), options: options)
  }

  /// Encodes in memory: the bytes and the warnings of writing.
  static func encode(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> ([UInt8], [Diagnostic]) {
    let (bytes, context) = try TrackerTestSupport.encode(BeaverHabitsCodec(), dataset, name: "out.beaverhabits.json", options: options)
    return (bytes, context.diagnostics)
  }

  /// A canonical JSON file, read with the JSON codec (the expected side of a golden test).
  static func canonical(_ path: String) throws -> TrackerDataset {
    try TrackerTestSupport.decode(JSONCodec(), path: path).0
  }

  /// Python's count of a beaverhabits file, habit by habit (see `beaverhabits.py counts`).
  static func counts(_ path: String) throws -> [Count] {
    try runPython(oracle: "beaverhabits.py", ["counts", path]).split(separator: "\n").map { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Count(name: f[0], done: Int(f[1]) ?? -1, doneWithText: Int(f[2]) ?? -1, notDoneWithText: Int(f[3]) ?? -1,
                   notDoneWithout: Int(f[4]) ?? -1, tags: f[5], star: f[6] == "True", status: f[7], period: f[8])
    }
  }

  /// One line of `beaverhabits.py counts`.
  struct Count: Equatable, CustomStringConvertible {
    var name: String
    var done: Int
    var doneWithText: Int
    var notDoneWithText: Int
    var notDoneWithout: Int
    var tags: String
    var star: Bool
    var status: String
    var period: String

    var description: String { "\(name) \(done)/\(doneWithText)/\(notDoneWithText)/\(notDoneWithout) [\(tags)] \(star) \(status) \(period)" }
  }

  /// The same count made from a dataset read by the codec, to compare with Python's.
  static func counts(of dataset: TrackerDataset) -> [Count] {
    let titles = Dictionary(uniqueKeysWithValues: dataset.categories.map { ($0.id, $0.title) })
    return dataset.trackers.map { tracker in
      let kept = tracker.extras["beaverhabits"]
      let records = dataset.records.filter { $0.trackerId == tracker.id }
      let entries = dataset.entries.filter { $0.trackerId == tracker.id }
      var tags: [String] = [titles[tracker.categoryId] ?? "?"]
      if case .array(let all)? = kept?["tags"] { tags = all.compactMap(\.stringValue) }
      var notDone = 0
      if case .array(let days)? = kept?["notDone"] { notDone = days.count }
      var period = "-"
      if let p = kept?["period"], case .string(let type)? = p["period_type"], case .number(let count)? = p["period_count"],
         case .number(let target)? = p["target_count"] {
        period = "\(type)/\(count)/\(target)"
      }
      let status = tracker.archived ? (kept?["status"]?.stringValue ?? "archive") : "active"
      return Count(name: tracker.name, done: records.count, doneWithText: records.count { $0.note != nil },
                   notDoneWithText: entries.count { $0.note != nil }, notDoneWithout: notDone, tags: tags.joined(separator: "|"),
                   star: tracker.pinned, status: status, period: period)
    }
  }
}
