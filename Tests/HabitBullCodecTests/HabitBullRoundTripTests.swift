import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
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

/// Generated datasets: what HabitBull can carry comes back, and the losses account for the rest.
@Suite struct HabitBullGeneratedTests {
  @Test(arguments: 0..<12)
  func namesCategoriesAndCompletedDaysComeBack(_ seed: Int) throws {
    let dataset = DatasetGenerator(trackers: 2 + seed % 9, days: 5 + seed * 7, seed: UInt64(seed), tasks: seed % 3).generate()
    let back = try decodeHabitBull(Array(try encodeHabitBull(dataset).utf8)).0
    let titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    func days(_ d: TrackerDataset, _ id: String) -> [LocalDate] { d.records.filter { $0.trackerId == id }.map(\.date).sorted() }
    let written = dataset.trackers.filter { !days(dataset, $0.id).isEmpty }
    let backTitles = Dictionary(back.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    // Trackers with days come back in order, each apart (a second "Sport" as "Sport (2)"), in
    // their category, with their days.
    #expect(back.trackers.map(\.name) == DistinctNames.of(written.map(\.name)))
    for (original, read) in zip(written, back.trackers) {
      #expect(backTitles[read.categoryId] == titles[original.categoryId])
      #expect(days(back, read.id) == Array(Set(days(dataset, original.id))).sorted(), "\(original.name)")
    }
    // What did not come back is reported.
    let losses = HabitBullCodec().losses(writing: dataset, to: CodecOutput(.memory(MemoryOutput())), options: [:])
    let pointers = Set(losses.compactMap(\.location.pointer))
    if written.count < dataset.trackers.count { #expect(pointers.contains("/trackers[without days]")) }
    if !dataset.tasks.isEmpty { #expect(pointers.contains("/tasks")) }
    if dataset.trackers.contains(where: \.pinned) { #expect(pointers.contains("/trackers.pinned")) }
  }
}
