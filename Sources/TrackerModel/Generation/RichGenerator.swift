/// What `--rich` adds to a generated dataset: the data habit apps share beyond the Tracker app
/// (goals and amounts, descriptions, frequencies, reminders, archived habits, notes, skipped
/// days), drawn from a random stream of its own, so the rich dataset is the plain one of the
/// same parameters plus these fields, and still passes every rule.
///
/// Amounts are multiples of a quarter (exact in binary and in Loop's thousandths), an at-least
/// completion meets its target and a below-target day is an entry; an at-most completion stays
/// at or under it; an archived habit has no mark after the day it was archived; no day is both
/// done and skipped.
struct RichGenerator {
  private var rng: SplitMix64
  /// Per tracker: the day after which an archived habit has no marks.
  private(set) var archivedAfter: [LocalDate?] = []

  init(seed: UInt64) {
    // A stream apart from the plain generator's: its draws never shift the plain data.
    rng = SplitMix64(seed: seed ^ 0x5249_4348_4441_5441)
  }

  /// Gives some habits a goal, a description, a frequency, reminders, or the archived flag.
  mutating func enrich(_ trackers: inout [Tracker], start: LocalDate, days: Int) {
    archivedAfter = []
    for i in trackers.indices {
      var cutoff: LocalDate?
      if trackers[i].kind == .habit {
        if rng.chance(0.3) {
          let (target, direction, unit) = rng.pick(RichGenerator.goals)
          trackers[i].goal = TrackerGoal(target: target, direction: direction, unit: unit)
        }
        if rng.chance(0.3) { trackers[i].description = rng.pick(RichGenerator.descriptions) }
        if rng.chance(0.2) {
          let period = rng.pick([3, 7, 14, 30])
          trackers[i].frequency = TrackerFrequency(times: 1 + rng.below(period - 1), days: period)
        }
        if rng.chance(0.3) {
          let schedule = trackers[i].schedule ?? Weekday.allCases
          let count = 1 + rng.below(2)
          trackers[i].reminders = (0..<count).map { _ in
            let time = RichGenerator.clock(hour: 6 + rng.below(16), minute: 15 * rng.below(4))
            let some = schedule.filter { _ in rng.chance(0.5) }
            return TrackerReminder(time: time, days: rng.chance(0.5) || some.isEmpty ? nil : some)
          }
        }
        if days > 10, rng.chance(0.08) {
          trackers[i].archived = true
          cutoff = start.adding(days: days / 2 + rng.below(days / 2))
        }
      }
      archivedAfter.append(cutoff)
    }
  }

  /// Whether tracker `t` may have a mark on `day` (not after an archived habit's last day).
  func isActive(_ t: Int, on day: LocalDate) -> Bool {
    guard let cutoff = archivedAfter[t] else { return true }
    return day <= cutoff
  }

  /// The amount and note of a completion of `tracker`.
  mutating func completion(of tracker: Tracker) -> (amount: Double?, note: String?) {
    let note = rng.chance(0.03) ? rng.pick(RichGenerator.notes) : nil
    guard let goal = tracker.goal else { return (nil, note) }
    let step = Double(rng.below(8)) * 0.25
    switch goal.direction {
    case .atLeast: return (goal.target + step, note)
    case .atMost: return (max(0, goal.target - step), note)
    }
  }

  /// An entry for a planned day `tracker` was not done on, or `nil`: a skip, an amount below an
  /// at-least goal, or a note.
  mutating func entry(of tracker: Tracker, on day: LocalDate) -> TrackerEntry? {
    let roll = rng.below(100)
    if roll < 6 {
      return TrackerEntry(trackerId: tracker.id, date: day, skipped: true,
                          note: rng.chance(0.3) ? rng.pick(RichGenerator.notes) : nil)
    }
    if roll < 30, let goal = tracker.goal, goal.direction == .atLeast, goal.target > 0.25 {
      let quarters = Int(goal.target * 4) - 1
      return TrackerEntry(trackerId: tracker.id, date: day, amount: Double(rng.below(quarters) + 1) * 0.25)
    }
    if roll < 32 {
      return TrackerEntry(trackerId: tracker.id, date: day, note: rng.pick(RichGenerator.notes))
    }
    return nil
  }

  private static func clock(hour: Int, minute: Int) -> String {
    (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  static let goals: [(Double, TrackerGoal.Direction, String?)] = [
    (5, .atLeast, "km"), (8, .atLeast, "стаканов"), (20, .atLeast, "pages"), (10, .atLeast, "минут"),
    (2, .atMost, "cups"), (1.5, .atLeast, "л"), (3, .atMost, nil), (10000, .atLeast, "steps"),
  ]

  static let descriptions = [
    "Утром, до работы", "Before bed, no screens", "Хотя бы немного каждый день",
    "Did I do it today?", "Для здоровья спины", "Keep the streak going",
  ]

  static let notes = [
    "в парке", "tired, but done", "с друзьями", "rain", "болела голова", "new record!", "коротко",
  ]
}
