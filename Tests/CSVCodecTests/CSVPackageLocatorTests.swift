@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel
import Testing
import TrackerTestSupport

@Suite struct CSVPackageLocatorTests {
  @Test func pointersLandOnFileRowFieldLineAndColumn() throws {
    let dataset = TrackerDataset(
      categories: [TrackerCategory(id: "c", title: "Home")],
      trackers: [
        Tracker(id: "t1", kind: .habit, name: "two\nlines", categoryId: "c", emoji: nil, color: "#fff", schedule: [.mon],
                extras: ["csv": .object([JSONMember("Notes", .string("n"))])]),
        Tracker(id: "t2", kind: .habit, name: "ok", categoryId: "nope", emoji: "🌺", color: "#33CF69", schedule: []),
      ],
      records: [TrackerRecord(trackerId: "t9", date: LocalDate(dayNumber: 20_000))])
    var context = CodecContext(fileName: "pkg")
    _ = try MemoryPackage(dataset).read(context: &context)
    let locator = try #require(context.sourceLocator)
    let found = locator.locate(["/trackers/0/color", "/trackers/1/categoryId", "/trackers/0/emoji", "/trackers/1/schedule/0",
                                "/records/0/trackerId", "/trackers/0/extras/csv/Notes", "/taskCategoryOrder/2",
                                "/trackers/7/name", "/trackers/1"])
    func place(_ pointer: String) -> String {
      guard let l = found[pointer] else { return "none" }
      return "\(l.file ?? "-") r\(l.row ?? 0) \(l.field ?? "-") \(l.line ?? 0):\(l.column ?? 0)"
    }
    // Row 2 is t1 on lines 2-3; "two\nlines" is quoted, so color starts on line 3 at column 11.
    #expect(place("/trackers/0/color") == "pkg/trackers.csv r2 color 3:11")
    #expect(place("/trackers/0/emoji") == "pkg/trackers.csv r2 emoji 3:10")
    #expect(place("/trackers/1/categoryId") == "pkg/trackers.csv r3 categoryId 4:13")
    #expect(place("/trackers/1/schedule/0") == "pkg/trackers.csv r3 schedule 4:28")
    #expect(place("/records/0/trackerId") == "pkg/records.csv r2 trackerId 2:1")
    #expect(place("/trackers/0/extras/csv/Notes").hasPrefix("pkg/trackers.csv r2 Notes 3:"))
    #expect(place("/taskCategoryOrder/2") == "pkg/datapackage.json r0 - 0:0")
    #expect(place("/trackers/7/name") == "none")
    #expect(place("/trackers/1") == "pkg/trackers.csv r3 - 4:1")
  }

  @Test func findingsAreLocatedThroughTheCodecHelper() throws {
    var context = CodecContext(fileName: "pkg")
    _ = try MemoryPackage(TrackerDataset(trackers: [
      Tracker(id: "t1", kind: .habit, name: "", categoryId: "c", emoji: "🌺", color: "#33CF69", schedule: [.mon]),
    ])).read(context: &context)
    let finding = Diagnostic(code: "name-empty", severity: .error, message: "empty",
                             location: SourceLocation(pointer: "/trackers/0/name"))
    let located = [finding].located(by: context.sourceLocator, file: "pkg")
    #expect(located.first?.location == SourceLocation(file: "pkg/trackers.csv", pointer: "/trackers/0/name", line: 2,
                                                      column: 10, row: 2, field: "name"))
  }
}
