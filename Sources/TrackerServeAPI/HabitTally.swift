import TrackerOutput
import TrackerPort

/// What one tracker of a dataset holds, counted as an app shows it: the days marked done, the
/// amounts and notes on any day, the days skipped. The page's "what arrives" lists these for
/// the dataset a conversion's output reads back as.
public struct HabitTally: Equatable, Sendable {
  /// The tracker's name.
  public var name: String
  /// Days marked done.
  public var days = 0
  /// Amounts, on days done or not.
  public var amounts = 0
  /// Notes, on days done or not.
  public var notes = 0
  /// Days marked skipped.
  public var skips = 0

  /// One tally per tracker of `dataset`, in its order; records and entries of no tracker count
  /// nowhere.
  public static func of(_ dataset: TrackerDataset) -> [HabitTally] {
    var tallies = dataset.trackers.map { HabitTally(name: $0.name) }
    var index: [String: Int] = [:]
    for (i, tracker) in dataset.trackers.enumerated() where index[tracker.id] == nil { index[tracker.id] = i }
    for record in dataset.records {
      guard let i = index[record.trackerId] else { continue }
      tallies[i].days += 1
      if record.amount != nil { tallies[i].amounts += 1 }
      if record.note != nil { tallies[i].notes += 1 }
    }
    for entry in dataset.entries {
      guard let i = index[entry.trackerId] else { continue }
      if entry.skipped { tallies[i].skips += 1 }
      if entry.amount != nil { tallies[i].amounts += 1 }
      if entry.note != nil { tallies[i].notes += 1 }
    }
    return tallies
  }

  /// The JSON object the API answers (`name`, `days`, `amounts`, `notes`, `skips`).
  var json: String {
    JSONOutput.object([("name", JSONOutput.quote(name)), ("days", String(days)), ("amounts", String(amounts)),
                       ("notes", String(notes)), ("skips", String(skips))])
  }
}
