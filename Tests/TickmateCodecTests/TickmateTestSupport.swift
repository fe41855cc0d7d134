import Foundation
import Testing
import TickmateCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the Tickmate tests: the shared fixtures (read in place), the `sqlite3` oracle, in-process decoding.
enum Tickmate: TestHelpers {
  static var temporaryPrefix: String { "trackport-tickmate-test" }

  /// A file of the shared fixtures.
  static func fixture(_ path: String) -> String { SharedFixtures.path(path) }

  /// Tickmate's own test databases, and the copy Loop's tests use (version 13, other data).
  static let databases = ["tickmate/smiley-version10.db", "tickmate/tickmate-version12.db", "tickmate/tickmate-version13.db",
                          "tickmate/tickmate-version14.db", "loop_uhabits/tickmate.db"]
  static let loopDatabases = ["loop_uhabits/loop.db", "loop_uhabits/databases/021.db", "loop_uhabits/databases/022.db",
                              "loop_uhabits/rewire.db"]

  /// Whether the shared fixtures are beside the repository; always under CI (`CI` set), so
  /// that a missing fixture folder fails the tests there instead of skipping them.
  static var haveFixtures: Bool { SharedFixtures.available(fixture("tickmate/tickmate-version14.db")) }

  /// `sqlite3 -batch db sql` as lines: the oracle, never the code under test.
  static func sqlite(_ db: String, _ sql: String) throws -> [String] { try SQLite3.lines(db, sql, readOnly: true) }

  /// Runs `script` with `sqlite3` on `db` (read-write: for building test databases only).
  static func sqlite3(_ db: String, _ script: String) throws { try SQLite3.execute(db, script: script) }

  static func decode(_ input: CodecInput, fileName: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: fileName, options: options)
    let dataset = try TickmateCodec().decode(input, context: &context)
    return (dataset, context)
  }

  static func decode(_ path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(CodecInput(path: path), fileName: path, options: options)
  }
}
