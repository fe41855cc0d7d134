import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// Hand-written documents through decode → encode → decode: what a person or another tool
/// writes must come back whole, and what the writer writes must read again.
@Suite struct JSONCodecDocumentTests {
  /// Decodes `text`, writes it, reads that again: the two datasets are equal and writing the
  /// second gives the same bytes. Returns the first dataset and the written text.
  @discardableResult
  static func roundTrip(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (TrackerDataset, String) {
    let (first, _) = try Harness.decode(text)
    let written = try Harness.encode(first)
    let (second, _) = try Harness.decode(written)
    #expect(second == first, "\(String(decoding: written, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(try Harness.encode(second) == written, sourceLocation: sourceLocation)
    return (first, String(decoding: written, as: UTF8.self))
  }

  static let everyLevel = #"""
    {
      "trackport": 1,
      "top": {"a": [1, 2.50, {"b": null}]},
      "categories": [{"id": "c", "extras": {"loop": 1}, "title": "C", "cat": "x"}],
      "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "schedule": ["mon"],
                    "tr": -0.5e10, "extras": {"json": {"explicit": true}}}],
      "records": [{"trackerId": "t", "date": "2026-01-05", "rec": [true, false]},
                  {"trackerId": "t", "date": "2026-01-06", "extras": {"z": {}}}],
      "tasks": [{"id": "k", "title": "T", "task": "v",
                 "attachments": [{"name": "a", "uri": "u"}, {"att": 1, "name": "b", "uri": "v", "more": {"x": "\u00e9"}}]}],
      "extras": {"habitica": [1]},
      "last": "z"
    }
    """#

  /// Ordinary unknown keys at every level (top, category, tracker, record, task, attachment)
  /// are kept, reported, and come back.
  @Test func unknownKeysAtEveryLevelComeBack() throws {
    let (_, context) = try Harness.decode(Self.everyLevel)
    #expect(context.diagnostics.map(\.location.pointer) == [
      "/top", "/categories/0/cat", "/trackers/0/tr", "/records/0/rec", "/tasks/0/task",
      "/tasks/0/attachments/1/att", "/tasks/0/attachments/1/more", "/last",
    ])
    let (dataset, written) = try Self.roundTrip(Self.everyLevel)
    let top: JSONValue = .object([
      JSONMember("top", .object([JSONMember("a", .array([.number("1"), .number("2.50"),
                                                         .object([JSONMember("b", .null)])]))])),
      JSONMember("last", .string("z")),
    ])
    #expect(dataset.extras["json"] == top)
    #expect(dataset.extras["habitica"] == JSONValue.array([.number("1")]))
    let category: Extras = ["loop": .number("1"), "json": .object([JSONMember("cat", .string("x"))])]
    #expect(dataset.categories[0].extras == category)
    // The explicit extras.json of the tracker and its unknown key fit together: explicit first.
    let tracker: Extras = ["json": .object([JSONMember("explicit", .bool(true)), JSONMember("tr", .number("-0.5e10"))])]
    #expect(dataset.trackers[0].extras == tracker)
    let record: Extras = ["json": .object([JSONMember("rec", .array([.bool(true), .bool(false)]))])]
    #expect(dataset.records[0].extras == record)
    let record1: Extras = ["z": .object([])]
    #expect(dataset.records[1].extras == record1)
    let task: Extras = [
      "json": .object([JSONMember("task", .string("v"))]),
      "json-attachments": .array([.null, .object([JSONMember("att", .number("1")),
                                                  JSONMember("more", .object([JSONMember("x", .string("é"))]))])]),
    ]
    #expect(dataset.tasks[0].extras == task)
    // Back inline, in place.
    #expect(written.contains(#"{ "name": "b", "uri": "v", "att": 1, "more": { "x": "é" } }"#))
    #expect(written.contains(#"{ "trackerId": "t", "date": "2026-01-05", "rec": [true, false] }"#))
    #expect(written.contains("\"explicit\": true,\n      \"tr\": -0.5e10\n"))
    #expect(written.contains("\"last\": \"z\",\n  \"extras\": {\n    \"habitica\": [1]\n  }\n}\n"))
  }

  /// An explicit `extras.json` (or `extras["json-attachments"]`) alone is kept as it is,
  /// whatever its value.
  @Test(arguments: [
    #"{"trackport": 1, "extras": {"json": 5}}"#,
    #"{"trackport": 1, "extras": {"json": {"foo": 2}}}"#,
    #"{"trackport": 1, "extras": {"json": {"categories": 2, "foo": 1}}}"#,
    #"{"trackport": 1, "extras": {"json": {}}}"#,
    #"{"trackport": 1, "categories": [{"id": "c", "title": "t", "extras": {"json": [1]}}]}"#,
    #"{"trackport": 1, "records": [{"trackerId": "t", "date": "2026-01-05", "extras": {"json": {"date": 1}}}]}"#,
    #"{"trackport": 1, "tasks": [{"id": "k", "title": "T", "extras": {"json-attachments": [{"a": 1}]}}]}"#,
    #"{"trackport": 1, "tasks": [{"id": "k", "title": "T", "attachments": [{"name": "a", "uri": "u"}], "extras": {"json-attachments": [{"a": 1}]}}]}"#,
    #"{"trackport": 1, "tasks": [{"id": "k", "title": "T", "attachments": [{"name": "a", "uri": "u"}], "extras": {"json-attachments": "x"}}]}"#,
  ])
  func explicitNamespaceAloneComesBack(_ text: String) throws {
    let (dataset, _) = try Harness.decode(text)
    try Self.roundTrip(text)
    #expect(!dataset.extras.isEmpty || !dataset.categories.isEmpty || !dataset.records.isEmpty || !dataset.tasks.isEmpty)
  }

  /// An explicit namespace and inline unknown keys that fit together are merged, explicit
  /// members first, at every level.
  @Test func explicitAndInlineThatFitAreMerged() throws {
    let text = #"""
      {"trackport": 1, "b": 2, "extras": {"json": {"a": 1}},
       "categories": [{"id": "c", "title": "t", "extras": {"json": {}}, "x": 1}],
       "records": [{"trackerId": "t", "date": "2026-01-05", "extras": {"json": {"id": 0}}, "y": 2}],
       "tasks": [{"id": "k", "title": "T", "extras": {"json-attachments": [null, {"p": 1}, {"q": 1}]},
                  "attachments": [{"name": "a", "uri": "u", "r": 1}, {"name": "b", "uri": "v"}, {"name": "c", "uri": "w", "s": 1}]}]}
      """#
    let (dataset, _) = try Self.roundTrip(text)
    let top: JSONValue = .object([JSONMember("a", .number("1")), JSONMember("b", .number("2"))])
    #expect(dataset.extras["json"] == top)
    let category: JSONValue = .object([JSONMember("x", .number("1"))])
    #expect(dataset.categories[0].extras["json"] == category)
    // "id" is a known key of a record: the merged namespace cannot go inline, so it stays
    // under extras and still comes back.
    let record: JSONValue = .object([JSONMember("id", .number("0")), JSONMember("y", .number("2"))])
    #expect(dataset.records[0].extras["json"] == record)
    let attachments: JSONValue = .array([
      .object([JSONMember("r", .number("1"))]),
      .object([JSONMember("p", .number("1"))]),
      .object([JSONMember("q", .number("1")), JSONMember("s", .number("1"))]),
    ])
    #expect(dataset.tasks[0].extras["json-attachments"] == attachments)
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var column: Int
    var message: String
    var pointer: String
    var testDescription: String { name }
  }

  /// Both an explicit namespace and inline unknown keys that do not fit together: refused at
  /// the unknown key, since writing both would lose one or repeat a key.
  static let refusals: [Refusal] = [
    Refusal(name: "same key at the top", text: #"{"trackport":1,"foo":1,"extras":{"json":{"foo":2}}}"#, column: 16,
            message: #"unknown key "foo" is also a key of this object's "extras": {"json": ...}"#, pointer: "/foo"),
    Refusal(name: "same key, extras first", text: #"{"trackport":1,"extras":{"json":{"a":1,"foo":2}},"foo":1}"#, column: 50,
            message: #"unknown key "foo" is also a key of this object's "extras": {"json": ...}"#, pointer: "/foo"),
    Refusal(name: "extras.json not an object", text: #"{"trackport":1,"extras":{"json":5},"bar":1}"#, column: 36,
            message: #"unknown key "bar" cannot be kept: this object's "extras": {"json": ...} is not an object"#,
            pointer: "/bar"),
    Refusal(name: "same key in a category",
            text: #"{"trackport":1,"categories":[{"id":"c","title":"t","k~/":1,"extras":{"json":{"k~/":1}}}]}"#, column: 52,
            message: #"unknown key "k~/" is also a key of this object's "extras": {"json": ...}"#, pointer: "/categories/0/k~0~1"),
    Refusal(name: "extras.json null in a tracker",
            text: #"{"trackport":1,"trackers":[{"id":"t","kind":"event","name":"n","categoryId":"c","extras":{"json":null},"u":1}]}"#,
            column: 104, message: #"unknown key "u" cannot be kept: this object's "extras": {"json": ...} is not an object"#,
            pointer: "/trackers/0/u"),
    Refusal(name: "same key in a record",
            text: #"{"trackport":1,"records":[{"trackerId":"t","date":"2026-01-05","n":1,"extras":{"json":{"n":2}}}]}"#,
            column: 64, message: #"unknown key "n" is also a key of this object's "extras": {"json": ...}"#,
            pointer: "/records/0/n"),
    Refusal(name: "same key in a task",
            text: #"{"trackport":1,"tasks":[{"id":"k","title":"T","extras":{"json":{"n":[]}},"n":1}]}"#,
            column: 74, message: #"unknown key "n" is also a key of this object's "extras": {"json": ...}"#,
            pointer: "/tasks/0/n"),
    Refusal(name: "json-attachments with the same key",
            text: #"{"trackport":1,"tasks":[{"id":"k","title":"T","extras":{"json-attachments":[{"z":1}]},"attachments":[{"name":"a","uri":"u","z":2}]}]}"#,
            column: 124, message: #"unknown key "z" is also a key of the task's "extras": {"json-attachments": ...} item 0"#,
            pointer: "/tasks/0/attachments/0/z"),
    Refusal(name: "json-attachments not an array",
            text: #"{"trackport":1,"tasks":[{"id":"k","title":"T","attachments":[{"name":"a","uri":"u"},{"name":"b","uri":"v","z":2}],"extras":{"json-attachments":{"z":1}}}]}"#,
            column: 107,
            message: #"unknown key "z" of an attachment cannot be kept: the task's "extras": {"json-attachments": ...} is not an array with one item per attachment"#,
            pointer: "/tasks/0/attachments/1/z"),
    Refusal(name: "json-attachments of another length",
            text: #"{"trackport":1,"tasks":[{"id":"k","title":"T","extras":{"json-attachments":[null,null]},"attachments":[{"name":"a","uri":"u","z":2}]}]}"#,
            column: 126,
            message: #"unknown key "z" of an attachment cannot be kept: the task's "extras": {"json-attachments": ...} is not an array with one item per attachment"#,
            pointer: "/tasks/0/attachments/0/z"),
    Refusal(name: "json-attachments item not an object",
            text: #"{"trackport":1,"tasks":[{"id":"k","title":"T","extras":{"json-attachments":["s"]},"attachments":[{"name":"a","uri":"u","z":2}]}]}"#,
            column: 120,
            message: #"unknown key "z" cannot be kept: the task's "extras": {"json-attachments": ...} item 0 is not an object"#,
            pointer: "/tasks/0/attachments/0/z"),
  ]

  @Test(arguments: refusals)
  func explicitAndInlineThatDoNotFitAreRefused(_ r: Refusal) throws {
    let error = try #require(Harness.failure(r.text))
    #expect(error.kind == .malformedInput)
    #expect(error.message == r.message)
    #expect(error.location.pointer == r.pointer)
    #expect(error.location.line == 1)
    #expect(error.location.column == r.column)
    #expect(error.note?.hasPrefix("unknown keys") == true)
  }

  /// The writer never writes what the reader refuses, whatever `json` namespaces a model
  /// holds: every one of these writes and reads back equal.
  @Test func writerOutputWithJSONNamespacesReadsBack() throws {
    let values: [JSONValue] = [
      .number("5"), .null, .array([]), .object([]), .object([JSONMember("foo", .number("1"))]),
      .object([JSONMember("id", .number("1")), JSONMember("foo", .number("2"))]),
      .object([JSONMember("extras", .bool(true))]),
    ]
    for value in values {
      let dataset = TrackerDataset(
        categories: [TrackerCategory(id: "c", title: "t", extras: ["json": value])],
        records: [TrackerRecord(trackerId: "t", date: LocalDate(dayNumber: 0), extras: ["json": value])],
        tasks: [PlanTask(id: "k", title: "T", description: nil, color: nil,
                         attachments: [TaskAttachment(name: "a", uri: "u")], position: 0,
                         extras: ["json": value, "json-attachments": .array([value])])],
        extras: ["json": value])
      let bytes = try Harness.encode(dataset)
      let (decoded, _) = try Harness.decode(bytes)
      #expect(decoded == dataset, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  /// Dates at both ends of what `YYYY-MM-DD` can write, in records and task times.
  @Test func datesAtTheEndsOfTheRange() throws {
    let first = try #require(LocalDate(year: 1, month: 1, day: 1))
    let last = try #require(LocalDate(year: 9999, month: 12, day: 31))
    let dataset = TrackerDataset(
      records: [TrackerRecord(trackerId: "t", date: first), TrackerRecord(trackerId: "t", date: last)],
      tasks: [PlanTask(id: "k", title: "T", description: nil, color: nil,
                       start: LocalDateTime(date: first, hour: 0, minute: 5),
                       end: LocalDateTime(date: last, hour: 23, minute: 59), position: 0)])
    let text = String(decoding: try Harness.encode(dataset), as: UTF8.self)
    #expect(text.contains(#""date": "0001-01-01""#))
    #expect(text.contains(#""date": "9999-12-31""#))
    #expect(text.contains(#""start": "0001-01-01T00:05""#))
    #expect(text.contains(#""end": "9999-12-31T23:59""#))
    #expect(try Harness.decode(text).0 == dataset)
  }
}

@Suite struct JSONStringTests {
  @Test func escapesOnlyQuotesBackslashesAndControlCharacters() {
    #expect(JSONText.quoted("") == #""""#)
    #expect(JSONText.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
    #expect(JSONText.quoted("\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}") == #""\n\r\t\b\f\u0000\u001f\#u{7F}""#)
    #expect(JSONText.quoted("Сходить 🌺 e\u{301} \u{2028}") == "\"Сходить 🌺 e\u{301} \u{2028}\"")
  }

  /// The same bytes the writer writes, and they read back as the same text.
  @Test func matchesTheWriter() throws {
    var maker = DatasetMaker(seed: 7)
    for _ in 0..<200 {
      let title = maker.text(maxPieces: 10)
      let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: title)])
      let written = String(decoding: try Harness.encode(dataset), as: UTF8.self)
      #expect(written.contains("\"title\": " + JSONText.quoted(title) + "\n"))
      let (decoded, _) = try Harness.decode(#"{"trackport": 1, "categories": [{"id": "c", "title": "# + JSONText.quoted(title) + "}]}")
      #expect(decoded.categories.first?.title == title)
    }
  }
}
