import TrackerModel

/// How records travel per tracker (`X-TRACKPORT-RECORDS`) and come back in the dataset's order.
enum ICalendarRecords {
  /// Each tracker's record days, in record order; a record belongs to the first tracker with its id.
  static func group(_ dataset: TrackerDataset) -> [[LocalDate]] {
    var firstIndex: [String: Int] = [:]
    for (index, tracker) in dataset.trackers.enumerated() where firstIndex[tracker.id] == nil { firstIndex[tracker.id] = index }
    var groups = Array(repeating: [LocalDate](), count: dataset.trackers.count)
    for record in dataset.records { if let index = firstIndex[record.trackerId] { groups[index].append(record.date) } }
    return groups
  }

  /// Records from per-tracker days in day order, then tracker order (as the apps write them).
  static func rebuild(_ trackers: [Tracker], _ groups: [[LocalDate]]) -> [TrackerRecord] {
    var pairs: [(date: LocalDate, index: Int)] = []
    for (index, days) in groups.enumerated() { for day in days { pairs.append((day, index)) } }
    pairs.sort { $0.date != $1.date ? $0.date < $1.date : $0.index < $1.index }
    return pairs.map { TrackerRecord(trackerId: trackers[$0.index].id, date: $0.date) }
  }
}
