import Foundation
import Testing
import TrackerTestSupport
import HaboCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Generated datasets (not only hand-picked ones) through Habo and back: every part the loss
/// report does not name comes back — habits in order with their archived flag and goal,
/// completions with amounts and notes, skipped days and days below the goal.
@Suite struct HaboGeneratedRoundTripTests {
  @Test(arguments: 1...6)
  func whatIsNotReportedLostComesBack(_ seed: Int) throws {
    let original = DatasetGenerator(trackers: 8, days: 90, seed: UInt64(seed), rich: seed % 2 == 0).generate()
    let lost = Set(HaboCodec().losses(writing: original, to: CodecOutput(path: "/tmp/x.json"), options: [:])
      .compactMap(\.location.pointer))
    let (bytes, _) = try Habo.encode(original)
    let (back, _) = try Habo.decode(bytes)

    let habits = original.trackers.filter { $0.kind == .habit }
    #expect(back.trackers.map(\.name) == habits.map(\.name))
    #expect(back.trackers.map(\.archived) == habits.map(\.archived))
    if !lost.contains("/trackers.goal") { #expect(back.trackers.map(\.goal) == habits.map(\.goal)) }
    let ids = Dictionary(zip(habits.map(\.id), back.trackers.map(\.id)), uniquingKeysWith: { a, _ in a })
    func key(_ r: TrackerRecord) -> String { "\(r.trackerId) \(r.date) \(r.amount.map { "\($0)" } ?? "-") \(r.note ?? "-")" }
    func key(_ e: TrackerEntry) -> String { "\(e.trackerId) \(e.date) \(e.skipped) \(e.amount.map { "\($0)" } ?? "-") \(e.note ?? "-")" }
    if lost.isDisjoint(with: ["/records", "/records.amount", "/records.note", "/records[of events]"]) {
      let expected = original.records.map { r in key(TrackerRecord(trackerId: ids[r.trackerId] ?? "?", date: r.date, amount: r.amount, note: r.note)) }
      #expect(back.records.map(key).sorted() == expected.sorted())
    }
    if lost.isDisjoint(with: ["/entries", "/entries.amount", "/entries.note", "/entries[skipped]", "/records"]) {
      let expected = original.entries.map { e in
        key(TrackerEntry(trackerId: ids[e.trackerId] ?? "?", date: e.date, skipped: e.skipped, amount: e.amount, note: e.note))
      }
      #expect(back.entries.map(key).sorted() == expected.sorted())
    }
    // An at-most habit is a yes/no habit in Habo: its completions stay completions.
    for (habit, copy) in zip(habits, back.trackers) where habit.goal?.direction == .atMost {
      #expect(copy.goal == nil)
      #expect(back.records.count { $0.trackerId == copy.id } == original.records.count { $0.trackerId == habit.id })
    }
    // Nothing is lost silently: a count of what came back per kind, or a loss named.
    #expect(back.records.count == original.records.count || !lost.isDisjoint(with: ["/records", "/records[of events]"]))
  }
}
