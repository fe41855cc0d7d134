import Testing
import TrackerCodec
import TrackerModel

@Suite struct ForeignJSONTests {
  private func document(_ text: String) throws -> ForeignJSON {
    try ForeignJSON(bytes: Array(text.utf8), fileName: "in.json", format: "an app export")
  }

  private func error(_ body: () throws -> Void) -> CodecError? {
    do { try body() } catch { return error as? CodecError }
    return nil
  }

  @Test func syntaxErrorsAreAtTheirLineAndColumn() {
    let failure = error { _ = try document("{\"a\": [1,\n  2,, 3]}") }
    #expect(failure?.kind == .malformedInput)
    #expect(failure?.location.line == 2)
    #expect(failure?.location.column == 5)
    #expect(failure?.message.hasPrefix("not an app export: ") == true)
  }

  @Test func bytesThatAreNotUTF8AreRefusedWhereTheyStart() {
    let bytes: [UInt8] = Array("{\"name\": \"caf".utf8) + [0xE9] + Array("\"}".utf8)
    let failure = error { _ = try ForeignJSON(bytes: bytes, fileName: "in.json", format: "an export") }
    #expect(failure?.location.column == 14)
    #expect(failure?.message.contains("not UTF-8") == true)
  }

  @Test func aByteOrderMarkIsSkippedAndNotCounted() throws {
    let doc = try ForeignJSON(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\":\n \"x\"}".utf8), fileName: "f", format: "x")
    let failure = doc.top.member("a").map { v in error { _ = try v.int() } } ?? nil
    #expect(failure?.location.line == 2)
    #expect(failure?.location.column == 2)
  }

  @Test func typeErrorsNameThePointerAndThePlace() throws {
    let doc = try document("""
      {"habits": [
        {"name": "Read", "records": [{"record_date": 19000}]},
        {"name": "Run", "records": [{"record_date": "abc"}]}
      ]}
      """)
    let habits = try doc.top.required("habits").elements()
    let date = try habits[1].required("records").elements()[0].required("record_date")
    let failure = error { _ = try date.int() }
    #expect(failure?.message == "expected an integer at /habits/1/records/0/record_date, found \"abc\"")
    #expect(failure?.location.line == 3)
    #expect(failure?.location.column == 47)
    #expect(failure?.location.pointer == "/habits/1/records/0/record_date")
    #expect(try habits[0].required("records").elements()[0].required("record_date").int() == 19000)
  }

  @Test func missingMembersAreAtTheirObject() throws {
    let doc = try document("{\"habits\": [{\"x\": 1}]}")
    let habit = try doc.top.required("habits").elements()[0]
    let failure = error { _ = try habit.required("name") }
    #expect(failure?.message == "missing \"name\" in /habits/0")
    #expect(failure?.location.column == 13)
    #expect(habit.member("nothing") == nil)
  }

  @Test func numbersAndFlagsFollowWhatAppsWrite() throws {
    let doc = try document("{\"a\": 3.0, \"b\": 3.5, \"c\": 1, \"d\": true, \"e\": null, \"f\": \"1\", \"g/h\": 2}")
    let top = doc.top
    #expect(try top.required("a").int() == 3)
    #expect(error { _ = try top.required("b").int() } != nil)
    #expect(try top.required("b").double() == 3.5)
    #expect(try top.required("c").bool(integers: true))
    #expect(error { _ = try top.required("c").bool() } != nil)
    #expect(try top.required("d").bool())
    #expect(top.member("e") == nil)
    #expect(error { _ = try top.required("f").int() }?.message == "expected an integer at /f, found \"1\"")
    #expect(top.member("g/h")?.pointer == "/g~1h")
    #expect(doc.location("/g~1h").column == 69)
  }

  @Test func theLocatorPlacesPointersAndFallsBackToAncestors() throws {
    let doc = try document("{\"a\": {\"b\": [10, 20]}}")
    let found = doc.locator.locate(["/a/b/1", "/a/zzz", "/a/b/7"])
    #expect(found["/a/b/1"]?.column == 18)
    #expect(found["/a/zzz"]?.column == 7)
    #expect(found["/a/b/7"]?.column == 13)
  }

  /// Many pointers at once (a warning per habit): nested ones, ancestors of others, missing
  /// ones, on several lines, are placed as one at a time would place them.
  @Test func theLocatorPlacesManyPointersInOneWalk() throws {
    let doc = try document("{\"a\": {\"b\": [10, 20]},\n \"c\": [{\"x\": 1}, {\"y\": [true],\n   \"x\": \"é\"}], \"d\": 4}")
    let pointers = ["", "/a", "/a/b/0", "/a/b/1", "/c/1/x", "/c/1", "/c/0/x", "/c/5", "/d", "/d/e", "/zz"]
    let found = doc.locator.locate(Set(pointers))
    let places = pointers.map { found[$0].map { "\($0.line ?? 0):\($0.column ?? 0)" } ?? "-" }
    #expect(places == ["1:1", "1:7", "1:14", "1:18", "3:9", "2:18", "2:14", "2:7", "3:21", "3:21", "1:1"])
    for pointer in pointers {
      #expect(doc.locator.locate([pointer])[pointer] == found[pointer], "\(pointer)")
    }
  }

  @Test func manyPointersAreLocatedInOneWalkAsEachAlone() throws {
    // 4,000 elements over as many lines, several pointers each (values, missing members,
    // indices past the end, escaped keys), all asked at once: every one where it is.
    var text = "{\"items\": [\n"
    for i in 0..<4_000 {
      if i > 0 { text += ",\n" }
      text += "  {\"id\": \(i), \"a~b\": [\(i), {\"é\": \"x\\\"y\"}], \"s\": \"ü\\\\\"}"
    }
    text += "\n], \"tail\": true}"
    let doc = try document(text)
    var pointers = Set<String>()
    for i in stride(from: 0, to: 4_000, by: 1) {
      pointers.insert("/items/\(i)/id")
      pointers.insert("/items/\(i)/a~0b/1/\u{e9}")
      if i % 7 == 0 { pointers.insert("/items/\(i)/missing/deeper") }
      if i % 11 == 0 { pointers.insert("/items/\(i)/a~0b/9") }
    }
    pointers.insert("/items/4000")
    pointers.insert("/tail")
    pointers.insert("")
    let found = doc.locator.locate(pointers)
    #expect(found.count == pointers.count)
    #expect(found["/items/3999/id"]?.line == 4_001)
    #expect(found["/tail"]?.line == 4_002)
    #expect(found[""]?.line == 1)
    // Expected places computed from the text itself, not by the locator.
    func column(_ line: String, of needle: String) -> Int? {
      guard let range = line.range(of: needle) else { return nil }
      return line.unicodeScalars[..<range.lowerBound].count + 1
    }
    for i in 0..<4_000 {
      let line = "  {\"id\": \(i), \"a~b\": [\(i), {\"é\": \"x\\\"y\"}], \"s\": \"ü\\\\\"}"
      #expect(found["/items/\(i)/id"]?.column == 10)
      #expect(found["/items/\(i)/id"]?.line == i + 2)
      #expect(found["/items/\(i)/a~0b/1/\u{e9}"]?.column == column(line, of: "\"x\\"))
      if i % 7 == 0 { #expect(found["/items/\(i)/missing/deeper"]?.column == 3) }
      if i % 11 == 0 { #expect(found["/items/\(i)/a~0b/9"]?.column == column(line, of: "[")) }
    }
    #expect(found["/items/4000"]?.column == 11)
    #expect(found["/items/4000"]?.line == 1)
  }
}
