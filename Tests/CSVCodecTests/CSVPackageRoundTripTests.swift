@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel
import Testing
import TrackerTestSupport

@Suite struct CSVPackageRoundTripTests {
  static let day = LocalDate(year: 2026, month: 1, day: 5) ?? LocalDate(dayNumber: 0)
  static func time(_ text: String) -> LocalDateTime? { LocalDateTime(text) }

  /// Every optional absent, every text empty, backslashes, extras of every kind.
  static let handMade: TrackerDataset = {
    let start = time("2026-11-23T09:00")
    let end = time("2026-11-23T10:30")
    return TrackerDataset(
      categories: [
        TrackerCategory(id: "c1", title: "Домашний уют, \"дом\""),
        TrackerCategory(id: "", title: "", extras: ["csv": .object([JSONMember("Notes", .string("from a sheet"))])]),
      ],
      trackers: [
        Tracker(id: "t1", kind: .habit, name: "Поливать растения", categoryId: "c1", emoji: "🌺", color: "#33CF69",
                schedule: [.mon, .wed, .fri], pinned: false, createdOn: day),
        Tracker(id: "t2", kind: .event, name: "=SUM(A1)\n second line", categoryId: "c1", emoji: nil, color: nil,
                date: day.adding(days: 3), pinned: true),
        Tracker(id: "t3", kind: .habit, name: " leading", categoryId: "", emoji: "", color: "\\", schedule: [],
                extras: ["loop": .object([JSONMember("question", .string("Did you?")), JSONMember("n", .number("1e9"))]),
                         "csv": .object([JSONMember("b", .string("")), JSONMember("a", .string("\\"))])]),
        Tracker(id: "t4", kind: .habit, name: "dup days", categoryId: "c1", emoji: "\\\\", color: "",
                schedule: [.sun, .sun], extras: ["csv": .object([JSONMember("a", .string("x")), JSONMember("b", .string(""))])]),
        Tracker(id: "t5", kind: .event, name: "x", categoryId: "c1", emoji: "😇", color: "#FD4C49",
                extras: ["csv": .object([JSONMember("n", .number("2"))])]),
      ],
      records: [
        TrackerRecord(trackerId: "t1", date: day),
        TrackerRecord(trackerId: "t1", date: day, extras: ["json": .object([JSONMember("note", .null)])]),
        TrackerRecord(trackerId: "unknown", date: day.adding(days: -400)),
      ],
      tasks: [
        PlanTask(id: "k1", title: "Отчёт", description: "Квартальный отчёт", color: "#007BFA", category: "urgent",
                 start: start, end: end, done: false, reminders: [time("2026-11-23T08:45"), time("2026-11-23T08:50")].compactMap { $0 },
                 attachments: [TaskAttachment(name: "plan, v2 \"final\".pdf", uri: "files/plan.pdf"),
                               TaskAttachment(name: "", uri: "https://x.test/a?b=1,2")],
                 position: 0),
        PlanTask(id: "k2", title: "", description: nil, color: nil, category: "", position: 7),
        PlanTask(id: "k3", title: "t", description: "", color: "\\", category: "\\", done: true, position: -2,
                 extras: ["json-attachments": .array([.object([JSONMember("size", .number("12"))])])]),
        PlanTask(id: "k4", title: "weird", description: "\r\n\"", color: nil, category: "someday", position: 3),
      ],
      taskCategoryOrder: ["none", "urgent", "bogus"],
      extras: ["loop": .object([JSONMember("exported", .string("2026-01-01"))]), "empty": .object([])])
  }()

  @Test func handMadeDatasetSurvivesTheRoundTrip() throws {
    let package = try MemoryPackage(Self.handMade)
    #expect(try package.read() == Self.handMade)
  }

  @Test func layoutIsAsDocumented() throws {
    let package = try MemoryPackage(Self.handMade)
    #expect(package.tables[.categories]?.first == ["id", "title", "Notes"])
    #expect(package.tables[.trackers]?.first == ["id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date",
                                                 "pinned", "createdOn", "extras", "b", "a"])
    #expect(package.tables[.trackers]?[1] == ["t1", "habit", "Поливать растения", "c1", "🌺", "#33CF69", "mon wed fri", "",
                                              "false", "2026-01-05", "", "", ""])
    // t3: empty emoji is `\`, colour `\` is `\\`, empty schedule `\`; its csv members make the
    // columns b and a ("" written `\`, `\` written `\\`), the rest of its extras the extras cell.
    let t3 = package.tables[.trackers]?[3] ?? []
    #expect(Array(t3[4...6]) == ["\\", "\\\\", "\\"])
    #expect(t3[10] == #"{"loop":{"question":"Did you?","n":1e9}}"#)
    #expect(t3.suffix(2) == ["\\", "\\\\"])
    // t4's csv members come in another order than the columns, so they stay in its extras cell.
    #expect(package.tables[.trackers]?[4].suffix(3) == [#"{"csv":{"a":"x","b":""}}"#, "", ""])
    #expect(package.tables[.records]?.first == ["trackerId", "date", "extras"])
    #expect(package.tables[.tasks]?[1][8] == "2026-11-23T08:45 2026-11-23T08:50")
    #expect(package.tables[.tasks]?[1][9] == #"[{"name":"plan, v2 \"final\".pdf","uri":"files/plan.pdf"},{"name":"","uri":"https://x.test/a?b=1,2"}]"#)
    #expect(package.tables[.tasks]?[2][4] == "\\")  // category "" (the empty cell would be none)
  }

  @Test func plainRecordsTableHasTwoColumns() throws {
    let dataset = DatasetGenerator(trackers: 5, days: 30, seed: 1).generate()
    let package = try MemoryPackage(dataset)
    #expect(package.tables[.records]?.first == ["trackerId", "date"])
    #expect(package.tables[.tasks]?.first?.contains("extras") == false)
  }

  @Test func generatedDatasetsWithNastyTextSurvive() throws {
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: seed &* 7919 &+ 13)
      var dataset = DatasetGenerator(trackers: 1 + rng.below(12), days: 1 + rng.below(40), seed: seed).generate()
      NastyText.roughen(&dataset, &rng)
      let package = try MemoryPackage(dataset)
      let back = try package.read()
      #expect(back == dataset, "seed \(seed)")
      if back != dataset { break }
    }
  }

  @Test func dayOutsideYearsOneToNineThousandIsRefusedWithItsPointer() throws {
    var dataset = TrackerDataset()
    dataset.records = [TrackerRecord(trackerId: "a", date: LocalDate(dayNumber: 4_000_000))]
    #expect { try MemoryPackage(dataset) } throws: { error in
      (error as? CodecError)?.kind == .unsupportedOperation && (error as? CodecError)?.location.pointer == "/records/0/date"
    }
  }
}

/// Texts that break naive CSV and spreadsheets, and the absent/empty distinctions.
enum NastyText {
  static let pieces = [",", "\"", "\n", "\r\n", "\r", " ", "  lead", "trail ", "=", "+1", "-", "@", ";", "\t", "\\", "\\\\",
                       "😇", "👩‍👩‍👧", "e\u{301}", "\"\u{301}", "Ж", "", "null", "[]", "{}", "\u{FEFF}", "mon"]

  static func text(_ rng: inout SplitMix64) -> String {
    (0..<rng.below(5)).map { _ in rng.pick(pieces) }.joined()
  }

  static func optional(_ rng: inout SplitMix64) -> String? {
    switch rng.below(4) {
    case 0: nil
    case 1: ""
    case 2: String(repeating: "\\", count: 1 + rng.below(3))
    default: text(&rng)
    }
  }

  static func extras(_ rng: inout SplitMix64) -> Extras {
    switch rng.below(5) {
    case 0: return ["csv": .object([JSONMember("Note" + text(&rng), .string(text(&rng))), JSONMember("Z", .string(text(&rng)))])]
    case 1: return ["loop": .object([JSONMember(text(&rng), .array([.number("-0.5"), .bool(true), .null, .string(text(&rng))]))])]
    case 2: return ["csv": .string(text(&rng)), "x": .object([])]
    default: return [:]
    }
  }

  static func roughen(_ dataset: inout TrackerDataset, _ rng: inout SplitMix64) {
    for i in dataset.categories.indices {
      dataset.categories[i].title += text(&rng)
      dataset.categories[i].extras = extras(&rng)
    }
    for i in dataset.trackers.indices {
      dataset.trackers[i].name = text(&rng) + dataset.trackers[i].name + text(&rng)
      if rng.chance(0.3) { dataset.trackers[i].emoji = optional(&rng) }
      if rng.chance(0.3) { dataset.trackers[i].color = optional(&rng) }
      if rng.chance(0.1) { dataset.trackers[i].schedule = rng.chance(0.5) ? [] : nil }
      dataset.trackers[i].extras = extras(&rng)
    }
    for i in dataset.records.indices where rng.chance(0.02) {
      dataset.records[i].extras = extras(&rng)
    }
    for i in dataset.tasks.indices {
      dataset.tasks[i].title = text(&rng)
      dataset.tasks[i].description = optional(&rng)
      if rng.chance(0.3) { dataset.tasks[i].color = optional(&rng) }
      if rng.chance(0.2) { dataset.tasks[i].category = optional(&rng) ?? "" }
      dataset.tasks[i].attachments += (0..<rng.below(3)).map { _ in TaskAttachment(name: text(&rng), uri: text(&rng)) }
      dataset.tasks[i].extras = extras(&rng)
    }
    if rng.chance(0.3) { dataset.taskCategoryOrder = (0..<rng.below(4)).map { _ in text(&rng) } }
    if rng.chance(0.3) { dataset.extras = extras(&rng) }
  }
}
