import TrackerModel

/// What a tracker's day is on the report's grid.
public enum ReportDayState: UInt8, CaseIterable, Hashable, Sendable {
  /// A record marks it done (planned or not: the record wins, as in the statistics).
  case done
  /// Planned, not done and not skipped, in a period that is over: on or before the report's
  /// horizon (``TrackerReport/horizon``) and not ``pending``.
  case missed
  /// An entry marks it skipped and no record marks it done: neither done nor missed.
  case skipped
  /// The schedule does not plan it (before `createdOn`, another weekday, after an archived
  /// tracker's last marked day).
  case notPlanned
  /// Planned, after today: not missed yet.
  case upcoming
  /// No record, but the habit's frequency counts the day done ("3 times in 7 days" done three
  /// times in the window: ``DatasetIndex/isDone(_:on:)``, Loop's rule). Extends a streak and
  /// counts in the rates as a done day does; not in ``ReportTracker/doneInRange``.
  case covered
  /// Planned and not done, in the period still in progress at the horizon: the horizon day
  /// itself, and for a habit done "n times in d days" the d days up to it. Not missed yet: it
  /// neither breaks a streak nor counts in a rate.
  case pending
  /// Before the dataset's first day (``TrackerReport/dataStart``), or after its last day
  /// (``TrackerReport/dataEnd``) and not after today: the data says nothing about it, so it is
  /// never missed.
  case noData
}

/// A completion rate over the last `days` days up to the report's as-of day.
public struct ReportRate: Hashable, Sendable {
  /// The window: 7, 30, 90 or 365 days.
  public let days: Int
  /// Planned days in the window that are done: a record, or covered by the habit's frequency.
  public let done: Int
  /// Planned days in the window (skipped days are not planned; a pending day only once it is
  /// done).
  public let planned: Int

  /// `done ÷ planned` as a whole percentage, rounded half up; `nil` when nothing was planned.
  public var percent: Int? {
    planned == 0 ? nil : (200 * done + planned) / (2 * planned)
  }
}

/// One tracker on the report: its days in the range and its figures.
public struct ReportTracker: Hashable, Sendable {
  /// The tracker's position in the dataset's `trackers`.
  public let position: Int
  public let id: String
  public let name: String
  public let emoji: String?
  /// The tracker's colour as `#RRGGBB` upper-case, or `nil` when it has none or an invalid one.
  public let color: RGBColor?
  public let kind: TrackerKind
  public let archived: Bool
  /// One state per day of the report's range, first day first.
  public let days: [ReportDayState]
  /// For a habit with a goal: the day's amount (the first record's, else the first entry's) per
  /// day of the range, `nil` where there is none; empty for a habit without a goal.
  public let amounts: [Double?]
  /// Per day of the range, 0 (no amount) or 1...4: the amount's intensity among the range's
  /// done days (larger is more for an at-least goal, smaller is more for an at-most goal).
  public let levels: [UInt8]
  /// The goal's unit, for the amounts.
  public let unit: String?
  /// Done (or covered) planned days in a row up to the as-of day (see ``TrackerReport``).
  public let currentStreak: Int
  /// The longest run of done planned days up to the as-of day, over the whole history.
  public let bestStreak: Int
  /// Over the last 7, 30, 90 and 365 days up to the as-of day.
  public let rates: [ReportRate]
  /// Distinct days with a record, over all time (the agenda card's counter).
  public let completedDays: Int
  /// Distinct days with a record in the range.
  public let doneInRange: Int
  /// A dated event's day.
  public let eventDate: LocalDate?
  /// The earliest record's day.
  public let firstCompletion: LocalDate?
}

/// A group of trackers as the agenda groups them: the pinned group, then each category.
public struct ReportGroup: Hashable, Sendable {
  public let title: String
  public let pinned: Bool
  public var trackers: [ReportTracker]
}

/// Open and done tasks of one priority category.
public struct ReportTaskCounts: Hashable, Sendable {
  /// The category as written (`urgent`, … or an unknown value).
  public let category: String
  public let open: Int
  public let done: Int
}

/// Everything the report page shows, computed from a dataset; rendered by ``HTMLReport`` and
/// ``MarkdownReport``.
///
/// - The four statistics are ``TrackerStatistics`` of the whole dataset, exactly what
///   `trackport stats` prints.
/// - The combined heatmap counts, per day of the range, the trackers planned that day
///   (``DatasetIndex/isPlanned(_:at:on:)``) and how many of them are done.
/// - Streaks and rates are counted as of ``asOf``: the ``horizon`` (today, or the dataset's last
///   day when its data ends before today), or the range's last day when the range ends before
///   that. A day counts as done with a record or when the habit's frequency covers it
///   (``DatasetIndex/isDone(_:on:)``, Loop's rule: the same definition as the statistics). A
///   planned day that is not done and not skipped breaks a streak, except a ``ReportDayState/pending``
///   day (its period is not over at the horizon); a skipped day and a day the schedule does not
///   plan neither break nor extend one, and a record on such a day does not count. The rates
///   leave pending days out in the same way until they are done.
/// - Days before ``dataStart`` and after ``dataEnd`` are never missed: they are
///   ``ReportDayState/noData`` (after today, upcoming), and streaks and rates leave them out.
/// - With a `limit`, only the `limit` trackers with the most done days in the range are shown
///   (ties: dataset order), each in its group; the heatmap and the statistics still count all.
public struct TrackerReport: Sendable {
  /// The first and last day shown.
  public let range: ClosedRange<LocalDate>
  public let today: LocalDate
  /// The dataset's last day: its latest record or entry of a known tracker; `nil` with none.
  public let dataEnd: LocalDate?
  /// The dataset's first day: its earliest record or entry of a known tracker; `nil` with none.
  public let dataStart: LocalDate?
  /// The last day the data speaks for: `dataEnd` when it is before today, else today.
  public var horizon: LocalDate { dataEnd.map { min($0, today) } ?? today }
  /// Whether the dataset's history ends before today (the page says so).
  public var dataEndsBeforeToday: Bool { dataEnd.map { $0 < today } ?? false }
  /// The day streaks and rates are counted up to: `min(horizon, range.upperBound)`.
  public let asOf: LocalDate
  public let statistics: TrackerStatistics
  /// Per day of the range: trackers planned, and how many of them are done.
  public let combinedPlanned: [Int32]
  public let combinedDone: [Int32]
  /// Non-empty groups in agenda order, with only the shown trackers.
  public let groups: [ReportGroup]
  /// Trackers in the dataset that count (a repeated id counts once).
  public let trackerCount: Int
  /// Trackers shown.
  public let shownCount: Int
  /// Tasks per category: the app's five in order, then unknown values as first met; only
  /// categories that have tasks.
  public let tasks: [ReportTaskCounts]

  /// The number of days in the range.
  public var dayCount: Int { range.lowerBound.days(to: range.upperBound) + 1 }

  /// The windows of ``ReportTracker/rates``.
  public static let rateWindows = [7, 30, 90, 365]

  /// The first and last day the dataset has a record or an entry of a known tracker on; `nil`
  /// with none. The report's default range ends at its upper bound when that is before today.
  /// The days a report shows when none are asked for: the data's own span, ending on its last
  /// day (today when that is later than today), at most 365 days and at least 28 (a month of
  /// data is a month, not a year grid 90 % empty); the 365 days up to today without data.
  public static func defaultRange(_ index: DatasetIndex, today: LocalDate) -> ClosedRange<LocalDate> {
    guard let data = dataSpan(index) else { return today.adding(days: -364)...today }
    return Self.span(of: data, endingOn: min(data.upperBound, today))
  }

  /// The days of the data's span `data` shown ending on `last`: at most 365, at least 28.
  public static func span(of data: ClosedRange<LocalDate>, endingOn last: LocalDate) -> ClosedRange<LocalDate> {
    max(last.adding(days: -364), min(data.lowerBound, last.adding(days: -27)))...last
  }

  public static func dataSpan(_ index: DatasetIndex) -> ClosedRange<LocalDate>? {
    var first: LocalDate?
    var last: LocalDate?
    for t in index.completedDays.indices {
      for day in [index.completedDays[t].first, index.entryDays[t].first].compactMap({ $0 }) {
        first = min(first ?? day, day)
      }
      if let day = index.lastMarked[t] { last = max(last ?? day, day) }
    }
    guard let first, let last else { return nil }
    return first...last
  }

  /// Computes the report of `dataset` over `range`, with `today` as the current day, showing at
  /// most `limit` trackers (`nil`: all); pass `index` when one is already built for `dataset`.
  public init(dataset: TrackerDataset, range: ClosedRange<LocalDate>, today: LocalDate, limit: Int? = nil,
              pinnedTitle: String = AgendaLocale.en.pinnedTitle, index: DatasetIndex? = nil) {
    let index = index ?? DatasetIndex(dataset)
    self.range = range
    self.today = today
    let span = TrackerReport.dataSpan(index)
    let dataEnd = span?.upperBound
    self.dataEnd = dataEnd
    dataStart = span?.lowerBound
    let firstDataDay = span?.lowerBound.dayNumber ?? Int.min
    let horizon = dataEnd.map { min($0, today) } ?? today
    let asOf = min(horizon, range.upperBound)
    self.asOf = asOf
    statistics = TrackerStatistics(dataset, index: index)
    let first = range.lowerBound.dayNumber
    let dayCount = range.lowerBound.days(to: range.upperBound) + 1

    // Amounts of measurable habits: tracker → day number → the first record's amount, then the
    // first entry's where no record has one.
    var amountsByTracker: [Int: [Int: Double]] = [:]
    for r in index.measuredRecords {
      let t = index.recordTracker[r]
      guard t >= 0, dataset.trackers[t].goal != nil, let amount = dataset.records[r].amount else { continue }
      let day = dataset.records[r].date.dayNumber
      if amountsByTracker[t, default: [:]][day] == nil { amountsByTracker[t, default: [:]][day] = amount }
    }
    for (e, entry) in dataset.entries.enumerated() {
      guard let amount = entry.amount, index.entryTracker.indices.contains(e) else { continue }
      let t = index.entryTracker[e]
      guard t >= 0, dataset.trackers[t].goal != nil else { continue }
      let day = entry.date.dayNumber
      if amountsByTracker[t, default: [:]][day] == nil { amountsByTracker[t, default: [:]][day] = amount }
    }

    var combinedPlanned = [Int32](repeating: 0, count: dayCount)
    var combinedDone = [Int32](repeating: 0, count: dayCount)
    var all: [ReportTracker] = []
    for (i, tracker) in dataset.trackers.enumerated() where index.trackerPosition[tracker.id] == i {
      let done = index.completedDays[i]
      let firstCompletion = index.firstCompletion[i]
      let lastMarked = index.lastMarked[i], dataEnd = index.dataEnds[i]
      let plannedBySchedule = { (day: LocalDate) in
        tracker.isPlanned(on: day, firstCompletion: firstCompletion, lastMarked: lastMarked, dataEnd: dataEnd)
      }
      let covered = index.frequencyDays[i]
      // The period still in progress at the horizon: its days are pending, not missed.
      let pendingFrom = tracker.pendingStart(horizon: horizon, anchor: index.goalAnchors[i])
      let isPending = { (day: LocalDate) in day <= horizon && day.dayNumber >= pendingFrom }
      // The range's days.
      var days = [ReportDayState](repeating: .notPlanned, count: dayCount)
      var doneInRange = 0
      for d in 0..<dayCount {
        let day = LocalDate(dayNumber: first + d)
        let isDone = done.contains(day)
        let isCovered = !isDone && covered.contains(day)
        let planned = plannedBySchedule(day)
        let skipped = !isDone && index.skippedDays[i].contains(day)
        let outsideData = day > horizon && day <= today || day.dayNumber < firstDataDay
        if planned && !skipped && !outsideData {
          combinedPlanned[d] += 1
          if isDone || isCovered { combinedDone[d] += 1 }
        }
        if isDone {
          days[d] = .done
          doneInRange += 1
        } else if skipped {
          days[d] = .skipped
        } else if planned {
          if day > today {
            days[d] = .upcoming
          } else if outsideData {
            days[d] = .noData
          } else if isCovered {
            days[d] = .covered
          } else {
            days[d] = isPending(day) ? .pending : .missed
          }
        }
      }
      // Amounts and their intensity.
      var amounts: [Double?] = []
      var levels: [UInt8] = []
      if let goal = tracker.goal {
        let byDay = amountsByTracker[i] ?? [:]
        amounts = (0..<dayCount).map { byDay[first + $0] }
        levels = ReportTracker.levels(amounts: amounts, days: days, goal: goal)
      }
      // Streaks and rates, over the history up to the as-of day.
      var current = 0
      var best = 0
      var rateDone = [Int](repeating: 0, count: TrackerReport.rateWindows.count)
      var ratePlanned = rateDone
      let historyStart = min(firstCompletion ?? range.lowerBound, tracker.createdOn ?? range.lowerBound,
                             range.lowerBound, asOf.adding(days: -364))
      let from = max(historyStart.dayNumber, firstDataDay)
      if tracker.kind == .habit, from <= asOf.dayNumber {
        var run = 0
        for n in from...asOf.dayNumber {
          let day = LocalDate(dayNumber: n)
          guard plannedBySchedule(day) else { continue }
          let isDone = index.isDone(i, on: day)
          if !isDone && index.skippedDays[i].contains(day) { continue }
          let inProgress = !isDone && isPending(day)
          if !inProgress {
            let age = asOf.dayNumber - n
            for (w, window) in TrackerReport.rateWindows.enumerated() where age < window {
              ratePlanned[w] += 1
              if isDone { rateDone[w] += 1 }
            }
          }
          if isDone {
            run += 1
            best = max(best, run)
          } else if !inProgress {
            run = 0
          }
        }
        current = run
      }
      let rates = TrackerReport.rateWindows.enumerated().map {
        ReportRate(days: $0.element, done: rateDone[$0.offset], planned: ratePlanned[$0.offset])
      }
      all.append(ReportTracker(
        position: i, id: tracker.id, name: tracker.name, emoji: tracker.emoji,
        color: tracker.color.flatMap { RGBColor(hex: $0) }, kind: tracker.kind, archived: tracker.archived,
        days: days, amounts: amounts, levels: levels, unit: tracker.goal?.unit,
        currentStreak: current, bestStreak: best, rates: rates, completedDays: done.count,
        doneInRange: doneInRange, eventDate: tracker.kind == .event ? tracker.date : nil,
        firstCompletion: firstCompletion))
    }
    self.combinedPlanned = combinedPlanned
    self.combinedDone = combinedDone
    trackerCount = all.count

    // The busiest `limit`, kept in dataset order.
    var shown = all
    if let limit, limit < all.count {
      let chosen = Set(all.indices.sorted { (-all[$0].doneInRange, $0) < (-all[$1].doneInRange, $1) }.prefix(max(0, limit)))
      shown = all.indices.filter { chosen.contains($0) }.map { all[$0] }
    }
    shownCount = shown.count
    groups = TrackerReport.group(shown, dataset: dataset, index: index, pinnedTitle: pinnedTitle)
    tasks = TrackerReport.taskCounts(dataset.tasks)
  }

  /// Groups as ``Agenda`` does: pinned first, then each category in dataset order, then
  /// category ids no category has (titled by the id) in the order trackers first use them;
  /// trackers keep dataset order within a group.
  static func group(_ trackers: [ReportTracker], dataset: TrackerDataset, index: DatasetIndex,
                    pinnedTitle: String) -> [ReportGroup] {
    var pinned: [ReportTracker] = []
    var byCategory = [[ReportTracker]](repeating: [], count: dataset.categories.count)
    var unknownIDs: [String] = []
    var unknown: [String: [ReportTracker]] = [:]
    for item in trackers {
      let tracker = dataset.trackers[item.position]
      if tracker.pinned {
        pinned.append(item)
      } else if let c = index.categoryPosition[tracker.categoryId] {
        byCategory[c].append(item)
      } else {
        if unknown[tracker.categoryId] == nil { unknownIDs.append(tracker.categoryId) }
        unknown[tracker.categoryId, default: []].append(item)
      }
    }
    var groups: [ReportGroup] = []
    if !pinned.isEmpty { groups.append(ReportGroup(title: pinnedTitle, pinned: true, trackers: pinned)) }
    for (c, items) in byCategory.enumerated() where !items.isEmpty {
      groups.append(ReportGroup(title: dataset.categories[c].title, pinned: false, trackers: items))
    }
    for id in unknownIDs { groups.append(ReportGroup(title: id, pinned: false, trackers: unknown[id] ?? [])) }
    return groups
  }

  static func taskCounts(_ tasks: [PlanTask]) -> [ReportTaskCounts] {
    var order = TaskCategory.allCases.map(\.rawValue)
    var open: [String: Int] = [:]
    var done: [String: Int] = [:]
    for task in tasks {
      if !order.contains(task.category) { order.append(task.category) }
      if task.done { done[task.category, default: 0] += 1 } else { open[task.category, default: 0] += 1 }
    }
    return order.compactMap { category in
      let o = open[category] ?? 0, d = done[category] ?? 0
      return o + d == 0 ? nil : ReportTaskCounts(category: category, open: o, done: d)
    }
  }
}

extension ReportTracker {
  /// 1...4 on done days with an amount, spread between the range's smallest and largest done
  /// amount (reversed for an at-most goal); 4 when they are all equal; 0 elsewhere.
  static func levels(amounts: [Double?], days: [ReportDayState], goal: TrackerGoal) -> [UInt8] {
    var low = Double.infinity, high = -Double.infinity
    for (d, amount) in amounts.enumerated() where days[d] == .done {
      guard let amount, amount.isFinite else { continue }
      low = min(low, amount)
      high = max(high, amount)
    }
    return amounts.enumerated().map { d, amount in
      guard days[d] == .done, let amount, amount.isFinite else { return 0 }
      guard high > low else { return 4 }
      var share = (amount - low) / (high - low)
      if goal.direction == .atMost { share = 1 - share }
      return UInt8(1 + min(3, Int(share * 4)))
    }
  }

  /// The amount of day `d` with its unit ("5 km"), or `nil`.
  public func amountText(_ d: Int) -> String? {
    guard d < amounts.count, let amount = amounts[d], amount.isFinite else { return nil }
    return amount.amountText + (unit.map { " " + $0 } ?? "")
  }
}
