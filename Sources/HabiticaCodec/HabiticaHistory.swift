import TrackerModel

/// Completed days from a task's history (habitica.md §2.2, §2.3, §3.3).
///
/// - Dailies, entries with `completed`: `true` is a completion, on the Habitica day of its
///   stamp, moved back one day when stamped before that day's first cron ("record yesterday's
///   activity": the yesterdailies dialog scores before cron runs); `false` never is.
/// - Entries without the flags (a daily before Nov 2021, every row of `history.csv`): a
///   completion when the value rose by more than 0.5 over the entry before (0 before the
///   first): a check raises it by at least 0.58, a miss lowers it, a day not due keeps it.
/// - Habits: the day's entries summed; completed when the "+" clicks sum above 0. For a habit
///   with only "−", the days with "−" clicks.
/// - Condensed entries (Habitica's compaction of old history to one entry per month, then per
///   year) are never days: a habit entry without click counts, and an entry without flags that
///   is its task's only entry without flags in its calendar month and older than the 60 days
///   Habitica always keeps day by day (counted back from the export's newest entry or cron).
///   Legacy per-day entries come several a month.
struct HabiticaHistory {
  /// The completed days, in day order.
  var days: [LocalDate] = []
  /// Instants of the condensed entries passed over.
  var condensed: [Int64] = []
  /// Days of "−" clicks of a habit that also has "+" (not imported).
  var downDays = 0
  /// Completions moved to the day before by the cron rule.
  var moved = 0

  /// How long Habitica keeps every entry (a free account; a subscriber keeps a year).
  static let rawWindow: Int64 = 60 * 86_400_000

  /// The first cron of each Habitica day, from the cron instants.
  static func firstCrons(_ crons: [Int64], clock: inout HabiticaClock) -> [LocalDate: Int64] {
    var first: [LocalDate: Int64] = [:]
    for cron in crons {
      let day = clock.day(cron)
      if let known = first[day], known <= cron { continue }
      first[day] = cron
    }
    return first
  }

  /// A daily's days (or a CSV task's, with no crons: `firstCron` empty).
  ///
  /// - Parameter rawSince: entries from this instant on are never condensed (60 days before
  ///   the export's newest entry or cron).
  static func daily(_ entries: [HabiticaEntry], clock: inout HabiticaClock, firstCron: [LocalDate: Int64],
                    rawSince: Int64) -> HabiticaHistory {
    var result = HabiticaHistory()
    let sorted = Self.sorted(entries)
    let condensed = Self.condensedFlags(sorted, clock: &clock) { $0.completed == nil && $0.date < rawSince }
    var days: [LocalDate] = []
    var previous = 0.0
    for (i, entry) in sorted.enumerated() {
      defer { if let value = entry.value { previous = value } }
      if condensed[i] {
        result.condensed.append(entry.date)
        continue
      }
      let done: Bool
      if let completed = entry.completed {
        done = completed
      } else if let value = entry.value {
        done = value - previous > 0.5
      } else {
        done = false
      }
      guard done else { continue }
      var day = clock.day(entry.date)
      if let cron = firstCron[day], entry.date < cron {
        day = day.adding(days: -1)
        result.moved += 1
      }
      days.append(day)
    }
    result.days = Self.distinctSorted(days)
    return result
  }

  /// Days in order, each once (a sort is cheaper than hashing every completion).
  static func distinctSorted(_ days: [LocalDate]) -> [LocalDate] {
    var sorted = days.sorted()
    var kept = 0
    for i in sorted.indices where i == 0 || sorted[i] != sorted[kept - 1] {
      sorted[kept] = sorted[i]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  /// A habit's days from click counts (JSON).
  static func habit(_ entries: [HabiticaEntry], up: Bool, down: Bool, clock: inout HabiticaClock) -> HabiticaHistory {
    var result = HabiticaHistory()
    // Clicks by day: entries come in date order, so a sort by day (stable) is nearly free,
    // and the sums are made over runs of one day.
    var clicks: [(day: LocalDate, up: Int, down: Int)] = []
    clicks.reserveCapacity(entries.count)
    for entry in entries {
      guard entry.hasClicks else {
        result.condensed.append(entry.date)
        continue
      }
      clicks.append((clock.day(entry.date), entry.scoredUp ?? 0, entry.scoredDown ?? 0))
    }
    if !clicks.indices.dropFirst().allSatisfy({ clicks[$0 - 1].day <= clicks[$0].day }) {
      clicks.sort { $0.day < $1.day }
    }
    let downOnly = !up && down
    var i = 0
    while i < clicks.count {
      let day = clicks[i].day
      var sum = (up: 0, down: 0)
      while i < clicks.count, clicks[i].day == day {
        sum.up += clicks[i].up
        sum.down += clicks[i].down
        i += 1
      }
      if downOnly ? sum.down > 0 : sum.up > 0 { result.days.append(day) }
      if !downOnly && sum.down > 0 { result.downDays += 1 }
    }
    result.condensed.sort()
    return result
  }

  /// Entries by date; equal dates keep their stored order.
  static func sorted(_ entries: [HabiticaEntry]) -> [HabiticaEntry] {
    var isSorted = true
    for i in entries.indices.dropFirst() where entries[i].date < entries[i - 1].date {
      isSorted = false
      break
    }
    if isSorted { return entries }
    return entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
  }

  /// For each entry of `sorted`: whether it is condensed, that is `unflagged` (without flags,
  /// old enough) and the only such entry in its calendar month (in the user's zone).
  static func condensedFlags(_ sorted: [HabiticaEntry], clock: inout HabiticaClock,
                             unflagged: (HabiticaEntry) -> Bool) -> [Bool] {
    var months: [Int] = []
    var perMonth: [Int: Int] = [:]
    months.reserveCapacity(sorted.count)
    for entry in sorted {
      guard unflagged(entry) else {
        months.append(Int.min)
        continue
      }
      let (year, month, _) = clock.calendarDay(entry.date).components
      let key = year * 12 + month
      months.append(key)
      perMonth[key, default: 0] += 1
    }
    return months.map { $0 != Int.min && perMonth[$0] == 1 }
  }
}
