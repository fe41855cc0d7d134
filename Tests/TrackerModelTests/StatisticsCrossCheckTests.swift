import Testing
@testable import TrackerModel

@Suite struct StatisticsCrossCheckTests {
  static let origin = day("2026-03-02")

  /// Up to 6 trackers of every kind (ids may repeat, some archived), up to 30 records and 20
  /// entries (most of them skips, some on a recorded day) over a 3-week window, some of them
  /// for an unknown tracker or repeated.
  static func randomDataset(_ rng: inout SplitMix64) -> TrackerDataset {
    func someDay(_ rng: inout SplitMix64, _ span: Int = 21) -> LocalDate {
      origin.adding(days: Int.random(in: -3..<span, using: &rng))
    }
    var trackers: [Tracker] = []
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      let id = "t\(Int.random(in: 0...6, using: &rng))"
      let createdOn = Bool.random(using: &rng) ? someDay(&rng) : nil
      switch Int.random(in: 0...2, using: &rng) {
      case 0:
        let schedule = (0..<Int.random(in: 0...8, using: &rng)).map { _ in Weekday.allCases.randomElement(using: &rng) ?? .mon }
        trackers.append(Tracker(id: id, kind: .habit, name: id, categoryId: "c", emoji: nil, color: nil,
                                schedule: schedule, createdOn: createdOn))
      case 1:
        trackers.append(Tracker(id: id, kind: .event, name: id, categoryId: "c", emoji: nil, color: nil,
                                date: someDay(&rng), createdOn: createdOn))
      default:
        trackers.append(Tracker(id: id, kind: .event, name: id, categoryId: "c", emoji: nil, color: nil,
                                createdOn: createdOn))
      }
    }
    let records = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
      TrackerRecord(trackerId: Int.random(in: 0...9, using: &rng) == 0 ? "ghost" : "t\(Int.random(in: 0...6, using: &rng))",
                    date: someDay(&rng))
    }
    for i in trackers.indices where Int.random(in: 0...3, using: &rng) == 0 { trackers[i].archived = true }
    let ids = trackers.map(\.id)
    var entries = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
      TrackerEntry(trackerId: Int.random(in: 0...9, using: &rng) == 0 ? "ghost" : ids.randomElement(using: &rng) ?? "t0",
                   date: someDay(&rng), skipped: Int.random(in: 0...3, using: &rng) > 0,
                   amount: Bool.random(using: &rng) ? 1.5 : nil)
    }
    // Skips on days that are also recorded (rule skipped-and-done): the record wins.
    for record in records.prefix(2) { entries.append(TrackerEntry(trackerId: record.trackerId, date: record.date, skipped: true)) }
    return TrackerDataset(trackers: trackers, records: records, entries: entries)
  }

  struct Pair: Hashable { let id: String; let day: LocalDate }

  /// docs/statistics.md's "planned on day d" read literally: the schedule plans it, an archived
  /// tracker only up to its last record or entry, and a skipped day that is not done is not
  /// planned.
  static func literallyPlanned(_ t: Tracker, on d: LocalDate, in dataset: TrackerDataset) -> Bool {
    let days = dataset.records.filter { $0.trackerId == t.id }.map(\.date)
    let marked = days + dataset.entries.filter { $0.trackerId == t.id }.map(\.date)
    if t.archived && !marked.contains(where: { $0 >= d }) { return false }
    let skipped = dataset.entries.contains { $0.trackerId == t.id && $0.date == d && $0.skipped }
    if skipped && !days.contains(d) { return false }
    return t.isPlanned(on: d, firstCompletion: days.min())
  }

  /// The four definitions read literally, with loops over days and trackers.
  static func naive(_ dataset: TrackerDataset) -> TrackerStatistics {
    var firstOfID: [Tracker] = []
    for t in dataset.trackers where !firstOfID.contains(where: { $0.id == t.id }) { firstOfID.append(t) }
    let known = Set(firstOfID.map(\.id))
    let done = Set(dataset.records.filter { known.contains($0.trackerId) }.map { Pair(id: $0.trackerId, day: $0.date) })
    guard let first = done.map(\.day).min(), let last = done.map(\.day).max() else {
      return TrackerStatistics(trackersCompleted: 0, perfectDays: 0, bestPeriod: 0, calendarDays: 0)
    }
    var perfect = 0, run = 0, best = 0
    var d = first
    while d <= last {
      let planned = firstOfID.filter { literallyPlanned($0, on: d, in: dataset) }
      let isPerfect = done.contains { $0.day == d } && planned.allSatisfy { done.contains(Pair(id: $0.id, day: d)) }
      if isPerfect { perfect += 1 }
      if !planned.isEmpty {
        run = isPerfect ? run + 1 : 0
        best = max(best, run)
      }
      d = d.adding(days: 1)
    }
    let recordCount = dataset.records.filter { known.contains($0.trackerId) }.count
    return TrackerStatistics(trackersCompleted: recordCount, perfectDays: perfect, bestPeriod: best,
                             calendarDays: first.days(to: last) + 1)
  }

  @Test func fastStatisticsAgreeWithTheLiteralDefinitions() {
    var rng = SplitMix64(seed: 20260105)
    var interesting = 0
    var skipsMatter = 0
    for _ in 0..<120 {
      let dataset = Self.randomDataset(&rng)
      let expected = Self.naive(dataset)
      #expect(TrackerStatistics(dataset) == expected, "\(dataset)")
      if expected.perfectDays > 0 && expected.bestPeriod < expected.perfectDays { interesting += 1 }
      var unskipped = dataset
      unskipped.entries.removeAll()
      if Self.naive(unskipped) != expected { skipsMatter += 1 }
    }
    // The generator must produce cases where runs are broken, and where entries (skips, the
    // end of an archived tracker) change the numbers, or the comparison proves little.
    #expect(interesting >= 10)
    #expect(skipsMatter >= 10)
  }

  @Test func plannedCountsAgreeWithIsPlannedDayByDay() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<120 {
      let dataset = Self.randomDataset(&rng)
      let index = DatasetIndex(dataset)
      let include = { (i: Int) in index.trackerPosition[dataset.trackers[i].id] == i }
      let first = Self.origin.adding(days: -5)
      let counts = PlannedCounts(trackers: dataset.trackers, index: index,
                                 from: first, dayCount: 30, include: include).counts
      for d in 0..<30 {
        let date = first.adding(days: d)
        let expected = dataset.trackers.indices.filter {
          include($0) && Self.literallyPlanned(dataset.trackers[$0], on: date, in: dataset)
        }.count
        #expect(Int(counts[d]) == expected, "day \(date) of \(dataset.trackers)")
        let indexed = dataset.trackers.indices.filter { include($0) && index.isPlanned(dataset.trackers[$0], at: $0, on: date) }
        #expect(indexed.count == expected, "day \(date) of \(dataset.trackers)")
      }
    }
  }
}
