import TrackerModel

/// What format version 2 adds to a tracker's days, per tracker: its records' amounts and notes
/// (`X-TRACKPORT-RECORD-DETAILS`) and its entries (`X-TRACKPORT-ENTRIES`), and how they come
/// back in the dataset's order. Empty, and never looked at, for a dataset without them.
struct ICalendarMarks {
  /// Each tracker's records that have an amount or a note, in record order.
  var details: [[TrackerRecord]]
  /// Each tracker's entries, in entry order.
  var entries: [[TrackerEntry]]

  /// A tracker's records with an amount or a note, or none when the dataset has none.
  func details(_ index: Int) -> [TrackerRecord] { index < details.count ? details[index] : [] }
  /// A tracker's entries, or none when the dataset has none.
  func entries(_ index: Int) -> [TrackerEntry] { index < entries.count ? entries[index] : [] }

  /// Groups `dataset`'s marks by tracker; a mark belongs to the first tracker with its id (as
  /// records do, ``ICalendarRecords/group(_:)``).
  init(_ dataset: TrackerDataset) {
    details = []
    entries = []
    let detailed = dataset.records.contains { $0.amount != nil || $0.note != nil }
    guard detailed || !dataset.entries.isEmpty else { return }
    var firstIndex: [String: Int] = [:]
    for (index, tracker) in dataset.trackers.enumerated() where firstIndex[tracker.id] == nil { firstIndex[tracker.id] = index }
    if detailed {
      details = Array(repeating: [], count: dataset.trackers.count)
      for record in dataset.records where record.amount != nil || record.note != nil {
        if let index = firstIndex[record.trackerId] { details[index].append(record) }
      }
    }
    if !dataset.entries.isEmpty {
      entries = Array(repeating: [], count: dataset.trackers.count)
      for entry in dataset.entries {
        if let index = firstIndex[entry.trackerId] { entries[index].append(entry) }
      }
    }
  }

  /// Marks read back, one list per tracker.
  init(details: [[TrackerRecord]], entries: [[TrackerEntry]]) {
    self.details = details
    self.entries = entries
  }

  /// Records from per-tracker days (``ICalendarRecords/rebuild(_:_:)``) with each one's amount
  /// and note from ``details``: the detail of its tracker and day.
  func records(_ trackers: [Tracker], _ days: [[LocalDate]]) -> [TrackerRecord] {
    var records = ICalendarRecords.rebuild(trackers, days)
    guard details.contains(where: { !$0.isEmpty }) else { return records }
    var byDay: [String: [LocalDate: TrackerRecord]] = [:]
    var firstIndex: Set<String> = []
    for (index, tracker) in trackers.enumerated() where firstIndex.insert(tracker.id).inserted && index < details.count {
      for detail in details[index] where byDay[tracker.id]?[detail.date] == nil { byDay[tracker.id, default: [:]][detail.date] = detail }
    }
    for i in records.indices {
      guard let detail = byDay[records[i].trackerId]?[records[i].date] else { continue }
      records[i].amount = detail.amount
      records[i].note = detail.note
    }
    return records
  }

  /// Entries from the per-tracker lists in day order, then tracker order, then list order.
  func entries(_ trackers: [Tracker]) -> [TrackerEntry] {
    var items: [(entry: TrackerEntry, index: Int, position: Int)] = []
    for (index, list) in entries.enumerated() where index < trackers.count {
      for (position, entry) in list.enumerated() {
        var entry = entry
        entry.trackerId = trackers[index].id
        items.append((entry, index, position))
      }
    }
    items.sort { ($0.entry.date, $0.index, $0.position) < ($1.entry.date, $1.index, $1.position) }
    return items.map(\.entry)
  }
}
