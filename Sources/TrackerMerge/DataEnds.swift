import TrackerModel

/// Where a merged tracker's data ends (``Tracker/dataEndsOn``), decided for one merge step.
///
/// A tracker one side has and the other lacks, while the other side's days reach further, ends
/// where what is known of it ends (the newer backup no longer has the habit, so the days after
/// are unknown, not missed): for a tracker only the incoming dataset has, that dataset's last
/// day; for one only the base has, its own last marked day (the base may hold many sources, so
/// its last day says nothing of this tracker). A tracker both sides have keeps no end once a
/// side that has it unended reaches past the end. Merging the same data again changes nothing.
struct DataEnds {
  /// The last day with a record or an entry, of each side.
  let baseEnd: LocalDate?, incomingEnd: LocalDate?
  /// The last day of each base tracker the incoming side lacks (the only ones ``apply(to:trackerIds:incoming:)``
  /// asks for); empty, and not looked for, when the incoming side has every base tracker.
  let baseLast: [String: LocalDate]
  /// For each incoming tracker, its base tracker's position, if it has one.
  let inBase: [Int?]
  /// How many trackers the base had: merging keeps them first, in place.
  let baseCount: Int

  init(base: TrackerDataset, incoming: TrackerDataset, match: DatasetMatch) {
    inBase = match.trackerInFirst
    baseCount = base.trackers.count
    baseEnd = Self.end(base)
    incomingEnd = Self.end(incoming)
    let matched = Set(inBase.compactMap { $0 })
    baseLast = base.trackers.indices.contains { !matched.contains($0) } ? Self.lastDays(base) : [:]
  }

  /// The last day with a record or an entry: a scan of day numbers, no look-up.
  static func end(_ dataset: TrackerDataset) -> LocalDate? {
    var last = Int.min
    for record in dataset.records where record.date.dayNumber > last { last = record.date.dayNumber }
    for entry in dataset.entries where entry.date.dayNumber > last { last = entry.date.dayNumber }
    return last == Int.min ? nil : LocalDate(dayNumber: last)
  }

  /// The last day with a record or an entry of each tracker that has one.
  static func lastDays(_ dataset: TrackerDataset) -> [String: LocalDate] {
    // By slot first: a dictionary look-up per day was most of this.
    var slots = TrackerSlots()
    var last: [LocalDate] = []
    func see(_ id: String, _ day: LocalDate) {
      let slot = slots.slot(id)
      if slot == last.count { last.append(day) } else if last[slot] < day { last[slot] = day }
    }
    for record in dataset.records { see(record.trackerId, record.date) }
    for entry in dataset.entries { see(entry.trackerId, entry.date) }
    return Dictionary(uniqueKeysWithValues: zip(slots.ids, last))
  }

  /// Marks or clears the ends in `merged` (the base after this step); `trackerIds` maps each
  /// incoming tracker id to its id in `merged`.
  func apply(to merged: inout TrackerDataset, trackerIds: [String: String], incoming: TrackerDataset) {
    let matched = Set(inBase.compactMap { $0 })
    // The base's trackers the incoming side lacks, when the incoming side goes further.
    for i in 0..<min(baseCount, merged.trackers.count) where !matched.contains(i) && merged.trackers[i].dataEndsOn == nil {
      guard let last = baseLast[merged.trackers[i].id], let incomingEnd, incomingEnd > last else { continue }
      merged.trackers[i].dataEndsOn = last
    }
    var position: [String: Int] = [:]
    for (i, tracker) in merged.trackers.enumerated().dropFirst(baseCount) where position[tracker.id] == nil { position[tracker.id] = i }
    for (j, tracker) in incoming.trackers.enumerated() {
      let theirs = tracker.dataEndsOn
      if let i = inBase[j], i < merged.trackers.count {
        // Both sides have it: an end stays only while no side that has it unmarked goes past it.
        let ours = merged.trackers[i].dataEndsOn
        guard let end = [ours, theirs].compactMap({ $0 }).max() else { continue }
        let alive = (ours == nil && baseEnd.map { $0 > end } == true) || (theirs == nil && incomingEnd.map { $0 > end } == true)
        merged.trackers[i].dataEndsOn = alive ? nil : end
      } else if let id = trackerIds[tracker.id], let i = position[id], theirs == nil,
                let incomingEnd, let baseEnd, baseEnd > incomingEnd {
        // New from the incoming side, whose data ends before the base's, which lacks it: known
        // up to the incoming side's last day (a day it has no mark for there is missed).
        merged.trackers[i].dataEndsOn = incomingEnd
      }
    }
  }
}
