import Foundation
import Testing
import HabiticaCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Helpers for the Habitica tests: the exports of ``HabiticaExports`` (shared with the tests
/// in TrackerPortTests), the Python oracle, in-process decoding.
enum Habitica: HabiticaExports {
  static func decode(_ bytes: [UInt8], name: String = "userdata.json", options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(HabiticaCodec(), bytes: bytes, name: name, options: options)
  }

  static func decode(_ object: [String: Any], options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(try bytes(object), options: options)
  }

  /// Days per tracker id, as `YYYY-MM-DD` text.
  static func days(_ dataset: TrackerDataset) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for tracker in dataset.trackers { result[tracker.id] = [] }
    for record in dataset.records { result[record.trackerId, default: []].append(record.date.description) }
    return result.mapValues { $0.sorted() }
  }

  /// The Python oracle's days per task id and its count of condensed entries.
  static func oracle(_ path: String, arguments: [String] = []) throws -> (days: [String: [String]], condensed: Int) {
    let data = Data(try runPython(oracle: "habitica_days.py", [path] + arguments).utf8)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let days = object["days"] as? [String: [String]], let condensed = object["condensed"] as? Int else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return (days, condensed)
  }

  /// The condensed-entry count a `habitica-condensed-history` warning states.
  static func condensedCount(_ context: CodecContext) -> Int? {
    guard let message = context.diagnostics.first(where: { $0.code == "habitica-condensed-history" })?.message,
          let open = message.range(of: " ("), let close = message.range(of: " entries)") else { return nil }
    return Int(message[open.upperBound..<close.lowerBound])
  }
}
