import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

@Suite struct JSONCodecRoundTripTests {
  @Test(arguments: 0..<40)
  func generatedDatasetsSurviveARoundTrip(seed: Int) throws {
    var maker = DatasetMaker(seed: UInt64(seed) &* 1_000_003)
    for _ in 0..<25 {
      let dataset = maker.dataset()
      let bytes = try Harness.encode(dataset)
      let (decoded, _) = try Harness.decode(bytes)
      #expect(decoded == dataset, "\(String(decoding: bytes, as: UTF8.self))")
      if decoded != dataset { return }
      // Writing what was read gives the same bytes again.
      #expect(try Harness.encode(decoded) == bytes)
    }
  }

  @Test func unknownKeysStayInPlace() throws {
    let text = """
      {
        "trackport": 1,
        "categories": [
          {
            "id": "c",
            "title": "C",
            "colour": "blue",
            "x": { "y": [1, 2, { "z": null }] }
          }
        ],
        "trackers": [],
        "records": [],
        "tasks": [],
        "taskCategoryOrder": [],
        "future": true,
        "extras": {}
      }

      """
    let (dataset, context) = try Harness.decode(text)
    #expect(context.diagnostics.map(\.location.pointer) == ["/categories/0/colour", "/categories/0/x", "/future"])
    #expect(context.diagnostics.map(\.location.line) == [7, 8, 15])
    #expect(context.diagnostics.map(\.location.column) == [7, 7, 3])
    #expect(String(decoding: try Harness.encode(dataset), as: UTF8.self) == text.replacingOccurrences(
      of: "\"x\": { \"y\": [1, 2, { \"z\": null }] }",
      with: "\"x\": {\n        \"y\": [\n          1,\n          2,\n          {\n            \"z\": null\n          }\n        ]\n      }"))
  }

  @Test func unknownKeyNamesAreEscapedInPointers() throws {
    let (_, context) = try Harness.decode(#"{"trackport": 1, "a/b~c": 1}"#)
    #expect(context.diagnostics.first?.location.pointer == "/a~1b~0c")
  }

  @Test func numbersKeepTheirText() throws {
    let (dataset, _) = try Harness.decode(#"{"trackport": 1, "extras": {"n": [-0, 1E+9, 0.10, 123456789012345678901234567890]}}"#)
    #expect(dataset.extras["n"] == .array([.number("-0"), .number("1E+9"), .number("0.10"),
                                           .number("123456789012345678901234567890")]))
  }

  @Test func dayOutsideFourDigitYearsIsRefusedOnWriting() throws {
    let dataset = TrackerDataset(records: [TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 3_000_000))])
    let error = try #require(throws: CodecError.self) { try Harness.encode(dataset) }
    #expect(error.kind == .unsupportedOperation)
    #expect(error.location.pointer == "/records/0/date")
  }

  @Test func jsonNamespaceThatCannotGoInlineStaysUnderExtras() throws {
    let tracker = Tracker(id: "t", kind: .event, name: "n", categoryId: "c", emoji: nil, color: nil,
                          extras: ["json": .object([JSONMember("name", .string("shadow"))])])
    let bytes = try Harness.encode(TrackerDataset(trackers: [tracker]))
    #expect(String(decoding: bytes, as: UTF8.self).contains("""
            "extras": {
              "json": {
                "name": "shadow"
              }
            }
      """))
    #expect(try Harness.decode(bytes).0.trackers == [tracker])
  }

  @Test func invalidExtrasNumberIsRefusedOnWriting() {
    let dataset = TrackerDataset(extras: ["x": .number("NaN")])
    #expect(throws: CodecError.self) { try Harness.encode(dataset) }
  }

  @Test func recordsShareTrackerIdStorage() throws {
    let id = "5b0e6f0a-7c1e-4c55-9d5e-2f1a9c3b7e11"
    var text = #"{"trackport": 1, "records": ["#
    for day in 1...28 {
      // Every other id is written with an escape: the decoded bytes are what is shared.
      let written = day % 2 == 0 ? id : #"5b0e6f0a-7c1e-4c55-9d5e-2f1a9c3b7e1\u0031"#
      text += (day > 1 ? "," : "") + #"{"trackerId": "\#(written)", "date": "2026-02-\#(day < 10 ? "0" : "")\#(day)"}"#
    }
    text += "]}"
    let (dataset, _) = try Harness.decode(text)
    #expect(dataset.records.count == 28)
    #expect(dataset.records.allSatisfy { $0.trackerId == id })
    let storages = Set(dataset.records.map { record in
      var trackerId = record.trackerId
      return trackerId.withUTF8 { Int(bitPattern: $0.baseAddress) }
    })
    #expect(storages.count == 1)
  }
}
