/// Makes realistic synthetic datasets for tests, demos and benchmarks: the same dataset for the
/// same parameters, on every machine.
///
/// Trackers are mostly habits (schedules of 2 to 7 weekdays, every day most often), with some
/// dated and undated events; about one in twelve is pinned. Each tracker has its own adherence
/// (65–99%), so records look like a person's history rather than noise. Names come from Russian and English
/// lists, numbered when the lists run out, and stay within the app's 38 characters. The result
/// passes every validation rule when `start` plus `days` is not after "today".
public struct DatasetGenerator: Sendable {
  /// How many trackers (0 or more).
  public var trackers: Int
  /// How many days of history, from `start` (1 or more).
  public var days: Int
  /// The random seed: the same seed, the same dataset.
  public var seed: UInt64
  /// The first day of history.
  public var start: LocalDate
  /// How many Daily Plan tasks to add (default: one per ten trackers, at least three).
  public var tasks: Int?
  /// Also the data other habit apps share (goals and amounts, descriptions, frequencies,
  /// reminders, archived habits, notes, skipped days): the same dataset as without, plus these.
  public var rich: Bool

  /// The defaults start on Monday 2016-01-04, add the default number of tasks and leave the
  /// rich data out.
  public init(trackers: Int, days: Int, seed: UInt64,
              start: LocalDate = LocalDate(year: 2016, month: 1, day: 4) ?? LocalDate(dayNumber: 16_804),
              tasks: Int? = nil, rich: Bool = false) {
    self.trackers = trackers
    self.days = days
    self.seed = seed
    self.start = start
    self.tasks = tasks
    self.rich = rich
  }

  /// Builds the dataset. Records are in day order, then tracker order, as an app writes them.
  public func generate() -> TrackerDataset {
    var rng = SplitMix64(seed: seed)
    let categoryCount = max(1, min(GeneratorVocabulary.categories.count, trackers / 6 + 1))
    let categories = (0..<categoryCount).map { i in
      TrackerCategory(id: rng.uuid(), title: GeneratorVocabulary.categories[i])
    }

    var usedNames: [String: Set<String>] = [:]
    var trackerList: [Tracker] = []
    var adherence: [Double] = []
    trackerList.reserveCapacity(trackers)
    for n in 0..<trackers {
      let category = categories[rng.below(categories.count)]
      let name = uniqueName(in: category.id, used: &usedNames, rng: &rng, ordinal: n)
      let emoji = rng.pick(PaletteEmoji.allCases).rawValue
      let color = rng.pick(PaletteColor.allCases).rawValue
      let roll = rng.below(100)
      let createdOffset = n < 4 || rng.chance(0.7) ? 0 : rng.below(max(1, days / 3))
      let createdOn = start.adding(days: createdOffset)
      var tracker: Tracker
      if roll < 90 {
        tracker = Tracker(id: rng.uuid(), kind: .habit, name: name, categoryId: category.id,
                          emoji: emoji, color: color, schedule: schedule(&rng), createdOn: createdOn)
      } else if roll < 96 {
        let day = start.adding(days: rng.below(max(1, days)))
        tracker = Tracker(id: rng.uuid(), kind: .event, name: name, categoryId: category.id,
                          emoji: emoji, color: color, date: max(day, createdOn), createdOn: createdOn)
      } else {
        tracker = Tracker(id: rng.uuid(), kind: .event, name: name, categoryId: category.id,
                          emoji: emoji, color: color, createdOn: createdOn)
      }
      tracker.pinned = rng.below(12) == 0
      trackerList.append(tracker)
      adherence.append(0.65 + Double(rng.below(35)) / 100)
    }

    var extra = RichGenerator(seed: seed)
    if rich { extra.enrich(&trackerList, start: start, days: days) }
    var entries: [TrackerEntry] = []
    var records: [TrackerRecord] = []
    records.reserveCapacity(min(trackers.multipliedReportingOverflow(by: days).partialValue, 1 << 24) * 7 / 10)
    var eventDone = [Bool](repeating: false, count: trackers)
    for d in 0..<days {
      let day = start.adding(days: d)
      for (t, tracker) in trackerList.enumerated() {
        switch tracker.kind {
        case .habit:
          guard tracker.isPlanned(on: day, firstCompletion: nil) else { continue }
          let done = rng.chance(adherence[t])
          if rich {
            // The plain stream is drawn as without --rich; only what is kept differs.
            guard extra.isActive(t, on: day) else { continue }
            if done {
              let (amount, note) = extra.completion(of: tracker)
              records.append(TrackerRecord(trackerId: tracker.id, date: day, amount: amount, note: note))
            } else if let entry = extra.entry(of: tracker, on: day) {
              entries.append(entry)
            }
            continue
          }
          guard done else { continue }
        case .event:
          guard !eventDone[t] else { continue }
          if let date = tracker.date {
            guard date == day, rng.chance(adherence[t]) else { continue }
          } else {
            guard let created = tracker.createdOn, day >= created, rng.chance(0.02) else { continue }
          }
          eventDone[t] = true
        }
        records.append(TrackerRecord(trackerId: tracker.id, date: day))
      }
    }

    let taskCount = tasks ?? max(3, trackers / 10)
    let end = start.adding(days: max(0, days - 1))
    let planTasks = (0..<taskCount).map { makeTask(position: $0, around: end, rng: &rng) }
    return TrackerDataset(categories: categories, trackers: trackerList, records: records, entries: entries,
                          tasks: planTasks)
  }

  private func schedule(_ rng: inout SplitMix64) -> [Weekday] {
    switch rng.below(7) {
    case 0, 1: return Weekday.allCases
    case 2: return [.mon, .tue, .wed, .thu, .fri]
    case 3: return [.mon, .wed, .fri]
    case 4: return [.tue, .thu, .sat]
    default:
      let days = Weekday.allCases.filter { _ in rng.chance(0.7) }
      return days.isEmpty ? [.sat, .sun] : days
    }
  }

  private func uniqueName(in category: String, used: inout [String: Set<String>],
                          rng: inout SplitMix64, ordinal: Int) -> String {
    let base = rng.pick(GeneratorVocabulary.trackerNames)
    var name = base
    var k = 2
    while used[category, default: []].contains(name) {
      name = "\(base) \(k)"
      k += 1
    }
    used[category, default: []].insert(name)
    return name
  }

  private func makeTask(position: Int, around day: LocalDate, rng: inout SplitMix64) -> PlanTask {
    let date = day.adding(days: rng.below(14) - 7)
    let startMinute = (8 + rng.below(10)) * 60 + 15 * rng.below(4)
    let length = 30 * (1 + rng.below(4))
    let start = LocalDateTime(date: date, hour: startMinute / 60, minute: startMinute % 60)
    let endMinute = min(startMinute + length, 23 * 60 + 59)
    let end = LocalDateTime(date: date, hour: endMinute / 60, minute: endMinute % 60)
    let (title, description) = rng.pick(GeneratorVocabulary.tasks)
    var reminders: [LocalDateTime] = []
    if rng.chance(0.5), let reminder = LocalDateTime(date: date, hour: max(0, startMinute / 60 - 1), minute: 45) {
      reminders.append(reminder)
    }
    var attachments: [TaskAttachment] = []
    if rng.chance(0.3) {
      attachments.append(TaskAttachment(name: "plan-\(position + 1).pdf", uri: "files/plan-\(position + 1).pdf"))
    }
    return PlanTask(id: rng.uuid(), title: title, description: description,
                    color: rng.pick(PaletteColor.allCases).rawValue,
                    category: rng.pick(TaskCategory.allCases).rawValue, start: start, end: end,
                    done: date < day && rng.chance(0.7), reminders: reminders,
                    attachments: attachments, position: position)
  }
}
