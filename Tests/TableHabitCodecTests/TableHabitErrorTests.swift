import Foundation
import Testing
import TrackerTestSupport
import TableHabitCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerValidation

/// Bad input: every error is `malformed-input` at its line and column, with the JSON pointer.
@Suite struct TableHabitErrorTests {
  /// One habit with `body` spliced in, on line 2 from column 15 (so columns are easy to count:
  /// 15 + the length of `"key": ` is where the first value starts).
  static func habit(_ body: String) -> String {
    "{\"habits\": [\n{\"name\": \"H\", \(body)}\n]}"
  }

  static func failure(_ text: String) throws -> CodecError {
    try #require(TableHabit.error { _ = try TableHabit.decode(text) })
  }

  @Test(arguments: [
    // (input, line, column, words in the message)
    (habit("\"type\": 7"), 2, 23, "unknown habit type 7 at /habits/0/type"),
    (habit("\"status\": 9"), 2, 25, "unknown habit status 9 at /habits/0/status"),
    (habit("\"status\": \"archived\""), 2, 25, "expected an integer at /habits/0/status, found \"archived\""),
    (habit("\"freq_type\": 5, \"freq_custom\": \"[1]\""), 2, 28, "unknown frequency type 5"),
    (habit("\"freq_type\": 1, \"freq_custom\": \"[3\""), 2, 46, "freq_custom at /habits/0/freq_custom is not JSON"),
    (habit("\"freq_type\": 3, \"freq_custom\": \"[3]\""), 2, 46, "expected [n,days] in the string at /habits/0/freq_custom"),
    (habit("\"freq_type\": 1, \"freq_custom\": [3]"), 2, 46, "expected a string at /habits/0/freq_custom"),
    (habit("\"reminder\": \"{\\\"type\\\":9,\\\"time\\\":{\\\"hour\\\":1,\\\"minute\\\":0},\\\"extra\\\":[]}\""), 2, 27, "unknown reminder type 9"),
    (habit("\"reminder\": \"{\\\"type\\\":2}\""), 2, 27, "expected \"time\""),
    (habit("\"start_date\": \"2026-01-01\""), 2, 29, "expected an integer at /habits/0/start_date"),
    (habit("\"start_date\": 99999999"), 2, 29, "day 99999999 at /habits/0/start_date is outside the years 1 to 9999"),
    (habit("\"daily_goal\": \"5\""), 2, 29, "expected a number at /habits/0/daily_goal"),
    (habit("\"records\": [{\"record_date\": 20458, \"record_type\": 4}]"), 2, 65, "unknown record type 4 at /habits/0/records/0/record_type"),
    (habit("\"records\": [{\"record_date\": 20458}]"), 2, 27, "missing \"record_type\" in /habits/0/records/0"),
    (habit("\"records\": [{\"record_type\": 1}]"), 2, 27, "missing \"record_date\" in /habits/0/records/0"),
    (habit("\"records\": {}"), 2, 26, "expected an array at /habits/0/records"),
    ("{\"groups\": []}", 1, 1, "missing \"habits\" in the top-level object"),
    ("{\"habits\": {}}", 1, 12, "expected an array at /habits"),
    ("[]", 1, 1, "expected an object at the top level"),
    ("{\"habits\": [{\"name\": \"H\", \"records\": [", 1, 39, "not a Table Habit export"),
  ])
  func badInputIsALocatedError(_ input: String, _ line: Int, _ column: Int, _ words: String) throws {
    let error = try Self.failure(input)
    #expect(error.kind == .malformedInput)
    #expect(error.message.contains(words), "\(error.message)")
    #expect(error.location.file == "test.json")
    #expect(error.location.line == line && error.location.column == column, "\(error)")
  }

  @Test func errorsNameThePointerAndTheSourceLines() throws {
    let error = try Self.failure(Self.habit("\"type\": 7"))
    #expect(error.location.pointer == "/habits/0/type")
    #expect(error.note?.contains("lib/models/habit_form.dart:36-40") == true)
  }

  @Test func textThatIsNotUTF8IsALocatedError() throws {
    var context = CodecContext(fileName: "bad.json")
    let bytes = Array("{\"habits\": [{\"name\": \"".utf8) + [0xFF] + Array("\"}]}".utf8)
    let error = try #require(TableHabit.error {
      _ = try TableHabitCodec().decode(CodecInput(.bytes(bytes, name: "bad.json")), context: &context)
    })
    #expect(error.kind == .malformedInput && error.location.line == 1 && error.location.column == 23, "\(error)")
  }
}
