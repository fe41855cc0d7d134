/// The statistics screen's four numbers.
///
/// Definitions (see `docs/statistics.md` for a worked example):
/// - ``trackersCompleted``: the number of records of known trackers. Entries (skipped days,
///   amounts below a goal, notes on days not done) are never completions.
/// - ``perfectDays``: days with at least one record on which every tracker planned that day
///   (``DatasetIndex/isPlanned(_:at:on:)``: not skipped, and an archived tracker only up to its
///   last record or entry) is done (``DatasetIndex/isDone(_:on:)``: a record, or a day its
///   "3 times in 7 days" frequency covers, as Loop counts it). A day a frequency covers counts as
///   a day with a record. A day with records but nothing planned counts too: no
///   planned tracker is missing.
/// - ``bestPeriod``: the longest run of perfect days among the consecutive days, from the first
///   to the last record day, that have at least one planned tracker; a day with nothing planned
///   neither breaks nor extends a run.
/// - ``average``: records per calendar day from the first to the last record day inclusive.
///
/// Records of unknown trackers are ignored everywhere, as are trackers whose id repeats an
/// earlier tracker's (records belong to the first; see ``DatasetIndex``).
public struct TrackerStatistics: Hashable, Sendable {
  /// «Трекеров завершено»: the number of records of known trackers, as the issue defines it. A
  /// duplicate record (rule `record-duplicate`) counts here, though not twice towards a perfect day.
  public let trackersCompleted: Int
  /// «Идеальные дни».
  public let perfectDays: Int
  /// «Лучший период», in days.
  public let bestPeriod: Int
  /// The calendar days from the first to the last record day inclusive; 0 with no records.
  public let calendarDays: Int

  /// «Среднее значение»: ``trackersCompleted`` ÷ ``calendarDays``, unrounded; 0 with no records.
  /// Show it with ``formattedAverage``.
  public var average: Double {
    calendarDays == 0 ? 0 : Double(trackersCompleted) / Double(calendarDays)
  }

  /// ``average`` with exactly two decimals and a dot ("1.50", "0.33", "0.00"), rounded half up.
  ///
  /// Computed from the two integers, so a half is recognised exactly (1 ÷ 8 is "0.13"), never
  /// lost to binary floating point, and no locale changes the separator.
  public var formattedAverage: String {
    guard calendarDays > 0 else { return "0.00" }
    // round(100 × r / d) half up, for r, d ≥ 0: (200r + d) div 2d.
    let hundredths = (200 * trackersCompleted + calendarDays) / (2 * calendarDays)
    let cents = hundredths % 100
    return "\(hundredths / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
  }

  /// Whether there is anything to show: false with no records of known trackers, when the app
  /// shows «Анализировать пока нечего» instead of the numbers (then all four are 0).
  public var hasData: Bool { trackersCompleted > 0 }

  /// The four labels in the screen's order: best period, perfect days, trackers completed,
  /// average («Лучший период», «Идеальные дни», «Трекеров завершено», «Среднее значение»).
  public static func labels(_ locale: AgendaLocale) -> [String] {
    switch locale {
    case .ru: return ["Лучший период", "Идеальные дни", "Трекеров завершено", "Среднее значение"]
    case .en: return ["Best period", "Perfect days", "Trackers completed", "Average"]
    }
  }

  /// The statistics screen's stub when there is no data, else `nil`.
  public func placeholder(_ locale: AgendaLocale) -> String? {
    guard !hasData else { return nil }
    switch locale {
    case .ru: return "Анализировать пока нечего"
    case .en: return "Nothing to analyse yet"
    }
  }

  init(trackersCompleted: Int, perfectDays: Int, bestPeriod: Int, calendarDays: Int) {
    self.trackersCompleted = trackersCompleted
    self.perfectDays = perfectDays
    self.bestPeriod = bestPeriod
    self.calendarDays = calendarDays
  }

  /// Computes the statistics of `dataset` in one pass over its days, from the first to the last
  /// record day; pass `index` when one is already built for `dataset`.
  public init(_ dataset: TrackerDataset, index: DatasetIndex? = nil) {
    let index = index ?? DatasetIndex(dataset)
    var firstDay = Int.max
    var lastDay = Int.min
    for (r, record) in dataset.records.enumerated() where index.recordTracker[r] >= 0 {
      firstDay = min(firstDay, record.date.dayNumber)
      lastDay = max(lastDay, record.date.dayNumber)
    }
    guard firstDay <= lastDay else {
      self.init(trackersCompleted: 0, perfectDays: 0, bestPeriod: 0, calendarDays: 0)
      return
    }
    let dayCount = lastDay - firstDay + 1
    let first = LocalDate(dayNumber: firstDay)
    let counted = { (i: Int) in index.trackerPosition[dataset.trackers[i].id] == i }

    // Per day: distinct trackers with a record, and those of them planned that day.
    var recorded = [Int32](repeating: 0, count: dayCount)
    var donePlanned = [Int32](repeating: 0, count: dayCount)
    var total = 0
    for (i, tracker) in dataset.trackers.enumerated() where !index.completedDays[i].isEmpty && counted(i) {
      let firstCompletion = index.firstCompletion[i]
      let lastMarked = index.lastMarked[i], dataEnd = index.dataEnds[i]
      for day in index.completedDays[i] {
        let d = day.dayNumber - firstDay
        recorded[d] += 1
        // A done day is never skipped (the record wins), so the schedule alone decides.
        if tracker.isPlanned(on: day, firstCompletion: firstCompletion, lastMarked: lastMarked, dataEnd: dataEnd) { donePlanned[d] += 1 }
      }
      total += index.recordCounts[i]
    }
    // Days a habit's frequency counts as done (Loop's rule) complete it there as a record would.
    var covered = [Bool](repeating: false, count: dayCount)
    for (i, tracker) in dataset.trackers.enumerated() where !index.frequencyDays[i].isEmpty && counted(i) {
      for day in index.frequencyDays[i] where day.dayNumber >= firstDay && day.dayNumber <= lastDay {
        guard index.isPlanned(tracker, at: i, on: day) else { continue }
        donePlanned[day.dayNumber - firstDay] += 1
        covered[day.dayNumber - firstDay] = true
      }
    }
    let planned = PlannedCounts(trackers: dataset.trackers, index: index,
                                from: first, dayCount: dayCount, include: counted).counts

    var perfect = 0
    var run = 0
    var best = 0
    for d in 0..<dayCount {
      let isPerfect = (recorded[d] > 0 || covered[d]) && donePlanned[d] == planned[d]
      if isPerfect { perfect += 1 }
      guard planned[d] > 0 else { continue }
      run = isPerfect ? run + 1 : 0
      best = max(best, run)
    }
    self.init(trackersCompleted: total, perfectDays: perfect, bestPeriod: best, calendarDays: dayCount)
  }
}
