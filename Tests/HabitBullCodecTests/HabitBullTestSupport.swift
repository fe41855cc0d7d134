import Foundation
import Testing
import TrackerCodec
import TrackerModel
import TrackerValidation
import TrackerTestSupport
@testable import HabitBullCodec

/// Loop's HabitBull fixtures, read in place from the shared folder (never copied here).
let loopFixtures = SharedFixtures.folder.appendingPathComponent("loop_uhabits")

let fixtureNames = ["habitbull.csv", "habitbull2.csv", "habitbull3.csv", "habitbull4.csv"]

func fixture(_ name: String) -> URL { loopFixtures.appendingPathComponent(name) }

/// Decodes `bytes` as HabitBull CSV named `name`.
func decodeHabitBull(_ bytes: [UInt8], name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  try TrackerTestSupport.decode(HabitBullCodec(), bytes: bytes, name: name, options: options)
}

func decodeHabitBull(_ text: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
  try decodeHabitBull(Array(text.utf8), options: options)
}

func decodeFixture(_ name: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
  var context = CodecContext(fileName: name, options: options)
  let dataset = try HabitBullCodec().decode(CodecInput(path: fixture(name).path), context: &context)
  return (dataset, context)
}

/// Encodes into memory; returns the text.
func encodeHabitBull(_ dataset: TrackerDataset) throws -> String {
  String(decoding: try TrackerTestSupport.encode(HabitBullCodec(), dataset, name: "out.csv").0, as: UTF8.self)
}

/// The error a decode throws, or an issue when it does not.
func decodeFailure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CodecError? {
  expectCodecError(sourceLocation: sourceLocation) { _ = try decodeHabitBull(text) }
}

/// What a HabitBull file holds, counted by Python's `csv` module (an independent reader):
/// habit names in order of first appearance, and per name the days (as ISO dates, the last
/// row of a repeated day winning, as in Loop) whose Value Loop's `toInt()` reads as positive,
/// and the days that are not; the habits with a Value above 1 (measurable, as in Loop), the
/// first row's description of each, and every day's Value (as read, or `nil` when `toInt()`
/// fails) and comment.
struct Oracle: Decodable {
  /// One day of a habit, as its last row gives it.
  struct Day: Decodable {
    var name: String
    var day: String
    var value: Int?
    var comment: String
  }

  var names: [String]
  var done: [String: [String]]
  var notDone: [String: [String]]
  var measurable: [String]
  var descriptions: [String: String]
  var days: [Day]
  var rows: [[String]]


  /// Runs `Tests/Oracles/habitbull.py` on `file`.
  static func read(_ file: URL) throws -> Oracle {
    try JSONDecoder().decode(Oracle.self, from: Data(try runPython(oracle: "habitbull.py", [file.path]).utf8))
  }
}
