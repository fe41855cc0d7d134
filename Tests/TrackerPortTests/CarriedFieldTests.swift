import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// What a descriptor declares carried is carried, and what it declares it cannot carry is not.
///
/// For every output of every built-in codec that reads and writes, and every probed field: two
/// datasets that differ only in that field are written and read back. A field the format
/// carries (not in ``CodecDescriptor/cannotCarry``, whether whole or in part) must come back
/// different, and `diff` between the two read-back datasets, told what the format cannot carry
/// (``MergeInput``), must show a change: that is what `trackport diff loop.db back.db` relies on.
/// A field declared cannot-carry must come back the same from both (the reader made it up), or
/// the declaration hides real data from `diff` and `merge`.
@Suite struct CarriedFieldTests {
  /// One field, and two datasets that differ only in it.
  struct Probe: Sendable, CustomTestStringConvertible {
    var field: ModelField
    var first: TrackerDataset
    var second: TrackerDataset
    /// The probed field's values in a read-back dataset, as text (so they compare).
    var values: @Sendable (TrackerDataset) -> String

    var testDescription: String { field.rawValue }
  }

  /// A writer and a probe.
  struct Case: Sendable, CustomTestStringConvertible {
    var writer: CannotCarryTests.Writer
    var probe: Probe
    var testDescription: String { "\(writer.testDescription) \(probe.field.rawValue)" }
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// One category, one habit planned every day with an emoji and a palette colour, two days done.
  static func base() -> TrackerDataset {
    TrackerDataset(
      categories: [TrackerCategory(id: "cat-health", title: "Health")],
      trackers: [Tracker(id: "habit-wake", kind: .habit, name: "Wake up early", categoryId: "cat-health", emoji: "🏃",
                         color: "#FD4C49", schedule: Weekday.allCases, createdOn: day("2026-01-01"))],
      records: [TrackerRecord(trackerId: "habit-wake", date: day("2026-01-05")),
                TrackerRecord(trackerId: "habit-wake", date: day("2026-01-06"))])
  }

  /// ``base()`` with a goal of at least 5 km and amounts meeting it.
  static func measured() -> TrackerDataset {
    var d = base()
    d.trackers[0].goal = TrackerGoal(target: 5, direction: .atLeast, unit: "km")
    for i in d.records.indices { d.records[i].amount = 6 }
    return d
  }

  static func tracker(_ d: TrackerDataset, _ text: (Tracker) -> String) -> String {
    d.trackers.map(text).joined(separator: "|")
  }

  static func probe(_ field: ModelField, _ first: TrackerDataset, _ change: (inout TrackerDataset) -> Void,
                    _ values: @escaping @Sendable (TrackerDataset) -> String) -> Probe {
    var second = first
    change(&second)
    return Probe(field: field, first: first, second: second, values: values)
  }

  /// The probed fields: each changed in the way a person changes it in an app.
  static let probes: [Probe] = [
    probe(.categories, base(), { $0.categories[0].title = "Morning" }) { d in
      let titles = Dictionary(d.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
      return tracker(d) { titles[$0.categoryId] ?? "" }
    },
    probe(.trackerEmoji, base(), { $0.trackers[0].emoji = "📚" }) { tracker($0) { $0.emoji ?? "" } },
    probe(.trackerColor, base(), { $0.trackers[0].color = "#007BFA" }) { tracker($0) { $0.color ?? "" } },
    probe(.trackerSchedule, base(), { $0.trackers[0].schedule = [.mon, .wed, .fri] }) { tracker($0) { "\($0.schedule ?? [])" } },
    probe(.trackerPinned, base(), { $0.trackers[0].pinned = true }) { tracker($0) { "\($0.pinned)" } },
    probe(.trackerCreatedOn, base(), { $0.trackers[0].createdOn = day("2026-01-03") }) { tracker($0) { "\($0.createdOn.map(\.description) ?? "")" } },
    probe(.trackerArchived, base(), { $0.trackers[0].archived = true }) { tracker($0) { "\($0.archived)" } },
    probe(.trackerDescription, base(), { $0.trackers[0].description = "Before seven" }) { tracker($0) { $0.description ?? "" } },
    probe(.trackerGoal, measured(), { $0.trackers[0].goal?.target = 4 }) { tracker($0) { "\(String(describing: $0.goal))" } },
    probe(.trackerGoalPeriod, measured(), { $0.trackers[0].goal?.period = .week }) { tracker($0) { "\(String(describing: $0.goal))" } },
    probe(.trackerFrequency, base(), { $0.trackers[0].frequency = TrackerFrequency(times: 3, days: 7) }) {
      tracker($0) { "\(String(describing: $0.frequency))" }
    },
    probe(.trackerReminders, base(), { $0.trackers[0].reminders = [TrackerReminder(time: "07:30")] }) { tracker($0) { "\($0.reminders)" } },
    probe(.records, base(), { $0.records.append(TrackerRecord(trackerId: "habit-wake", date: day("2026-01-07"))) }) { d in
      d.records.map(\.date.description).sorted().joined(separator: " ")
    },
    probe(.recordAmounts, measured(), { $0.records[1].amount = 7.5 }) { d in
      d.records.sorted { $0.date < $1.date }.map { "\(String(describing: $0.amount))" }.joined(separator: " ")
    },
    probe(.recordNotes, base(), { $0.records[1].note = "with the alarm" }) { d in
      d.records.sorted { $0.date < $1.date }.map { $0.note ?? "" }.joined(separator: "|")
    },
    probe(.skippedEntries, base(), { $0.entries = [TrackerEntry(trackerId: "habit-wake", date: day("2026-01-07"), skipped: true)] }) { d in
      d.entries.filter(\.skipped).map(\.date.description).sorted().joined(separator: " ")
    },
    probe(.entryAmounts, measured(), { $0.entries = [TrackerEntry(trackerId: "habit-wake", date: day("2026-01-07"), amount: 2)] }) { d in
      d.entries.map { "\($0.date) \(String(describing: $0.amount))" }.sorted().joined(separator: " ")
    },
    probe(.tasks, base(), { $0.tasks = [PlanTask(id: "task-1", title: "Call", description: nil, color: nil, position: 0)] }) { d in
      d.tasks.map(\.title).joined(separator: "|")
    },
  ]

  /// Every output of every codec that reads and writes, with every probe.
  static let cases: [Case] = CannotCarryTests.writers.filter(\.codec.descriptor.canRead).flatMap { writer in
    probes.map { Case(writer: writer, probe: $0) }
  }

  /// Writes `dataset` with the writer and reads it back.
  static func roundTrip(_ dataset: TrackerDataset, _ writer: CannotCarryTests.Writer, in folder: URL, as name: String) throws -> TrackerDataset {
    let path = folder.appendingPathComponent(name + "-" + writer.fileName).path
    var writing = CodecContext(fileName: path, options: writer.options)
    try writer.codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
    var reading = CodecContext(fileName: path, options: writer.readOptions)
    return try writer.codec.decode(CodecInput(path: path), context: &reading)
  }

  @Test(arguments: cases)
  func aFieldDeclaredCarriedComesBackAndDiffSeesIt(_ c: Case) throws {
    let folder = try temporaryFolder("trackport-carried")
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try Self.roundTrip(c.probe.first, c.writer, in: folder, as: "a")
    let second = try Self.roundTrip(c.probe.second, c.writer, in: folder, as: "b")
    let before = c.probe.values(first), after = c.probe.values(second)
    if Self.lostWhole(c.probe.field, declared: c.writer.declared) {
      #expect(before == after, "\(c.testDescription): declared cannot-carry, yet a change came back (\(before) → \(after)): declare it carried (in part)")
    } else {
      #expect(before != after, "\(c.testDescription): declared carried, yet a change did not come back (\(before))")
      let diff = DatasetDiff(from: MergeInput(first, cannotCarry: c.writer.declared), to: MergeInput(second, cannotCarry: c.writer.declared))
      #expect(!diff.isEmpty, "\(c.testDescription): diff does not see a change of a carried field")
    }
  }

  /// Whether `declared` (a cannot-carry list) loses `field`: named, or a part that holds it.
  static func lostWhole(_ field: ModelField, declared: [ModelField]) -> Bool {
    let holders: [ModelField: [ModelField]] = [
      .skippedEntries: [.entries], .entryAmounts: [.entries], .recordAmounts: [.records], .recordNotes: [.records],
      .trackerGoalPeriod: [.trackerGoal],
    ]
    return ([field] + (holders[field] ?? [])).contains(where: declared.contains)
  }

  /// Never both: a field lost whole is not also carried in part.
  @Test(arguments: CannotCarryTests.writers)
  func noFieldIsBothLostAndCarriedInPart(_ writer: CannotCarryTests.Writer) {
    #expect(Set(writer.declared).isDisjoint(with: writer.inPart), "\(writer.testDescription)")
    #expect(writer.inPart == ModelField.inModelOrder(writer.inPart), "\(writer.testDescription)")
  }
}
