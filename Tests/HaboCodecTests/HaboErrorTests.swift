import Foundation
import Testing
import TrackerTestSupport
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Backups that are not the shape Habo writes fail at the value, with line, column and pointer.
@Suite struct HaboErrorTests {
  /// Each case: the text, the pointer of the error, its line and column, and words of the message.
  @Test(arguments: [
    (#"{"habits":[{"title":7}],"categories":[]}"#, "/habits/0/title", 1, 21, "expected a string"),
    (#"{"habits":{},"categories":[]}"#, "/habits", 1, 11, "expected an array"),
    (#"{"categories":[]}"#, "", 1, 1, "missing \"habits\""),
    ("[{\"id\":1,\"title\":\"A\",\n \"events\":{\"2024-01-15 12:00:00.000Z\":[\"DayType.maybe\",\"\"]}}]",
     "/0/events/2024-01-15 12:00:00.000Z/0", 2, 40, "unknown day type \"DayType.maybe\""),
    (#"[{"id":1,"title":"A","events":{"2024-13-15 12:00:00.000Z":["DayType.check",""]}}]"#,
     "/0/events/2024-13-15 12:00:00.000Z", 1, 59, "expected a day key"),
    (#"[{"id":1,"title":"A","habitType":7,"events":{}}]"#, "/0/habitType", 1, 34, "unknown habitType 7"),
    (#"[{"id":1,"title":"A","habitType":1,"events":{"2024-01-15 12:00:00.000Z":["DayType.check","","lots"]}}]"#,
     "/0/events/2024-01-15 12:00:00.000Z/2", 1, 93, "expected a number"),
    (#"[{"id":1,"title":"A","events":{"2024-01-15 12:00:00.000Z":"DayType.check"}}]"#,
     "/0/events/2024-01-15 12:00:00.000Z", 1, 59, "expected an array"),
    (#"[{"id":"1","title":"A"}]"#, "/0/id", 1, 8, "expected an integer"),
    (#"[{"id":1,"title":"A","archived":"yes"}]"#, "/0/archived", 1, 33, "expected an integer"),
    (#"{"habits":[],"categories":[{"id":1}]}"#, "/categories/0", 1, 28, "missing \"title\""),
    (#"{"habits":[],"categories":[],"habit_categories":[{"habit_id":1}]}"#, "/habit_categories/0", 1, 50, "missing \"category_id\""),
  ])
  func aWrongValueIsALocatedError(_ text: String, _ pointer: String, _ line: Int, _ column: Int, _ words: String) throws {
    let error = try #require(Habo.error { _ = try Habo.decode(text) })
    #expect(error.kind == .malformedInput)
    #expect(error.location.pointer == pointer, "\(error)")
    #expect(error.location.line == line, "\(error)")
    #expect(error.location.column == column, "\(error)")
    #expect(error.message.contains(words), "\(error.message)")
  }

  @Test func truncatedJSONIsALocatedError() throws {
    let text = try String(contentsOfFile: Habo.fixture("envelope.json"), encoding: .utf8)
    let cut = String(text.utf8.prefix(300))!
    let error = try #require(Habo.error { _ = try Habo.decode(cut) })
    #expect(error.kind == .malformedInput)
    #expect(error.message.hasPrefix("not a Habo backup"))
    // At the string the cut left open (the file is one line of ASCII, as jsonEncode writes it).
    let quote = Array(cut.utf8).lastIndex(of: UInt8(ascii: "\""))! + 1
    #expect(error.location.line == 1 && error.location.column == quote, "\(error)")
  }

  @Test func aTopLevelThatIsNeitherObjectNorArrayIsRefused() throws {
    let error = try #require(Habo.error { _ = try Habo.decode("\"habits\"") })
    #expect(error.message.contains("not a Habo backup"))
  }

  @Test func bytesThatAreNotUTF8AreALocatedError() throws {
    var bytes = Array(#"[{"id":1,"title":"A"#.utf8)
    bytes += [0xFF] + Array(#""}]"#.utf8)
    let error = try #require(Habo.error { _ = try Habo.decode(bytes) })
    #expect(error.location.column == 20, "\(error)")
  }

  /// The UTF-8 check (RFC 3629's table, by hand since this commit): overlong forms,
  /// surrogates, code points past U+10FFFF and truncated sequences fail at their first byte;
  /// valid 2-, 3- and 4-byte scalars pass.
  @Test(arguments: [
    ([0xC0, 0x80], false), ([0xE0, 0x9F, 0xBF], false), ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false),
    ([0xF8, 0x88, 0x80, 0x80], false), ([0xE2, 0x82], false), ([0x80], false), ([0xC3, 0x28], false),
    ([0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true), ([0xED, 0x9F, 0xBF], true), ([0xF0, 0x9F, 0x98, 0x80], true),
    ([0xF4, 0x8F, 0xBF, 0xBF], true),
  ] as [([UInt8], Bool)])
  func utf8IsCheckedByteByByte(_ sequence: [UInt8], _ valid: Bool) throws {
    let bytes = Array("[\"".utf8) + sequence + Array("\"]".utf8)
    let error = Habo.error { _ = try ForeignJSON(bytes: bytes, fileName: "x.json", format: "a Habo backup") }
    if valid {
      #expect(error == nil, "\(sequence)")
    } else {
      #expect(error?.message.contains("not UTF-8") == true, "\(sequence)")
      #expect(error?.location.column == 3, "\(sequence)")
    }
  }
}
