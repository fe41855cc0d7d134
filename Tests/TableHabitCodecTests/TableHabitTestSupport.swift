import Foundation
import Testing
import TableHabitCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerValidation
import TrackerTestSupport

/// Helpers for the Table Habit tests: the fixtures (hand-built from the shapes documented in
/// `../shared/docs/migration-targets.md`, "Table Habit"; see `Fixtures/README.md`), in-process
/// decoding and encoding, and the Loop fixtures read in place from `../shared`.
enum TableHabit: TestHelpers {
  static var temporaryPrefix: String { "trackport-tablehabit" }
  static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// `../shared/fixtures/loop_uhabits/<name>`.
  static func loopFixture(_ name: String) -> String { SharedFixtures.path("loop_uhabits/" + name) }

  /// Whether the shared Loop fixtures are there (always under CI).
  static var haveLoopFixtures: Bool { SharedFixtures.available(loopFixture("loop.db")) }

  static func decode(_ bytes: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    let (dataset, context) = try TrackerTestSupport.decode(TableHabitCodec(), text: bytes, name: "test.json", options: options)
    return (dataset, located(context))
  }

  static func decode(path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    let (dataset, context) = try TrackerTestSupport.decode(TableHabitCodec(), path: path, options: options)
    return (dataset, located(context))
  }

  /// The context with its warnings placed in the file, as `DatasetFile.load` places them.
  static func located(_ context: CodecContext) -> CodecContext { TrackerTestSupport.located(context) }

  /// The bytes Table Habit's writer makes of `dataset`, and the warnings of encoding.
  static func encode(_ dataset: TrackerDataset) throws -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
    let (bytes, context) = try TrackerTestSupport.encode(TableHabitCodec(), dataset, name: "out.json")
    return (bytes, context.diagnostics)
  }

  /// Writes and reads back.
  static func roundTrip(_ dataset: TrackerDataset) throws -> TrackerDataset {
    try decode(String(decoding: try encode(dataset).bytes, as: UTF8.self)).0
  }

  /// The JSON text as Foundation reads it (the oracle for "same values"), never TrackerPort's reader.
  static func foundationJSON(_ bytes: [UInt8]) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
}
