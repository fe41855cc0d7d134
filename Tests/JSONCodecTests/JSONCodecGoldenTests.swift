import Foundation
import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

@Suite struct JSONCodecGoldenTests {
  /// What `golden.trackport.json` says, written out by hand.
  static let expected = TrackerDataset(
    categories: [
      TrackerCategory(id: "c-home", title: "Домашний уют"),
      TrackerCategory(id: "c-health", title: "Здоровье", extras: [
        "loop": .object([JSONMember("archived", .bool(false)), JSONMember("order", .array([.number("2"), .number("1")]))]),
      ]),
    ],
    trackers: [
      Tracker(id: "t-water", kind: .habit, name: "Поливать растения", categoryId: "c-home", emoji: "🌺",
              color: "#33CF69", schedule: [.mon, .wed, .fri], pinned: false, createdOn: LocalDate("2026-01-05")),
      Tracker(id: "t-doctor", kind: .event, name: "Сходить к врачу \"срочно\"", categoryId: "c-health", emoji: "😇",
              color: "#FD4C49", date: LocalDate("2026-02-01"), pinned: true,
              extras: ["json": .object([JSONMember("mood", .string("calm"))])]),
      Tracker(id: "t-bare", kind: .event, name: "Tab\there", categoryId: "c-health", emoji: nil, color: nil),
    ],
    records: [
      TrackerRecord(trackerId: "t-water", date: LocalDate(year: 2026, month: 1, day: 5)!),
      TrackerRecord(trackerId: "t-water", date: LocalDate(year: 2026, month: 1, day: 7)!),
      TrackerRecord(trackerId: "t-doctor", date: LocalDate(year: 2026, month: 2, day: 1)!, extras: [
        "json": .object([JSONMember("note", .string("ok"))]),
        "habitbull": .object([JSONMember("value", .number("-0.5e10"))]),
      ]),
    ],
    tasks: [
      PlanTask(id: "task-1", title: "Отчёт", description: "Квартальный отчёт", color: "#007BFA", category: "urgent",
               start: LocalDateTime("2026-11-23T09:00"), end: LocalDateTime("2026-11-23T10:30"), done: false,
               reminders: [LocalDateTime("2026-11-23T08:45")!],
               attachments: [TaskAttachment(name: "plan.pdf", uri: "files/plan.pdf"),
                             TaskAttachment(name: "a.png", uri: "files/a.png")],
               position: 0,
               extras: ["json-attachments": .array([.null, .object([JSONMember("size", .number("1024"))])])]),
      PlanTask(id: "task-2", title: "Без описания", description: nil, color: nil, category: "none", done: true,
               position: 1),
    ],
    extras: ["json": .object([JSONMember("generator", .object([JSONMember("name", .string("hand")),
                                                               JSONMember("tags", .array([]))]))])])

  @Test func goldenFileDecodesToTheExpectedDataset() throws {
    let (dataset, _) = try Harness.decode(try Harness.fixture("golden.trackport.json"))
    #expect(dataset.categories == Self.expected.categories)
    #expect(dataset.trackers == Self.expected.trackers)
    #expect(dataset.records == Self.expected.records)
    #expect(dataset.tasks == Self.expected.tasks)
    #expect(dataset == Self.expected)
  }

  @Test func goldenFileEncodesToTheSameBytes() throws {
    let bytes = try Harness.fixture("golden.trackport.json")
    let (dataset, _) = try Harness.decode(bytes)
    let written = try Harness.encode(dataset)
    #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
  }

  @Test func goldenFileReportsItsUnknownKeys() throws {
    let (_, context) = try Harness.decode(try Harness.fixture("golden.trackport.json"))
    let found = context.diagnostics.map { [$0.location.pointer ?? "", "\($0.location.line ?? 0):\($0.location.column ?? 0)"] }
    #expect(found == [
      ["/trackers/1/mood", "40:7"],
      ["/records/2/note", "53:54"],
      ["/tasks/0/attachments/1/size", "68:50"],
      ["/generator", "83:3"],
    ])
    #expect(context.diagnostics.allSatisfy { $0.code == "unknown-key" && $0.severity == .warning })
    #expect(context.diagnostics.first?.message == "unknown key \"mood\" kept in extras")
    #expect(context.diagnostics.first?.location.file == "test.trackport.json")
  }

  @Test func emptyDatasetHasTheDocumentedShape() throws {
    let text = String(decoding: try Harness.encode(TrackerDataset()), as: UTF8.self)
    #expect(text == """
      {
        "trackport": 1,
        "categories": [],
        "trackers": [],
        "records": [],
        "tasks": [],
        "taskCategoryOrder": ["urgent", "notUrgent", "optional", "other", "none"],
        "extras": {}
      }

      """)
  }

  @Test func stringsEscapeOnlyWhatJSONRequires() throws {
    let name = "q\"b\\s/ é 🌺 \u{2028} \u{1}\u{1F}\n\r\t\u{8}\u{C}"
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: name)])
    let text = String(decoding: try Harness.encode(dataset), as: UTF8.self)
    #expect(text.contains(#""title": "q\"b\\s/ é 🌺 \#u{2028} \u0001\u001f\n\r\t\b\f""#))
    #expect(try Harness.decode(text).0 == dataset)
  }

  @Test func outputIsDeterministic() throws {
    var maker = DatasetMaker(seed: 7)
    for _ in 0..<20 {
      let dataset = maker.dataset()
      #expect(try Harness.encode(dataset) == (try Harness.encode(dataset)))
    }
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"trackport\": 1, \"x\": 2}".utf8)
    let (dataset, context) = try Harness.decode(bytes)
    #expect(dataset.extras["json"] == .object([JSONMember("x", .number("2"))]))
    #expect(context.diagnostics.first?.location.column == 18)
  }

  @Test func optionalPartsHaveDefaults() throws {
    let (dataset, _) = try Harness.decode("""
      {"trackport": 1, "tasks": [{"id": "a", "title": "T"}, {"id": "b", "title": "U", "description": null}]}
      """)
    #expect(dataset.taskCategoryOrder == TaskCategory.allCases.map(\.rawValue))
    #expect(dataset.tasks == [
      PlanTask(id: "a", title: "T", description: nil, color: nil, category: "none", done: false, position: 0),
      PlanTask(id: "b", title: "U", description: nil, color: nil, category: "none", done: false, position: 1),
    ])
  }

  @Test func sniffRecognisesCanonicalJSONOnly() {
    let codec = JSONCodec()
    #expect(codec.sniff(Array("\u{FEFF}  \n{\"trackport\": 1}".utf8)))
    #expect(codec.sniff(Array("{\"categories\": [], \"trackport\": 1".utf8)))
    #expect(!codec.sniff(Array("[{\"trackport\": 1}]".utf8)))
    #expect(!codec.sniff(Array("{\"habits\": []}".utf8)))
    #expect(!codec.sniff([]))
    #expect(!codec.sniff(Array("          {\"a\"".utf8)))
    #expect(!codec.sniff(Array("{\"trackport".utf8)))
    #expect(JSONCodec.descriptor.id == "json")
    #expect(JSONCodec.descriptor.diagnostics.map(\.code) == ["unknown-key"])
  }
}
