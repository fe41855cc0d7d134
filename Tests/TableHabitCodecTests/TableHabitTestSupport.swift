import Foundation
import Testing
import TrackerPort

/// Helpers for the Table Habit tests: the fixtures (hand-built from the shapes documented in
/// `../shared/docs/migration-targets.md`, "Table Habit"; see `Fixtures/README.md`), in-process
/// decoding and encoding, and the Loop fixtures read in place from `../shared`.
enum TableHabit {
  static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// `../shared/fixtures/loop_uhabits/<name>`.
  static func loopFixture(_ name: String) -> String {
    root.appendingPathComponent("../shared/fixtures/loop_uhabits/" + name).standardizedFileURL.path
  }

  /// Whether the shared Loop fixtures are beside the repository; always under CI (`CI` set),
  /// so that a missing fixture folder fails the tests there instead of skipping them.
  static var haveLoopFixtures: Bool {
    ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: loopFixture("loop.db"))
  }

  static func decode(_ bytes: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: "test.json", options: options)
    let dataset = try TableHabitCodec().decode(CodecInput(.bytes(Array(bytes.utf8), name: "test.json")), context: &context)
    return (dataset, located(context))
  }

  static func decode(path: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: path, options: options)
    let dataset = try TableHabitCodec().decode(CodecInput(path: path), context: &context)
    return (dataset, located(context))
  }

  /// The context with its warnings placed in the file, as `DatasetFile.load` places them.
  static func located(_ context: CodecContext) -> CodecContext {
    var placed = CodecContext(fileName: context.fileName, options: context.options)
    placed.report(contentsOf: context.diagnostics.located(by: context.sourceLocator, file: context.fileName))
    return placed
  }

  /// The bytes Table Habit's writer makes of `dataset`, and the warnings of encoding.
  static func encode(_ dataset: TrackerDataset) throws -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "out.json")
    try TableHabitCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return (memory.bytes, context.diagnostics)
  }

  /// Writes and reads back.
  static func roundTrip(_ dataset: TrackerDataset) throws -> TrackerDataset {
    try decode(String(decoding: try encode(dataset).bytes, as: UTF8.self)).0
  }

  /// The JSON text as Foundation reads it (the oracle for "same values"), never TrackerPort's reader.
  static func foundationJSON(_ bytes: [UInt8]) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
  }

  static func error(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CodecError
    }
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-tablehabit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
