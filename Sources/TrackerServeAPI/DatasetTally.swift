import TrackerOutput
import TrackerPort

/// A whole dataset counted as the read-back check compares it: trackers, completed days,
/// amounts, notes and skipped days.
public struct DatasetTally: Equatable, Sendable {
  public var habits = 0
  public var days = 0
  public var amounts = 0
  public var notes = 0
  public var skips = 0

  /// The kinds counted, in the order messages and answers name them.
  public enum Kind: String, CaseIterable, Sendable {
    case habits, days, amounts, notes, skips
  }

  public init(_ dataset: TrackerDataset) {
    habits = dataset.trackers.count
    for tally in HabitTally.of(dataset) {
      days += tally.days
      amounts += tally.amounts
      notes += tally.notes
      skips += tally.skips
    }
  }

  public subscript(kind: Kind) -> Int {
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
