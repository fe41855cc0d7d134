import TrackerModel

/// One day a writer writes for a habit, in an app that keeps one mark per habit and day
/// (Table Habit, HabitKit): its completion, or an entry.
public enum HabitDay: Sendable {
  case record(TrackerRecord)
  case entry(TrackerEntry)

  /// The day.
  public var date: LocalDate {
    switch self {
    case .record(let r): r.date
    case .entry(let e): e.date
    }
  }

  /// Whether it is a completion.
  public var isRecord: Bool {
    if case .record = self { true } else { false }
  }
}

extension TrackerDataset {
  /// The habits in order, each with its days sorted: a day's first record, else its first entry
  /// that `keep` accepts (the others of the day are left out, for the loss report to count);
  /// events are left out, and a tracker repeating an earlier one's id gets no days.
  public func habitDays(keeping keep: (TrackerEntry, Tracker) -> Bool) -> [(tracker: Tracker, days: [HabitDay])] {
    var records: [String: [TrackerRecord]] = [:]
    for record in self.records { records[record.trackerId, default: []].append(record) }
    var entries: [String: [TrackerEntry]] = [:]
    for entry in self.entries { entries[entry.trackerId, default: []].append(entry) }
    var seen = Set<String>()
    return trackers.filter { $0.kind == .habit }.map { tracker in
      guard seen.insert(tracker.id).inserted else { return (tracker, []) }
      var byDay: [LocalDate: HabitDay] = [:]
      for record in records[tracker.id] ?? [] where byDay[record.date] == nil { byDay[record.date] = .record(record) }
      for entry in entries[tracker.id] ?? [] where byDay[entry.date] == nil && keep(entry, tracker) {
        byDay[entry.date] = .entry(entry)
      }
      return (tracker, byDay.values.sorted { $0.date < $1.date })
    }
  }
}
