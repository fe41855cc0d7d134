import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

@Suite struct JSONSourceLocatorTests {
  @Test func pointersResolveToTheirValues() throws {
    let (_, context) = try Harness.decode(try Harness.fixture("golden.trackport.json"))
    let locator = try #require(context.sourceLocator)
    let found = locator.locate([
      "", "/trackers/1/name", "/trackers/2/emoji", "/records/2/date", "/tasks/0/attachments/1/uri",
      "/taskCategoryOrder", "/nope/deeper", "not-a-pointer", "/records/99",
    ])
    func at(_ pointer: String) -> [Int?] { [found[pointer]?.line, found[pointer]?.column] }
    #expect(at("") == [1, 1])
    #expect(at("/trackers/1/name") == [34, 15])
    // A tracker without an emoji: its object's opening brace.
    #expect(at("/trackers/2/emoji") == [42, 5])
    #expect(at("/records/2/date") == [53, 40])
    #expect(at("/tasks/0/attachments/1/uri") == [68, 35])
    #expect(at("/taskCategoryOrder") == [82, 24])
    #expect(at("/nope/deeper") == [1, 1])
    #expect(at("/records/99") == [50, 14])
    #expect(found["not-a-pointer"] == nil)
    #expect(found["/records/2/date"]?.file == "test.trackport.json")
    #expect(found["/records/2/date"]?.pointer == "/records/2/date")
  }

  /// The paths version 2 adds, so validator findings on them point at the right line.
  @Test func version2PathsResolveToTheirValues() throws {
    let (_, context) = try Harness.decode(try Harness.fixture("version2.trackport.json"))
    let locator = try #require(context.sourceLocator)
    let found = locator.locate([
      "/entries/1/amount", "/entries/3/amount", "/entries/9/amount", "/trackers/0/goal/target",
      "/trackers/1/goal/target", "/trackers/2/goal/target", "/trackers/0/frequency/days",
      "/trackers/0/reminders/1/time", "/records/0/note",
    ])
    func at(_ pointer: String) -> [Int?] { [found[pointer]?.line, found[pointer]?.column] }
    #expect(at("/entries/1/amount") == [62, 61])
    // An entry without an amount: its object's opening brace.
    #expect(at("/entries/3/amount") == [64, 5])
    // Past the last entry: the entries array.
    #expect(at("/entries/9/amount") == [60, 14])
    #expect(at("/trackers/0/goal/target") == [22, 27])
    #expect(at("/trackers/1/goal/target") == [39, 27])
    // A tracker without a goal: the tracker.
    #expect(at("/trackers/2/goal/target") == [41, 5])
    #expect(at("/trackers/0/frequency/days") == [23, 42])
    #expect(at("/trackers/0/reminders/1/time") == [26, 19])
    #expect(at("/records/0/note") == [54, 75])
  }

  @Test func escapedTokensAndUnicodeColumns() {
    let text = "{\"trackport\": 1,\n \"a/b\": {\"~\": [\"ёё\", \"x\"]}}"
    let locator = JSONSourceLocator(bytes: Array(text.utf8))
    let found = locator.locate(["/a~1b/~0/1", "/a~1b/~0/01"])
    #expect(found["/a~1b/~0/1"]?.line == 2)
    #expect(found["/a~1b/~0/1"]?.column == 22)
    // "01" is not an array index: nearest ancestor is the array.
    #expect(found["/a~1b/~0/01"]?.column == 15)
  }

  @Test func manyPointersOnManyRecords() throws {
    var text = "{\"trackport\": 1, \"records\": [\n"
    for i in 0..<5000 {
      text += (i > 0 ? ",\n" : "") + "{\"trackerId\": \"t\", \"date\": \"2026-01-01\"}"
    }
    text += "]}"
    let locator = JSONSourceLocator(bytes: Array(text.utf8))
    let pointers = Set((0..<5000).filter { $0 % 3 == 0 }.map { "/records/\($0)/date" })
    let found = locator.locate(pointers)
    #expect(found.count == pointers.count)
    #expect(found["/records/3/date"]?.line == 5)
    // Record n is on line n + 2, its date at column 28.
    let wrong = found.filter { pointer, location in
      let n = Int(pointer.split(separator: "/")[1]) ?? -1
      return location.line != n + 2 || location.column != 28
    }
    #expect(wrong.isEmpty)
    // Past the last record: the records array itself.
    #expect(locator.locate(["/records/5000/date"])["/records/5000/date"]?.column == 29)
  }
}
