import Foundation
import HabitKitCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the HabitKit tests: the hand-made fixtures (`Fixtures/README.md`), decoding and
/// encoding in process.
enum HabitKit {
  static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  static func read(_ name: String, options: [String: String] = [:]) throws -> (TrackerDataset, [Diagnostic]) {
    let (dataset, context) = try TrackerTestSupport.decode(HabitKitCodec(), path: fixture(name), options: options)
    return (dataset, located(context).diagnostics)
  }

  static func decode(_ bytes: [UInt8]) throws -> (TrackerDataset, [Diagnostic]) {
    let (dataset, context) = try TrackerTestSupport.decode(HabitKitCodec(), bytes: bytes, name: "test.json")
    return (dataset, located(context).diagnostics)
  }

  static func encode(_ dataset: TrackerDataset) throws -> [UInt8] {
    try TrackerTestSupport.encode(HabitKitCodec(), dataset, name: "out.habitkit.json").0
  }

  static func losses(_ dataset: TrackerDataset) -> [Diagnostic] {
    HabitKitCodec().losses(writing: dataset, to: CodecOutput(path: "/tmp/out.habitkit.json"), options: [:])
  }

  /// The JSON as Foundation reads it: the oracle for "same values", never TrackerPort's reader.
  static func foundationJSON(_ bytes: [UInt8]) throws -> NSDictionary {
    guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary else {
      throw CodecError(.io, "not a JSON object")
    }
    return object
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// `tracker`'s record days and entry days, as text.
  static func days(_ dataset: TrackerDataset, of tracker: String) -> (records: [String], entries: [String]) {
    (dataset.records.filter { $0.trackerId == tracker }.map(\.date.description).sorted(),
     dataset.entries.filter { $0.trackerId == tracker }.map(\.date.description).sorted())
  }
}
