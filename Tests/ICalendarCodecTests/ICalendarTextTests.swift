import Testing
import TrackerTestSupport
@testable import ICalendarCodec

@Suite struct ICalendarTextTests {
  @Test func foldsAt75OctetsWithoutSplittingUTF8() {
    var writer = ICalendarWriter()
    let value = String(repeating: "é🙂ж", count: 60)
    writer.writeLine("SUMMARY:" + value)
    let lines = writer.bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
    #expect(lines.count > 3)
    for line in lines {
      #expect(line.last == 0x0D)
      #expect(line.count - 1 <= 75)
      #expect(String(validating: Array(line), as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
    }
    #expect(lines.dropFirst().allSatisfy { $0.first == 0x20 })
  }

  @Test(arguments: ["a,b;c\\d", "x\ny", "\\n", "", "é🙂", "trailing\\"])
  func textEscapingRoundTrips(_ text: String) {
    #expect(ICalendarText.unescape(ICalendarText.escape(text)) == text)
  }

  @Test func unescapesCapitalNAndSplitsLists() {
    #expect(ICalendarText.unescape("a\\Nb\\,c") == "a\nb,c")
    #expect(ICalendarText.splitList("a,b\\,c,d") == ["a", "b,c", "d"])
  }

  @Test func parserUnfoldsAcceptsLFLowerCaseAndQuotedParameters() throws {
    let text = "begin:vcalendar\nBEGIN:VEVENT\nSUMMARY;x-p=\"a;b:c\",d:Hel\n lo\\, world\nEND:VEVENT\nEND:VCALENDAR\n"
    let roots = try text.utf8.withContiguousStorageIfAvailable { try ICalendarParser(fileName: "t").parse(UnsafeRawBufferPointer($0)) } ?? []
    let summary = try #require(roots.first?.components.first?.first("SUMMARY"))
    #expect(summary.text == "Hello, world")
    #expect(summary.parameters.first?.values == ["a;b:c", "d"])
  }

  @Test func malformedInputIsLocated() throws {
    let unterminated = try #require(Harness.failure("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VCALENDAR\r\n"))
    #expect(unterminated.location.line == 4)
    let open = try #require(Harness.failure("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n"))
    #expect(open.location.line == 2)
    let noColon = try #require(Harness.failure("BEGIN:VCALENDAR\r\nSUMMARY no colon\r\nEND:VCALENDAR\r\n"))
    #expect(noColon.location.line == 2 && noColon.location.column != nil)
    let badDate = try #require(Harness.failure("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nDTSTART;VALUE=DATE:20261340\nEND:VEVENT\nEND:VCALENDAR\n"))
    #expect(badDate.location.line == 4)
    let badRule = try #require(Harness.failure("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nDTSTART;VALUE=DATE:20260105\nRRULE:FREQ=FORTNIGHTLY\nEND:VEVENT\nEND:VCALENDAR\n"))
    #expect(badRule.location.line == 5)
  }

  /// Components nested past ICalendarParser.maxDepth (a server's answer or a file made to
  /// exhaust the stack) are malformed input at the first too deep BEGIN, not a crash.
  @Test func componentsNestedTooDeepAreRefused() throws {
    let depth = ICalendarParser.maxDepth
    let text = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:VALARM\r\n", count: 60_000) + String(repeating: "END:VALARM\r\n", count: 60_000) + "END:VCALENDAR\r\n"
    let deep = try #require(Harness.failure(text))
    #expect(deep.message == "components nested deeper than \(depth)")
    #expect(deep.location.line == depth + 1)
    let fine = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: depth - 1) + String(repeating: "END:X\r\n", count: depth - 1) + "END:VCALENDAR\r\n"
    #expect(throws: Never.self) { _ = try Array(fine.utf8).withUnsafeBytes { try ICalendarParser(fileName: "f").parse($0) } }
  }
}
