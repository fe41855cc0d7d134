import Testing
import TrackerModel
@testable import TrackerMerge

/// Over generated datasets: every day of both sides is in the merge, merging again changes
/// nothing, and a dataset merged into itself stays as it was.
@Suite struct MergePropertyTests {
  /// Two exports of one history: `a` lacks every third record and the last tracker, `b` lacks
  /// the first half of the days, renames one tracker's id (matched by name) and changes a colour.
  static func exports(seed: UInt64, rich: Bool) -> (TrackerDataset, TrackerDataset) {
    let full = DatasetGenerator(trackers: 12, days: 90, seed: seed, tasks: 6, rich: rich).generate()
    var a = full
    let lastTracker = a.trackers.removeLast().id
    a.records = a.records.enumerated().filter { $0.offset % 3 != 0 && $0.element.trackerId != lastTracker }.map(\.element)
    a.entries.removeAll { $0.trackerId == lastTracker }
    var b = full
    let middle = full.records.map(\.date).sorted()[full.records.count / 2]
    b.records.removeAll { $0.date < middle }
    b.entries.removeAll { $0.date < middle }
    let renamed = b.trackers[1].id
    b.trackers[1].id = "renamed-\(seed)"
    for i in b.records.indices where b.records[i].trackerId == renamed { b.records[i].trackerId = "renamed-\(seed)" }
    for i in b.entries.indices where b.entries[i].trackerId == renamed { b.entries[i].trackerId = "renamed-\(seed)" }
    b.trackers[0].color = "#010203"
    b.tasks.removeFirst()
    return (a, b)
  }

  static func days(_ d: TrackerDataset, renaming: [String: String] = [:]) -> Set<String> {
    Set(d.records.map { "\(renaming[$0.trackerId] ?? $0.trackerId) \($0.date)" })
  }

  @Test(arguments: [(UInt64(1), false), (2, true), (3, true), (4, false), (5, true)])
  func unionIdempotenceAndIdentity(seed: UInt64, rich: Bool) {
    let (a, b) = Self.exports(seed: seed, rich: rich)
    for prefer in MergePreference.allCases {
      let merger = DatasetMerger(prefer: prefer)
      let once = merger.merge(a, [b]).dataset
      #expect(merger.merge(once, [b]).dataset == once, "merge(merge(A, B), B) == merge(A, B), prefer \(prefer)")
      #expect(merger.merge(once, [b]).conflicts.isEmpty || prefer == .base)
      #expect(merger.merge(a, [a]).dataset == a)
      let merged = Self.days(once)
      let renamedBack = ["renamed-\(seed)": a.trackers[1].id]
      #expect(Self.days(a).isSubset(of: merged))
      #expect(Self.days(b, renaming: renamedBack).isSubset(of: merged))
      #expect(merged.count == once.records.count, "no day twice")
      #expect(once.trackers.count == a.trackers.count + 1)
      #expect(once.tasks.count == a.tasks.count)
    }
  }
}
