/// The main screen for one day: the trackers planned that day, grouped, filtered and searched.
///
/// Order: the pinned group first («Закрепленные», only when it has cards), then one group per
/// category in the dataset's category order, then groups for category ids no category has (titled
/// by the raw id, in the order the trackers first use them). Within a group, cards keep the
/// dataset's tracker order; the pinned group keeps the order its cards would have had in their
/// categories. Groups with no cards are left out.
///
/// Only trackers planned on the day (``Tracker/isPlanned(on:firstCompletion:lastMarked:)``: an
/// archived tracker only up to its last record or entry) are candidates, a skipped one included
/// and marked ``AgendaItem/skipped``; the filter and the search then narrow them. A tracker whose id repeats an earlier tracker's id
/// is left out: records belong to the first (see ``DatasetIndex``), so it could never be done.
public struct Agenda: Hashable, Sendable {
  /// The day shown: today when the filter is ``AgendaFilter/today``, else the requested day.
  public let date: LocalDate
  /// The filter as requested; ``AgendaFilter/today`` has already moved ``date`` to today.
  public let filter: AgendaFilter
  /// The search text as given.
  public let search: String
  /// The language of the pinned group's title and the texts; grouping, order and search do
  /// not depend on it.
  public let locale: AgendaLocale
  /// The groups to show; empty exactly when ``placeholder`` is not `nil`.
  public let groups: [AgendaGroup]
  /// The number of trackers planned on ``date`` before the filter and the search, skipped ones
  /// included; the app hides its filter button when it is 0.
  public let plannedCount: Int

  /// The stub to show instead of cards, or `nil` when there are cards.
  public var placeholder: AgendaPlaceholder? {
    if plannedCount == 0 { return .nothingPlanned }
    return groups.isEmpty ? .nothingFound : nil
  }

  /// Builds the agenda of `date`.
  ///
  /// - Parameters:
  ///   - today: the current day, used only by ``AgendaFilter/today``; the model has no clock.
  ///   - index: pass one already built for `dataset` to skip building it again.
  public init(dataset: TrackerDataset, date: LocalDate, filter: AgendaFilter = .all, search: String = "",
              today: LocalDate, locale: AgendaLocale = .ru, index: DatasetIndex? = nil) {
    let index = index ?? DatasetIndex(dataset)
    let day = filter == .today ? today : date
    let query = SearchFolding.queryKey(search)

    // Slot of each group: a known category's position, or past the end for unknown ids.
    var unknownSlot: [String: Int] = [:]
    var unknownIDs: [String] = []
    var shown: [(slot: Int, pinned: Bool, item: AgendaItem)] = []
    var shownTracker: [Int: Int] = [:]  // tracker index → position in `shown`, for amounts
    var planned = 0
    for (i, tracker) in dataset.trackers.enumerated() where index.trackerPosition[tracker.id] == i {
      guard tracker.isPlanned(on: day, firstCompletion: index.firstCompletion[i],
                              lastMarked: index.lastMarked[i], dataEnd: index.dataEnds[i]) else { continue }
      planned += 1
      let done = index.completedDays[i].contains(day)
      let skipped = !done && index.skippedDays[i].contains(day)
      guard filter.admits(done: done, skipped: skipped) else { continue }
      if let query, !SearchFolding.key(tracker.name).contains(query) { continue }
      let slot: Int
      if let known = index.categoryPosition[tracker.categoryId] {
        slot = known
      } else if let seen = unknownSlot[tracker.categoryId] {
        slot = seen
      } else {
        slot = dataset.categories.count + unknownIDs.count
        unknownSlot[tracker.categoryId] = slot
        unknownIDs.append(tracker.categoryId)
      }
      let item = AgendaItem(id: tracker.id, name: tracker.name, emoji: tracker.emoji, color: tracker.color,
                            done: done, skipped: skipped, unit: tracker.goal?.unit,
                            completedDays: index.completedDays[i].count)
      if !index.measuredRecords.isEmpty || !dataset.entries.isEmpty { shownTracker[i] = shown.count }
      shown.append((slot, tracker.pinned, item))
    }
    // The day's amounts: the first record's, else the first entry's. Only records with an
    // amount are looked at, through the index; a dataset without amounts skips both loops.
    if !shownTracker.isEmpty {
      for r in index.measuredRecords where dataset.records[r].date == day {
        let t = index.recordTracker[r]
        guard t >= 0, let s = shownTracker[t], shown[s].item.amount == nil else { continue }
        shown[s].item.amount = dataset.records[r].amount
      }
      for (e, entry) in dataset.entries.enumerated() where entry.amount != nil && entry.date == day {
        let t = index.entryTracker[e]
        guard t >= 0, let s = shownTracker[t], shown[s].item.amount == nil else { continue }
        shown[s].item.amount = entry.amount
      }
    }

    // Stable: equal slots keep the tracker order.
    let ordered = shown.enumerated()
      .sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }
      .map(\.element)
    var groups: [AgendaGroup] = []
    let pinnedItems = ordered.filter(\.pinned).map(\.item)
    if !pinnedItems.isEmpty {
      groups.append(AgendaGroup(title: locale.pinnedTitle, pinned: true, categoryId: nil, trackers: pinnedItems))
    }
    var currentSlot = -1
    for entry in ordered where !entry.pinned {
      if entry.slot != currentSlot {
        currentSlot = entry.slot
        let known = entry.slot < dataset.categories.count
        let id = known ? dataset.categories[entry.slot].id : unknownIDs[entry.slot - dataset.categories.count]
        let title = known ? dataset.categories[entry.slot].title : id
        groups.append(AgendaGroup(title: title, pinned: false, categoryId: id, trackers: []))
      }
      groups[groups.count - 1].trackers.append(entry.item)
    }

    self.date = day
    self.filter = filter
    self.search = search
    self.locale = locale
    self.groups = groups
    self.plannedCount = planned
  }
}
