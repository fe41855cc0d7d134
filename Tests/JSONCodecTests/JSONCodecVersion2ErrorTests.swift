import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// Version-2 documents the reader refuses, each at the offending value with its pointer, as
/// for version 1 (``JSONCodecErrorTests``).
@Suite struct JSONCodecVersion2ErrorTests {
  typealias Case = JSONCodecErrorTests.Case

  static let cases: [Case] = [
    Case("archived not a boolean", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "archived": "yes"}]}"#, 1, 104,
         #""archived" must be a boolean (true or false), not a string"#, pointer: "/trackers/0/archived"),
    Case("archived null", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "archived": null}]}"#, 1, 104,
         #""archived" must be a boolean (true or false), not null"#, pointer: "/trackers/0/archived"),
    Case("description not a string", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "description": 5}]}"#, 1, 107,
         #""description" must be a string or null, not a number"#, pointer: "/trackers/0/description"),
    Case("goal not an object", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": "5 km"}]}"#, 1, 100,
         #""goal" must be an object {"target", "direction", "unit", "period"} or null, not a string"#, pointer: "/trackers/0/goal"),
    Case("goal target not a number", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": "5"}}]}"#, 1, 111,
         #""target" must be a number, not a string"#, pointer: "/trackers/0/goal/target"),
    Case("goal without target", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"unit": "km"}}]}"#, 1, 100,
         #"goal is missing the required key "target""#, pointer: "/trackers/0/goal"),
    Case("goal direction unknown", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 5, "direction": "more"}}]}"#, 1, 127,
         #""direction" must be "atLeast" or "atMost", not "more""#, pointer: "/trackers/0/goal/direction"),
    Case("goal target too large", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 1e400}}]}"#, 1, 111,
         #""target" must be a number a 64-bit float can hold (up to about 1.8e308), not 1e400"#, pointer: "/trackers/0/goal/target"),
    Case("goal unit not a string", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 5, "unit": 1}}]}"#, 1, 122,
         #""unit" must be a string or null, not a number"#, pointer: "/trackers/0/goal/unit"),
    Case("goal duplicate key", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 5, "target": 6}}]}"#, 1, 114,
         #"duplicate key "target" in an object"#, pointer: "/trackers/0/goal"),
    Case("frequency times not an integer", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "frequency": {"times": 1.5, "days": 7}}]}"#, 1, 115,
         #""times" must be an integer, not 1.5"#, pointer: "/trackers/0/frequency/times"),
    Case("frequency without days", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "frequency": {"times": 3}}]}"#, 1, 105,
         #"frequency is missing the required key "days""#, pointer: "/trackers/0/frequency"),
    Case("frequency not an object", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "frequency": [3, 7]}]}"#, 1, 105,
         #""frequency" must be an object {"times", "days"} or null, not an array"#, pointer: "/trackers/0/frequency"),
    Case("reminders not an array", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": "07:30"}]}"#, 1, 105,
         #""reminders" must be an array of {"time", "days"} objects, not a string"#, pointer: "/trackers/0/reminders"),
    Case("reminders null", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": null}]}"#, 1, 105,
         #""reminders" must be an array of {"time", "days"} objects, not null"#, pointer: "/trackers/0/reminders"),
    Case("reminder not an object", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": [{"time": "07:30"}, "19:00"]}]}"#, 1, 125,
         #"each reminder must be an object, not a string"#, pointer: "/trackers/0/reminders/1"),
    Case("reminder time not a string", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": [{"time": 730}]}]}"#, 1, 115,
         #""time" must be a string, not a number"#, pointer: "/trackers/0/reminders/0/time"),
    Case("reminder without time", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": [{"days": ["mon"]}]}]}"#, 1, 106,
         #"reminder is missing the required key "time""#, pointer: "/trackers/0/reminders/0"),
    Case("reminder day unknown", #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "reminders": [{"time": "07:30", "days": ["mon", "someday"]}]}]}"#, 1, 140,
         #""days" items must be weekdays (mon tue wed thu fri sat sun), not "someday""#, pointer: "/trackers/0/reminders/0/days/1"),
    Case("record amount not a number", #"{"trackport": 2, "records": [{"trackerId": "t", "date": "2026-01-05", "amount": "6"}]}"#, 1, 81,
         #""amount" must be a number or null, not a string"#, pointer: "/records/0/amount"),
    Case("record amount too large", #"{"trackport": 2, "records": [{"trackerId": "t", "date": "2026-01-05", "amount": -2e308}]}"#, 1, 81,
         #""amount" must be a number a 64-bit float can hold (up to about 1.8e308), not -2e308"#, pointer: "/records/0/amount"),
    Case("record note not a string", #"{"trackport": 2, "records": [{"trackerId": "t", "date": "2026-01-05", "note": ["a"]}]}"#, 1, 79,
         #""note" must be a string or null, not an array"#, pointer: "/records/0/note"),
    Case("entries not an array", #"{"trackport": 2, "entries": {}}"#, 1, 29,
         #""entries" must be an array of entry objects, not an object"#, pointer: "/entries"),
    Case("entry not an object", #"{"trackport": 2, "entries": [[]]}"#, 1, 30,
         #"each entry must be an object, not an array"#, pointer: "/entries/0"),
    Case("entry skipped not a boolean", #"{"trackport": 2, "entries": [{"trackerId": "t", "date": "2026-01-05", "skipped": "yes"}]}"#, 1, 82,
         #""skipped" must be a boolean (true or false), not a string"#, pointer: "/entries/0/skipped"),
    Case("entry without date", #"{"trackport": 2, "entries": [{"trackerId": "t", "skipped": true}]}"#, 1, 30,
         #"entry is missing the required key "date""#, pointer: "/entries/0"),
    Case("entry trackerId not a string", #"{"trackport": 2, "entries": [{"trackerId": 7, "date": "2026-01-05"}]}"#, 1, 44,
         #""trackerId" must be a string, not a number"#, pointer: "/entries/0/trackerId"),
    Case("entry impossible day", #"{"trackport": 2, "entries": [{"trackerId": "t", "date": "2026-02-29"}]}"#, 1, 57,
         #""date" must be a day that exists, written YYYY-MM-DD, not "2026-02-29""#, pointer: "/entries/0/date"),
    Case("entry duplicate key", #"{"trackport": 2, "entries": [{"trackerId": "t", "date": "2026-01-05", "amount": 1, "amount": 2}]}"#, 1, 84,
         #"duplicate key "amount" in an object"#, pointer: "/entries/0"),
    Case("entry note not a string", #"{"trackport": 2, "entries": [{"trackerId": "t", "date": "2026-01-05", "note": false}]}"#, 1, 79,
         #""note" must be a string or null, not a boolean"#, pointer: "/entries/0/note"),
    Case("truncated entry", #"{"trackport": 2, "entries": [{"trackerId": "t", "date": "2026-01-05", "note": "a"#, 1, 79,
         #"unterminated string"#, pointer: "/entries/0"),
  ]

  @Test(arguments: cases)
  func malformedVersion2InputIsLocated(_ c: Case) throws {
    let error = try #require(Harness.failure(c.input))
    #expect(error.kind == c.kind)
    #expect(error.message == c.message)
    #expect(error.location.line == c.line)
    #expect(error.location.column == c.column)
    #expect(error.location.pointer == c.pointer)
  }

  /// The same keys in a version-1 document are unknown keys: kept, reported, never refused
  /// for their type (a version-1 file means what it meant before version 2).
  @Test(arguments: cases.filter { !$0.name.hasPrefix("truncated") && !$0.name.hasSuffix("duplicate key") })
  func theSameKeysInVersion1AreUnknown(_ c: Case) throws {
    let text = String(decoding: c.input, as: UTF8.self)
    let version1 = text.replacingOccurrences(of: #"{"trackport": 2"#, with: #"{"trackport": 1"#)
    #expect(version1 != text)
    let failure = Harness.failure(version1)
    #expect(failure == nil, "\(c.name): \(failure?.message ?? "")")
    let (dataset, context) = try Harness.decode(version1)
    #expect(dataset.formatVersionNeeded == 1)
    #expect(context.diagnostics.contains { $0.code == "unknown-key" })
  }

  /// Errors in a pretty-printed file point at the line and column of the value.
  @Test func errorsInAPrettyFileAreLocated() throws {
    let golden = String(decoding: try Harness.fixture("version2.trackport.json"), as: UTF8.self)
    let edits: [(String, String, Int, Int, String, String)] = [
      (#""target": 5.5"#, #""target": true"#, 22, 27, #""target" must be a number, not a boolean"#, "/trackers/0/goal/target"),
      (#""amount": 2.5"#, #""amount": "2.5""#, 62, 61, #""amount" must be a number or null, not a string"#, "/entries/1/amount"),
      (#""skipped": true, "note""#, #""skipped": 1, "note""#, 61, 62,
       #""skipped" must be a boolean (true or false), not a number"#, "/entries/0/skipped"),
      (#""days": 7 }"#, #""days": 7.0 }"#, 23, 42, #""days" must be an integer, not 7.0"#, "/trackers/0/frequency/days"),
    ]
    for (old, new, line, column, message, pointer) in edits {
      #expect(golden.contains(old))
      let error = try #require(Harness.failure(golden.replacingOccurrences(of: old, with: new)))
      #expect(error.message == message)
      #expect([error.location.line, error.location.column] == [line, column], "\(message)")
      #expect(error.location.pointer == pointer)
    }
  }

  /// Unknown keys of a goal, a frequency or a reminder and an explicit `json-<key>` namespace
  /// that do not fit together are refused at the unknown key, as for attachments.
  @Test func nestedUnknownKeysThatClashAreRefused() throws {
    let tracker = #""id": "t", "kind": "habit", "name": "n", "categoryId": "c""#
    let goal = try #require(Harness.failure(
      #"{"trackport": 2, "trackers": [{\#(tracker), "extras": {"json-goal": {"x": 1}}, "goal": {"target": 1, "x": 2}}]}"#))
    #expect(goal.message == #"unknown key "x" is also a key of the tracker's "extras": {"json-goal": ...}"#)
    #expect(goal.location.pointer == "/trackers/0/goal/x")
    #expect(goal.note == "unknown keys are kept there (/trackers/0/extras/json-goal); remove or rename one of the two")
    let reminders = try #require(Harness.failure(
      #"{"trackport": 2, "trackers": [{\#(tracker), "extras": {"json-reminders": 5}, "reminders": [{"time": "07:00", "x": 2}]}]}"#))
    #expect(reminders.message == #"unknown key "x" of a reminder cannot be kept: the tracker's "extras": {"json-reminders": ...} is not an array with one item per reminder"#)
    #expect(reminders.location.pointer == "/trackers/0/reminders/0/x")
    // When they fit they are merged, and come back.
    let (dataset, _) = try JSONCodecDocumentTests.roundTrip(
      #"{"trackport": 2, "trackers": [{\#(tracker), "extras": {"json-frequency": {"a": 1}}, "frequency": {"times": 1, "days": 2, "b": 2}}]}"#)
    #expect(dataset.trackers[0].extras["json-frequency"] == .object([JSONMember("a", .number("1")), JSONMember("b", .number("2"))]))
  }
}
