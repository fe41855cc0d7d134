import Foundation
import Testing
import JSONCodec
import LoopCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the Loop tests: the shared fixtures (read in place, never copied into the
/// project), the `sqlite3` oracle, and in-process decode/encode.
enum Loop: TestHelpers {
  static var temporaryPrefix: String { "trackport-loop" }

  /// `loop_uhabits/<name>` of the shared fixtures.
  static func fixture(_ name: String) -> String { SharedFixtures.path("loop_uhabits/" + name) }

  /// Whether the shared fixtures are there (always under CI, so that a missing folder fails
  /// the tests there instead of skipping them).
  static var haveFixtures: Bool { SharedFixtures.available(fixture("loop.db")) }

  /// Runs a program and returns its standard output; fails the test on a non-zero exit.
  @discardableResult
  static func run(_ program: String, _ args: [String], input: String? = nil) throws -> String {
    let executable: String = try #require(CLI.tool(program), "\(program) is not installed")
    let result = try CLI.run(args, input: input.map { Data($0.utf8) }, executable: executable)
    #expect(result.status == 0, "\(program) \(args) failed: \(result.stderr)")
    return result.stdout
  }

  /// `sqlite3 -batch db sql` as lines (the oracle: never the code under test).
  static func sqlite(_ db: String, _ sql: String) throws -> [String] { try SQLite3.lines(db, sql) }

  /// Removes the temporary folder holding `path` (a file or folder made directly in one).
  static func removeFolder(of path: String) {
    remove(URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  /// Decodes a file or folder with the Loop codec.
  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(LoopCodec(), path: path, options: options)
  }

  /// Writes `dataset` as a Loop backup at `path`.
  static func encode(_ dataset: TrackerDataset, to path: String) throws {
    try TrackerTestSupport.encode(LoopCodec(), dataset, toPath: path)
  }

  /// The records of each tracker, by tracker name, as sorted day strings.
  static func days(_ dataset: TrackerDataset) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for tracker in dataset.trackers { result[tracker.name] = [] }
    let names = Dictionary(dataset.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    for record in dataset.records { result[names[record.trackerId] ?? "?", default: []].append(record.date.description) }
    return result.mapValues { $0.sorted() }
  }
}
