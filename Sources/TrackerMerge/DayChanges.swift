import TrackerModel

/// The days of one tracker that differ between two datasets: completions (records) and marks
/// (entries: skipped, below the goal, a note) added, removed, or kept with another amount or
/// note.
public struct DayChanges: Hashable, Sendable {
  /// Completions only in the second dataset, in date order.
  public var recordsAdded: [LocalDate] = []
  /// Completions only in the first, in date order.
  public var recordsRemoved: [LocalDate] = []
  /// Completions in both whose amount, note or extras differ, in date order.
  public var recordsChanged: [LocalDate] = []
  /// Marks only in the second dataset.
  public var entriesAdded: [LocalDate] = []
  /// Marks only in the first.
  public var entriesRemoved: [LocalDate] = []
  /// Marks in both that differ.
  public var entriesChanged: [LocalDate] = []

  /// Nothing differs.
  public var isEmpty: Bool {
    recordsAdded.isEmpty && recordsRemoved.isEmpty && recordsChanged.isEmpty
      && entriesAdded.isEmpty && entriesRemoved.isEmpty && entriesChanged.isEmpty
  }

  /// Compares the days of one tracker, each side sorted by day; `same` compares the items at
  /// two indices (old, new).
  static func compare(_ old: [DayIndex.Day], _ new: [DayIndex.Day], same: (Int, Int) -> Bool)
    -> (added: [LocalDate], removed: [LocalDate], changed: [LocalDate]) {
    var added: [LocalDate] = []
    var removed: [LocalDate] = []
    var changed: [LocalDate] = []
    var i = 0, j = 0
    while i < old.count || j < new.count {
      if j == new.count || (i < old.count && old[i].day < new[j].day) {
        removed.append(LocalDate(dayNumber: old[i].day))
        i += 1
      } else if i == old.count || new[j].day < old[i].day {
        added.append(LocalDate(dayNumber: new[j].day))
        j += 1
      } else {
        if !same(old[i].index, new[j].index) { changed.append(LocalDate(dayNumber: new[j].day)) }
        i += 1
        j += 1
      }
    }
    return (added, removed, changed)
  }
}

/// Runs of consecutive days, for messages: `2026-01-01…2026-01-31, 2026-03-04`.
public enum DayRanges {
  /// `days` (sorted) as ranges of consecutive days.
  public static func ranges(_ days: [LocalDate]) -> [ClosedRange<LocalDate>] {
    var result: [ClosedRange<LocalDate>] = []
    for day in days {
      if let last = result.last, last.upperBound.adding(days: 1) == day {
        result[result.count - 1] = last.lowerBound...day
      } else {
        result.append(day...day)
      }
    }
    return result
  }

  /// The ranges as text, at most `limit` of them followed by `… (N more ranges)`.
  public static func text(_ days: [LocalDate], limit: Int = 3) -> String {
    let all = ranges(days)
    var parts = all.prefix(limit).map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound)" }
    if all.count > limit { parts.append("… (\(all.count - limit) more)") }
    return parts.joined(separator: ", ")
  }
}

extension TrackerRecord {
  /// The same day's content: amount, note, extras (the tracker id aside: it may differ when
  /// trackers were matched by name).
  func sameContent(as other: TrackerRecord) -> Bool {
    amount == other.amount && note == other.note && ModelFields.sameExtras(extras, other.extras)
  }
}

extension TrackerEntry {
  /// The same mark: skipped, amount, note, extras (the tracker id aside).
  func sameContent(as other: TrackerEntry) -> Bool {
    skipped == other.skipped && amount == other.amount && note == other.note && ModelFields.sameExtras(extras, other.extras)
  }
}
