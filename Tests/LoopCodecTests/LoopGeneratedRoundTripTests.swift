import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import LoopCodec
import TrackerCodec
import TrackerModel

/// Generated datasets that use what Loop can keep of the new fields — goals and amounts in
/// thousandths, skips, notes, archived flags, descriptions, frequencies, one reminder — written
/// to Loop and read back: the loss report names nothing of them, and every one comes back.
@Suite struct LoopGeneratedRoundTripTests {
  /// SplitMix64: the same numbers for a seed on every machine.
  struct Numbers {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    /// The first of up to 20 draws below 30,000 that `accept` takes (written out: the lazy
    /// map-and-first it replaces took seconds to type-check).
    mutating func thousandths(where accept: (Int) -> Bool) -> Int? {
      for _ in 0..<20 {
        let value = below(30_000)
        if accept(value) { return value }
      }
      return nil
    }
  }

  static let notes = ["в парке", "tired, \"really\"", "line one\nline two", "é and e\u{301}", "🏃", "x"]

  /// Habits of every kind Loop can keep, each with 40 days of records and entries.
  static func dataset(seed: UInt64) -> TrackerDataset {
    var n = Numbers(state: seed)
    var trackers: [Tracker] = [], records: [TrackerRecord] = [], entries: [TrackerEntry] = []
    let start = LocalDate("2024-01-01")!
    for index in 0..<6 {
      let id = String(format: "%08X-0000-4000-8000-%012X", Int(seed), index)
      var tracker = Tracker(id: id, kind: .habit, name: "Habit \(index)", categoryId: "C", emoji: nil, color: nil,
                            schedule: Weekday.allCases)
      tracker.archived = n.chance(30)
      tracker.description = [nil, "Did you?", "Why\n\nbecause", "", "  spaced  "][n.below(5)]
      var goal: TrackerGoal?
      if n.chance(50) {
        goal = TrackerGoal(target: Double(n.below(20_000)) / 1000, direction: n.chance(50) ? .atLeast : .atMost,
                           unit: n.chance(50) ? "km" : nil)
        tracker.goal = goal
      } else if n.chance(50) {
        let days = Weekday.allCases.filter { _ in n.chance(50) }
        if !days.isEmpty { tracker.schedule = days }
      } else if n.chance(70) {
        let denominator = 2 + n.below(30)
        tracker.frequency = TrackerFrequency(times: 1 + n.below(denominator - 1), days: denominator)
      }
      if n.chance(60) {
        var reminder = TrackerReminder(time: String(format: "%02d:%02d", n.below(24), n.below(60)))
        // On the planned days, or on some days when Loop plans every day (but not k of them for
        // k times per week, which would plan those days instead).
        if tracker.schedule == Weekday.allCases, n.chance(50) {
          let days = Weekday.allCases.filter { _ in n.chance(50) }
          let conflicts = tracker.frequency.map { $0.days == 7 && $0.times == days.count } ?? false
          if days.count < 7 && !conflicts { reminder.days = days }
        }
        tracker.reminders = [reminder]
      }
      trackers.append(tracker)
      for offset in 0..<40 {
        let date = start.adding(days: offset)
        let note = n.chance(30) ? notes[n.below(notes.count)] : nil
        switch n.below(4) {
        case 0: continue
        case 1:
          guard let goal else {
            records.append(TrackerRecord(trackerId: id, date: date, note: note))
            continue
          }
          // A value in thousandths that meets the goal (never 3, Loop's SKIP).
          guard let value = n.thousandths(where: { (v: Int) -> Bool in
            v != 3 && goal.isMet(by: Double(v) / 1000) && (v > 0 || goal.direction == .atMost)
          }) else { continue }
          records.append(TrackerRecord(trackerId: id, date: date, amount: Double(value) / 1000, note: note))
        case 2:
          entries.append(TrackerEntry(trackerId: id, date: date, skipped: true, note: note))
        default:
          if let goal, let value = n.thousandths(where: { (v: Int) -> Bool in
            v != 3 && (!goal.isMet(by: Double(v) / 1000) || (v == 0 && goal.direction == .atLeast))
          }) {
            entries.append(TrackerEntry(trackerId: id, date: date, amount: Double(value) / 1000, note: note))
          } else if let note {
            entries.append(TrackerEntry(trackerId: id, date: date, note: note))
          }
        }
      }
    }
    return TrackerDataset(categories: [TrackerCategory(id: "C", title: "C")], trackers: trackers, records: records, entries: entries)
  }

  @Test(arguments: 0..<24)
  func whatLoopCanKeepComesBack(seed: Int) throws {
    let dataset = Self.dataset(seed: UInt64(seed))
    let folder = try Loop.temporaryFolder()
    defer { Loop.remove(folder) }
    let out = folder.appendingPathComponent("generated.db").path
    let losses = LoopCodec().losses(writing: dataset, to: CodecOutput(path: out), options: [:])
    let reported = Set(losses.compactMap(\.location.pointer))
    // An empty description reads back as none, and is reported so.
    let empty = dataset.trackers.contains { $0.description == "" }
    #expect(reported.subtracting(["/categories", "/trackers.emoji", "/trackers.color"]) == (empty ? ["/trackers.description"] : []),
            "seed \(seed): \(losses.map(\.message))")
    try Loop.encode(dataset, to: out)
    let (back, _) = try Loop.decode(out)
    #expect(back.trackers.map(\.id) == dataset.trackers.map(\.id), "seed \(seed)")
    for (a, b) in zip(back.trackers, dataset.trackers) {
      #expect(a.archived == b.archived && a.description == (b.description == "" ? nil : b.description) && a.goal == b.goal
                && a.frequency == b.frequency && a.reminders == b.reminders && a.schedule == b.schedule,
              "seed \(seed): \(a) ≠ \(b)")
    }
    let order = { (x: TrackerRecord, y: TrackerRecord) in (x.trackerId, x.date) < (y.trackerId, y.date) }
    #expect(back.records == dataset.records.sorted(by: order), "seed \(seed)")
    #expect(back.entries == dataset.entries.sorted { ($0.trackerId, $0.date) < ($1.trackerId, $1.date) }, "seed \(seed)")
  }
}
