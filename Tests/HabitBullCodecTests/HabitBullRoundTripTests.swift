import Foundation
import Testing
import TrackerPort
@testable import HabitBullCodec

@Suite struct HabitBullRoundTripTests {
  /// HabitBull → dataset → HabitBull keeps every row (a repeated day once, as Loop reads it):
  /// names, descriptions, categories, days, values and comments, as Python reads both files.
  @Test(arguments: fixtureNames)
  func writingBackKeepsEveryRow(_ name: String) throws {
    let (dataset, _) = try decodeFixture(name)
    let text = try encodeHabitBull(dataset)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("habitbull-\(UUID().uuidString).csv")
    try Data(text.utf8).write(to: out)
    defer { try? FileManager.default.removeItem(at: out) }
    #expect(try Oracle.read(out).rows == Oracle.read(fixture(name)).rows)
    // And the dataset read back is the same dataset.
    #expect(try decodeHabitBull(Array(text.utf8)).0 == dataset)
  }

  @Test func theOutputIsWhatLoopsImporterExpects() throws {
    let text = try encodeHabitBull(try decodeFixture("habitbull2.csv").0)
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines[0] == "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText")
    #expect(lines[1] == "H1,,C1,2020-11-05,1,")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[3].count == 10 })
    #expect(HabitBullCodec().sniff(Array(text.utf8)))
  }

  @Test func awkwardTextIsQuotedAndComesBack() throws {
    let text = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
      + "\"Say \"\"hi\"\", twice\",\"two\nlines\", Leading space,2024-02-29,1,\"a, b\"\n"
    let (dataset, _) = try decodeHabitBull(text)
    #expect(dataset.trackers[0].name == "Say \"hi\", twice")
    #expect(dataset.categories[0].title == " Leading space")
    let back = try decodeHabitBull(Array(try encodeHabitBull(dataset).utf8)).0
    #expect(back == dataset)
  }
}
