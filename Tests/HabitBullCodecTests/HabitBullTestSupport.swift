import Foundation
import Testing
import TrackerPort
@testable import HabitBullCodec

/// The repository root, found from this file's path (Tests/HabitBullCodecTests/<file>).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Loop's HabitBull fixtures, read in place from the shared folder (never copied here).
let loopFixtures = repositoryRoot.appendingPathComponent("../shared/fixtures/loop_uhabits").standardizedFileURL

let fixtureNames = ["habitbull.csv", "habitbull2.csv", "habitbull3.csv", "habitbull4.csv"]

func fixture(_ name: String) -> URL { loopFixtures.appendingPathComponent(name) }

/// Decodes `bytes` as HabitBull CSV named `name`.
func decodeHabitBull(_ bytes: [UInt8], name: String = "in.csv", options: [String: String] = [:]) throws
  -> (TrackerDataset, CodecContext) {
  var context = CodecContext(fileName: name, options: options)
  let dataset = try HabitBullCodec().decode(CodecInput(.bytes(bytes, name: name)), context: &context)
  return (dataset, context)
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
  var context = CodecContext(fileName: "out.csv")
  let memory = MemoryOutput()
  try HabitBullCodec().encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
  return String(decoding: memory.bytes, as: UTF8.self)
}

/// The error a decode throws, or an issue when it does not.
func decodeFailure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CodecError? {
  do {
    _ = try decodeHabitBull(text)
    Issue.record("expected the decode to fail", sourceLocation: sourceLocation)
  } catch let error as CodecError {
    return error
  } catch {
    Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
  }
  return nil
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

  static let script = #"""
import csv, datetime, json, re, sys
def day(s):
    for fmt in ('%Y-%m-%d', '%m/%d/%Y'):
        try: return datetime.datetime.strptime(s, fmt).date().isoformat()
        except ValueError: pass
    raise SystemExit('bad date ' + s)
def parsed(s):
    if re.fullmatch(r'[+-]?[0-9]+', s) and -2**31 <= int(s) < 2**31: return int(s)
    return None
def value(s):
    v = parsed(s)
    return 0 if v is None else v
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    rows = list(csv.reader(f))
names, last, descriptions = [], {}, {}
for r in rows[1:]:
    if r[0] not in names: names.append(r[0])
    descriptions.setdefault(r[0], r[1])
    last[(r[0], day(r[3]))] = r
done = {n: sorted(d for (m, d), r in last.items() if m == n and value(r[4]) > 0) for n in names}
notDone = {n: sorted(d for (m, d), r in last.items() if m == n and value(r[4]) <= 0) for n in names}
measurable = [n for n in names if any(m == n and value(r[4]) > 1 for (m, d), r in last.items())]
days = [{'name': m, 'day': d, 'value': parsed(r[4]), 'comment': r[5] if len(r) > 5 else ''} for (m, d), r in last.items()]
out = [r[:3] + [day(r[3])] + r[4:] for r in last.values()]
print(json.dumps({'names': names, 'done': done, 'notDone': notDone, 'measurable': measurable,
                  'descriptions': descriptions, 'days': days, 'rows': sorted(out)}))
"""#

  /// Runs the script on `file` with `python3`.
  static func read(_ file: URL) throws -> Oracle {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed on \(file.path)")
    return try JSONDecoder().decode(Oracle.self, from: data)
  }
}
