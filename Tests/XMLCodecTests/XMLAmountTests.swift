import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import XMLCodec

/// Amounts and the values of version 2: numbers written as JSON writes them and read back to
/// the same `Double`; impossible values refused with their place, when reading and writing.
@Suite struct XMLAmountTests {
  @Test(arguments: [
    (6.0, "6"), (-0.0, "-0"), (0.0, "0"), (6.25, "6.25"), (0.1, "0.1"), (-2.5, "-2.5"), (1e-5, "1e-5"),
    (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"), (9_007_199_254_740_992, "9007199254740992"),
    (9_007_199_254_740_994, "9.007199254740994e15"),
    (1e20, "1e20"), (.leastNonzeroMagnitude, "5e-324"), (.greatestFiniteMagnitude, "1.7976931348623157e308"),
    (1.0 / 3, "0.3333333333333333"),
  ])
  func amountsAreWrittenShortest(value: Double, text: String) {
    #expect(XMLNumber.text(value) == text)
  }

  @Test func everyAwkwardAmountReadsBackBitForBit() {
    for value in awkwardAmounts + awkwardAmounts.map(-) {
      let text = XMLNumber.text(value) ?? "nil"
      let back = Array(text.utf8).withUnsafeBytes { XMLNumber.parse($0) }
      #expect(back?.bitPattern == value.bitPattern, "\(value) → \(text) → \(String(describing: back))")
    }
  }

  @Test(arguments: ["", "-", "+5", ".5", "5.", "1e", "1e+", "0x10", "INF", "-INF", "NaN", "inf", "nan", "1,5", " 1", "1 ", "１"])
  func onlyJSONNumbersAreNumbers(text: String) {
    #expect(Array(text.utf8).withUnsafeBytes { XMLNumber.parse($0) } == nil)
  }

  static func file(_ body: String) -> String {
    "<trackport xmlns=\"urn:trackport:1\" version=\"2\">\n  <trackers>\n    <tracker id=\"t\" kind=\"habit\" name=\"n\" categoryId=\"c\">\n"
      + body + "\n    </tracker>\n  </trackers>\n</trackport>"
  }

  static func entry(_ attributes: String) -> String {
    "<trackport xmlns=\"urn:trackport:1\" version=\"2\">\n  <records/>\n  <entries>\n    <entry trackerId=\"t\" "
      + attributes + "/>\n  </entries>\n</trackport>"
  }

  /// Each bad value: the file, the JSON pointer, the line and column of its element, the message.
  @Test(arguments: [
    (entry(#"date="2026-01-05" amount="abc""#), "/entries/0/amount", 4, 5, #""abc" is not a number"#),
    (entry(#"date="2026-01-05" amount="INF""#), "/entries/0/amount", 4, 5, #""INF" is not a number"#),
    (entry(#"date="2026-01-05" amount="1e400""#), "/entries/0/amount", 4, 5, "1e400 is too large for a number"),
    (entry(#"date="2026-01-05" skipped="yes""#), "/entries/0/skipped", 4, 5, "must be true or false"),
    (entry(#"date="2026-02-30""#), "/entries/0/date", 4, 5, #""2026-02-30" is not a day (YYYY-MM-DD)"#),
    (file(#"      <goal target="five"/>"#), "/trackers/0/goal/target", 4, 7, #""five" is not a number"#),
    (file(#"      <goal target="5" direction="more"/>"#), "/trackers/0/goal/direction", 4, 7, "direction must be atLeast or atMost"),
    (file(#"      <goal direction="atMost"/>"#), "/trackers/0/goal", 4, 7, "<goal> has no target attribute"),
    (file(#"      <frequency times="3" days="a week"/>"#), "/trackers/0/frequency/days", 4, 7, "days must be an integer"),
    (file(#"      <frequency times="3"/>"#), "/trackers/0/frequency", 4, 7, "<frequency> has no days attribute"),
    (file("      <goal target=\"1\"/>\n      <reminder days=\"mon\"/>"), "/trackers/0/reminders/0", 5, 7, "<reminder> has no time attribute"),
    (file(#"      <reminder time="07:30" days="mon funday"/>"#), "/trackers/0/reminders/0/days", 4, 7, #""funday" is not a weekday (mon ... sun)"#),
  ])
  func badValuesAreRefusedWhereTheyAre(text: String, pointer: String, line: Int, column: Int, message: String) {
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.message == message)
    #expect(error?.location.pointer == pointer)
    #expect(error?.location.line == line)
    #expect(error?.location.column == column)
  }

  @Test(arguments: [Double.infinity, -.infinity, .nan])
  func nonFiniteAmountsAreRefusedWhenWriting(value: Double) {
    var dataset = TrackerDataset(records: [TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 0))])
    dataset.entries = [TrackerEntry(trackerId: "t", date: LocalDate(dayNumber: 1)), TrackerEntry(trackerId: "t", date: LocalDate(dayNumber: 2), amount: value)]
    expectRefused(dataset, pointer: "/entries/1/amount")
    dataset.entries = []
    dataset.records[0].amount = value
    expectRefused(dataset, pointer: "/records/0/amount")
    dataset.records[0].amount = 1
    dataset.trackers = [Tracker(id: "t", kind: .habit, name: "n", categoryId: "c", emoji: nil, color: nil,
                                goal: TrackerGoal(target: value))]
    expectRefused(dataset, pointer: "/trackers/0/goal/target")
  }

  func expectRefused(_ dataset: TrackerDataset, pointer: String) {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "out.trackport.xml")
    do {
      try Harness.codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
      Issue.record("wrote a non-finite amount at \(pointer)")
    } catch let error as CodecError {
      #expect(error.kind == .unsupportedOperation)
      #expect(error.location.file == "out.trackport.xml")
      #expect(error.location.pointer == pointer)
      #expect(error.message.hasSuffix("is not a finite number"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
