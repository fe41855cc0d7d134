import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Values a reader made up (``Tracker/invented``) stay made up: marked by the reader, kept by
/// the canonical formats, unset for `diff` and `merge`, and left out by writers into apps where
/// the field is optional. And a loss is named by the field a person knows it by.
@Suite struct InventedValueTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// Two habits as a person made them in a canonical file: a category, emoji, colours.
  static func original() -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "cat-health", title: "Health")],
      trackers: [
        Tracker(id: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", kind: .habit, name: "Wake up early", categoryId: "cat-health",
                emoji: "🏃", color: "#FD4C49", schedule: Weekday.allCases, frequency: TrackerFrequency(times: 3, days: 7)),
        Tracker(id: "1f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", kind: .habit, name: "Read", categoryId: "cat-health",
                emoji: "📚", color: "#007BFA", schedule: Weekday.allCases),
      ],
      records: [TrackerRecord(trackerId: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", date: day("2026-01-05"))])
  }

  /// `dataset` written by `codec` to `name` in `folder` and read back by it.
  static func throughApp(_ dataset: TrackerDataset, _ codec: any TrackerCodec, _ name: String, in folder: URL) throws -> TrackerDataset {
    let path = folder.appendingPathComponent(name).path
    var writing = CodecContext(fileName: path)
    try codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
    var reading = CodecContext(fileName: path)
    return try codec.decode(CodecInput(path: path), context: &reading)
  }

  @Test func loopMarksItsCategoryAndEmojiMadeUpAndTheJSONFileKeepsTheMarks() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fromLoop = try Self.throughApp(Self.original(), LoopCodec(), "loop.db", in: folder)
    #expect(fromLoop.trackers.map(\.invented) == [[.category, .emoji], [.category, .emoji]])
    #expect(fromLoop.categories.map(\.title) == ["Loop Habit Tracker"])
    // Kept through canonical JSON.
    let json = try Self.throughApp(fromLoop, JSONCodec(), "data.trackport.json", in: folder)
    #expect(json.trackers.map(\.invented) == fromLoop.trackers.map(\.invented))
    #expect(json == fromLoop)
  }

  @Test func aDatasetWithoutMarksIsWrittenAsBefore() throws {
    // Setting no mark changes no byte: the marks live in extras only when there are some.
    var tracker = Self.original().trackers[0]
    tracker.invented = []
    #expect(tracker == Self.original().trackers[0])
    tracker.invented = [.emoji]
    tracker.invented = []
    #expect(tracker.extras.isEmpty)
  }

  @Test(arguments: [("tablehabit", "out.tablehabit.json"), ("habo", "out.habo.json"), ("beaverhabits", "out.beaverhabits.json")])
  func appsWhereACategoryIsOptionalGetNoneMadeUp(_ id: String, _ name: String) throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fromLoop = try Self.throughApp(Self.original(), LoopCodec(), "loop.db", in: folder)
    let codec = try StandardCodecs.registry.codec(id: id, writing: true)
    let path = folder.appendingPathComponent(name).path
    var writing = CodecContext(fileName: path)
    try codec.encode(fromLoop, to: CodecOutput(path: path), context: &writing)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("Loop Habit Tracker"), "\(id): \(text.prefix(400))")
    // Reading back: the app's own default category, made up again, never "Loop Habit Tracker".
    var reading = CodecContext(fileName: path)
    let back = try codec.decode(CodecInput(path: path), context: &reading)
    #expect(back.trackers.allSatisfy { $0.invented.contains(.category) }, "\(id)")
    // And no loss is reported for a category nobody had.
    let losses = codec.losses(writing: fromLoop, to: CodecOutput(path: path), options: [:])
    #expect(!losses.contains { ($0.location.pointer ?? "").hasPrefix("/categories") }, "\(id): \(losses.map(\.message))")
  }

  @Test func diffAgainstALoopBackupShowsNoMadeUpChangeButARealOne() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = Self.original()
    let fromLoop = try Self.throughApp(original, LoopCodec(), "loop.db", in: folder)
    // Loop's made-up category and emoji are no change against the person's own.
    let same = DatasetDiff(from: MergeInput(original), to: MergeInput(fromLoop))
    #expect(same.categories.isEmpty, "\(same.categories)")
    #expect(same.trackers.allSatisfy { !$0.fields.contains { ["category", "emoji"].contains($0.field) } }, "\(same.trackers)")
    // "Wake up early" went from 3 in 7 days to every day: diff sees it between two Loop backups.
    var everyDay = original
    everyDay.trackers[0].frequency = nil
    let back = try Self.throughApp(everyDay, LoopCodec(), "back.db", in: folder)
    let loop = LoopCodec.descriptor.cannotCarry
    let changed = DatasetDiff(from: MergeInput(fromLoop, cannotCarry: loop), to: MergeInput(back, cannotCarry: loop))
    #expect(changed.trackers.first?.fields.map(\.field) == ["frequency"], "\(changed.trackers)")
  }

  @Test func mergeTakesTheRealValueOverAMadeUpOneWithoutAConflict() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fromLoop = try Self.throughApp(Self.original(), LoopCodec(), "loop.db", in: folder)
    var real = fromLoop
    real.trackers[0].emoji = "⏰"
    real.trackers[0].invented = [.category]
    let result = DatasetMerger().merge(MergeInput(fromLoop), [MergeInput(real)])
    #expect(result.conflicts.isEmpty, "\(result.conflicts)")
    #expect(result.dataset.trackers[0].emoji == "⏰")
    #expect(result.dataset.trackers[0].invented == [.category])
    // The other way round: the base's real emoji stays, the incoming made-up one is no conflict.
    let back = DatasetMerger().merge(MergeInput(real), [MergeInput(fromLoop)])
    #expect(back.conflicts.isEmpty, "\(back.conflicts)")
    #expect(back.dataset.trackers[0].emoji == "⏰")
  }

  /// A category only made-up trackers are in has a made-up title: matched with a real category
  /// of the same title written otherwise, it never conflicts, and the real title stays or wins.
  @Test func aMadeUpCategoryTitleNeverConflictsWithARealOne() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fromLoop = try Self.throughApp(Self.original(), LoopCodec(), "loop.db", in: folder)
    let madeUpTitle = try #require(fromLoop.categories.first?.title)
    #expect(fromLoop.inventedCategoryIds == [fromLoop.categories[0].id])
    var real = fromLoop
    real.categories[0].title = madeUpTitle.uppercased()  // the same title to the matcher, a person's now
    for i in real.trackers.indices { real.trackers[i].invented.remove(.category) }
    let into = DatasetMerger().merge(MergeInput(real), [MergeInput(fromLoop)])
    #expect(into.conflicts.isEmpty, "\(into.conflicts)")
    #expect(into.dataset.categories.map(\.title) == [madeUpTitle.uppercased()])
    let over = DatasetMerger().merge(MergeInput(fromLoop), [MergeInput(real)])
    #expect(over.conflicts.isEmpty, "\(over.conflicts)")
    #expect(over.dataset.categories.map(\.title) == [madeUpTitle.uppercased()])
  }

  /// The output `name` in `folder`, as `convert` would make it (only its losses are asked).
  static func destination(_ name: String, in folder: URL) throws -> DatasetDestination {
    try DatasetDestination(path: folder.appendingPathComponent(name).path, format: nil, overwrite: false, inputs: [],
                           options: [:], registry: StandardCodecs.registry)
  }

  /// The fields `losses` reports dropped, by their pointers.
  static func droppedFields(_ losses: [Diagnostic]) -> [String] {
    losses.filter { $0.code == "dropped-field" }.map { $0.location.pointer ?? "" }
  }

  /// A Loop measurable habit whose target is per week keeps its unit, target and values in
  /// `extras["loop"]`: written to Table Habit, the loss is the goal and the amounts, not "extras".
  @Test func aLossIsNamedByTheFieldAPersonKnows() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    var dataset = Self.original()
    dataset.trackers[1].extras = ["loop": .object([
      JSONMember("freqNum", .number("1")), JSONMember("freqDen", .number("7")), JSONMember("color", .string("#E53935")),
      JSONMember("type", .string("NUMERICAL")), JSONMember("unit", .string("km")), JSONMember("targetType", .string("AT_LEAST")),
      JSONMember("targetValue", .number("20")), JSONMember("values", .object([JSONMember("2026-01-05", .number("5000"))])),
    ])]
    let destination = try Self.destination("out.tablehabit.json", in: folder)
    let losses = destination.losses(writing: dataset)
    let pointers = Self.droppedFields(losses)
    #expect(!pointers.contains("/extras"), "\(losses.map(\.message))")
    #expect(pointers.contains("/trackers.goal") && pointers.contains("/records.amount") && pointers.contains("/trackers.color"),
            "\(losses.map(\.message))")
    #expect(losses.contains { $0.message.contains("Loop colour") })
    // An extras member no format describes is still extras.
    dataset.trackers[1].extras["other"] = .object([JSONMember("x", .number("1"))])
    #expect(destination.losses(writing: dataset).contains { $0.location.pointer == "/extras" })
  }

  /// A Table Habit habit's own colour, frequency and reminder, kept in `extras["tablehabit"]`,
  /// are named by those fields when another app leaves them out; a group's own colour is not a
  /// tracker's colour, so it stays `extras`.
  @Test func tableHabitsExtrasAreNamedByFieldAndAGroupsStayExtras() throws {
    let folder = try temporaryFolder("trackport-invented")
    defer { try? FileManager.default.removeItem(at: folder) }
    var dataset = Self.original()
    dataset.trackers[0].extras = ["tablehabit": .object([
      JSONMember("color", .number("3")), JSONMember("custom_color", .number("4294198070")),
      JSONMember("freq_type", .number("2")), JSONMember("freq_custom", .string("{\"min\":3,\"max\":3}")),
      JSONMember("reminder", .string("{\"type\":1,\"time\":\"07:30\"}")), JSONMember("create_t", .number("1767571200")),
    ])]
    let destination = try Self.destination("out.habo.json", in: folder)
    let named = destination.losses(writing: dataset)
    let pointers = Self.droppedFields(named)
    #expect(!pointers.contains("/extras"), "\(named.map(\.message))")
    #expect(named.contains { $0.location.pointer == "/trackers.color" && $0.message.contains("Table Habit colour") },
            "\(named.map(\.message))")
    #expect(pointers.contains("/trackers.frequency") && pointers.contains("/trackers.reminders"), "\(named.map(\.message))")
    dataset.categories[0].extras = ["tablehabit": .object([JSONMember("color", .number("3"))])]
    #expect(destination.losses(writing: dataset).contains { $0.location.pointer == "/extras" && $0.message.contains(": 1 ") },
            "\(destination.losses(writing: dataset).map(\.message))")
  }
}
