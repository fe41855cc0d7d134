import TrackerOutput
import TrackerPort

/// A whole dataset counted as the read-back check compares it: trackers, completed days,
/// amounts, notes and skipped days.
struct DatasetTally: Equatable {
  var habits = 0
  var days = 0
  var amounts = 0
  var notes = 0
  var skips = 0

  /// The kinds counted, in the order messages and answers name them.
  enum Kind: String, CaseIterable {
    case habits, days, amounts, notes, skips
  }

  init(_ dataset: TrackerDataset) {
    habits = dataset.trackers.count
    for tally in HabitTally.of(dataset) {
      days += tally.days
      amounts += tally.amounts
      notes += tally.notes
      skips += tally.skips
    }
  }

  subscript(kind: Kind) -> Int {
    switch kind {
    case .habits: habits
    case .days: days
    case .amounts: amounts
    case .notes: notes
    case .skips: skips
    }
  }

  /// `{"habits": n, "days": n, "amounts": n, "notes": n, "skips": n}`.
  var json: String { JSONOutput.object(Kind.allCases.map { ($0.rawValue, String(self[$0])) }) }
}
