import TrackerOutput
import TrackerPort

/// The habits a loss touches, by name: the page's "what will not be kept" names them beside
/// each kind of loss ("Notes on days: Meditate, Read"). A loss of the dataset as a whole
/// (categories, tasks, an order) touches no habit in particular.
enum LossSubjects {
  /// The names of the trackers of `dataset` that hold `field`, in the dataset's order; `nil`
  /// when `field` is not a tracker's, or no tracker holds it (a writer that counts what the
  /// dataset lacks, a creation day it has to invent, names no habit here).
  static func names(of field: ModelField, in dataset: TrackerDataset) -> [String]? {
    let holds: (Tracker) -> Bool
    switch field {
    case .trackerKind, .events: holds = { $0.kind == .event }
    case .trackerEmoji: holds = { $0.emoji != nil && !$0.invented.contains(.emoji) }
    case .trackerColor: holds = { $0.color != nil && !$0.invented.contains(.color) }
    case .trackerSchedule: holds = { $0.schedule != nil && !$0.invented.contains(.schedule) }
    case .eventDate: holds = { $0.date != nil }
    case .trackerPinned: holds = \.pinned
    case .trackerCreatedOn: holds = { $0.createdOn != nil }
    case .trackerArchived, .archivedTrackers: holds = \.archived
    case .trackerDescription: holds = { $0.description != nil }
    case .trackerGoal: holds = { $0.goal != nil }
    case .trackerGoalPeriod: holds = { $0.goal.map { !$0.period.isDay } == true }
    case .trackerFrequency: holds = { $0.frequency != nil }
    case .trackerReminders: holds = { !$0.reminders.isEmpty }
    case .repeatedTrackerNames:
      var seen: Set<String> = [], repeated: Set<String> = []
      for tracker in dataset.trackers where !seen.insert(tracker.name).inserted { repeated.insert(tracker.name) }
      holds = { repeated.contains($0.name) }
    case .trackersWithoutRecords, .trackersWithoutDays:
      let done = Set(dataset.records.map(\.trackerId))
      holds = { !done.contains($0.id) }
    case .recordAmounts, .recordNotes, .records, .eventRecords:
      let ids = Set(dataset.records.filter { record in
        switch field {
        case .recordAmounts: record.amount != nil
        case .recordNotes: record.note != nil
        default: true
        }
      }.map(\.trackerId))
      holds = { ids.contains($0.id) && (field != .eventRecords || $0.kind == .event) }
    case .entries, .skippedEntries, .entryAmounts, .entryNotes:
      let ids = Set(dataset.entries.filter { entry in
        switch field {
        case .skippedEntries: entry.skipped
        case .entryAmounts: entry.amount != nil
        case .entryNotes: entry.note != nil
        default: true
        }
      }.map(\.trackerId))
      holds = { ids.contains($0.id) }
    default:
      return nil
    }
    let names = dataset.trackers.filter(holds).map(\.name)
    return names.isEmpty ? nil : names
  }

  /// For each of `losses`, the names of the habits it touches, as a JSON array of arrays and
  /// nulls in their order: a `dropped-field` by its field, another loss by its pointer.
  static func json(of losses: [Diagnostic], in dataset: TrackerDataset) -> String {
    let byPointer = DiagnosticSubject.names(of: losses, in: dataset)
    return JSONOutput.array(zip(losses, byPointer).map { loss, subject in
      let touched = loss.lostField.flatMap { Self.names(of: $0, in: dataset) } ?? subject.map { [$0] }
      return touched.map { JSONOutput.array($0.map(JSONOutput.quote)) } ?? "null"
    })
  }
}
