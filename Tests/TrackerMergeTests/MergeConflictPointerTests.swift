import Testing
import TrackerModel
@testable import TrackerMerge

/// ``MergeConflict/pointer`` finds the kept value in the merged dataset, also after days given
/// up to the other kind were removed (which moves the days after them).
@Suite struct MergeConflictPointerTests {
  let base = MergeTestData.base
  func day(_ text: String) -> LocalDate { MergeTestData.day(text) }

  /// The day a `/records/N…` or `/entries/N…` pointer names in `dataset`: tracker, date, and
  /// what is kept of it.
  func dayAt(_ pointer: String, in dataset: TrackerDataset) -> String? {
    let parts = pointer.split(separator: "/")
    guard parts.count >= 2, let index = Int(parts[1]) else { return nil }
    switch parts[0] {
    case "records":
      guard dataset.records.indices.contains(index) else { return nil }
      let r = dataset.records[index]
      return "\(r.trackerId) \(r.date) done \(r.amount.map { "\($0)" } ?? "-") \(r.note ?? "-")"
    case "entries":
      guard dataset.entries.indices.contains(index) else { return nil }
      let e = dataset.entries[index]
      return "\(e.trackerId) \(e.date) \(e.skipped ? "skipped" : "marked")"
    default: return nil
    }
  }

  @Test func pointersPastARemovedDayMoveDownWithIt() throws {
    var mine = base
    mine.records[3].note = "easy"
    var other = base
    other.records[1].amount = 10                                                  // /records/1/amount
    other.records[3].note = "hard"                                                // /records/3/note
    other.entries.append(TrackerEntry(trackerId: "t-water", date: day("2026-03-02"), skipped: true))  // replaces records[0]
    let result = DatasetMerger(prefer: .incoming).merge(mine, [other])
    #expect(result.dataset.records.count == base.records.count - 1)
    let found = result.conflicts.map { conflict in
      "\(conflict.field) → \(conflict.pointer ?? "none") → \(conflict.pointer.flatMap { dayAt($0, in: result.dataset) } ?? "nothing")"
    }
    #expect(found == [
      "2026-03-03 amount → /records/0/amount → t-water 2026-03-03 done 10.0 hot day",
      "2026-03-04 note → /records/2/note → t-run 2026-03-04 done - hard",
      "2026-03-02 → /entries/1 → t-water 2026-03-02 skipped",
    ])
  }

  @Test func aPointerIntoADayALaterExportReplacedIsCleared() throws {
    var mine = base
    mine.records[3].note = "easy"
    var first = base
    first.records[3].note = "hard"
    var second = base
    second.records.remove(at: 3)
    second.entries.append(TrackerEntry(trackerId: "t-run", date: day("2026-03-04"), skipped: true))
    let result = DatasetMerger(prefer: .incoming).merge(mine, [first, second])
    #expect(result.conflicts.map(\.field) == ["2026-03-04 note", "2026-03-04"])
    #expect(result.conflicts[0].pointer == nil, "the note's day is no longer in the merge")
    #expect(result.conflicts[1].pointer.flatMap { dayAt($0, in: result.dataset) } == "t-run 2026-03-04 skipped")
  }

  @Test func preferringTheBaseThePointerIsTheBasesDay() throws {
    var other = base
    other.entries.append(TrackerEntry(trackerId: "t-water", date: day("2026-03-02"), skipped: true))
    let result = DatasetMerger(prefer: .base).merge(base, [other])
    #expect(result.conflicts.count == 1)
    #expect(result.conflicts[0].pointer.flatMap { dayAt($0, in: result.dataset) } == "t-water 2026-03-02 done 8.0 -")
  }
}
