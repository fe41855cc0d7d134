import Testing
import TrackerModel

@Suite struct DatasetGeneratorTests {
  @Test func sameParametersGiveTheSameDataset() {
    let a = DatasetGenerator(trackers: 30, days: 120, seed: 7).generate()
    let b = DatasetGenerator(trackers: 30, days: 120, seed: 7).generate()
    let c = DatasetGenerator(trackers: 30, days: 120, seed: 8).generate()
    #expect(a == b)
    #expect(a != c)
  }

  @Test func generatedDataFollowsTheAppsRules() {
    let dataset = DatasetGenerator(trackers: 200, days: 200, seed: 3).generate()
    let index = DatasetIndex(dataset)
    #expect(dataset.trackers.count == 200)
    #expect(dataset.trackers.allSatisfy { $0.name.count <= 38 && !$0.name.isEmpty })
    #expect(dataset.trackers.allSatisfy { index.categoryPosition[$0.categoryId] != nil })
    #expect(dataset.trackers.allSatisfy { ($0.kind == .habit) == ($0.schedule != nil) })
    #expect(dataset.trackers.allSatisfy { PaletteEmoji(matching: $0.emoji ?? "") != nil })
    #expect(dataset.trackers.allSatisfy { PaletteColor(hex: $0.color ?? "") != nil })
    // Names are unique within a category.
    let keys = dataset.trackers.map { $0.categoryId + "\u{0}" + $0.name }
    #expect(Set(keys).count == keys.count)
    // Every record is of a known tracker, on a day it was planned, at most once per day.
    var seen = Set<String>()
    for (r, record) in dataset.records.enumerated() {
      let t = index.recordTracker[r]
      #expect(t >= 0)
      let tracker = dataset.trackers[t]
      #expect(tracker.isPlanned(on: record.date, firstCompletion: index.firstCompletion[t]))
      #expect(seen.insert(record.trackerId + record.date.description).inserted)
    }
    #expect(dataset.tasks.count == 20)
  }

  @Test func benchmarkSizeIsAboutTwoThousandRecordsPerTrackerDecade() {
    // 1,000 x 3,650 gives ~1.8 million records; a 1% slice keeps the same per-tracker rate.
    let dataset = DatasetGenerator(trackers: 10, days: 3650, seed: 42).generate()
    #expect((14_000...22_000).contains(dataset.records.count))
  }

  /// `--rich` is the plain dataset of the same parameters plus the shared fields: the same
  /// trackers and records (an archived habit's cut after its last day), with goals, amounts,
  /// notes and entries that follow the rules of format version 2.
  @Test func richIsThePlainDatasetPlusTheSharedFields() {
    let plain = DatasetGenerator(trackers: 120, days: 400, seed: 11).generate()
    let rich = DatasetGenerator(trackers: 120, days: 400, seed: 11, rich: true).generate()
    #expect(plain.formatVersionNeeded == 1)
    #expect(rich.formatVersionNeeded == 2)
    #expect(rich.categories == plain.categories && rich.tasks == plain.tasks)
    #expect(rich.trackers.count == plain.trackers.count)
    for (r, p) in zip(rich.trackers, plain.trackers) {
      var stripped = r
      stripped.archived = false
      stripped.description = nil
      stripped.goal = nil
      stripped.frequency = nil
      stripped.reminders = []
      #expect(stripped == p)
    }
    let byId = Dictionary(uniqueKeysWithValues: rich.trackers.map { ($0.id, $0) })
    let plainDays = Set(plain.records.map { $0.trackerId + " " + $0.date.description })
    var richDays: Set<String> = []
    for record in rich.records {
      let key = record.trackerId + " " + record.date.description
      #expect(plainDays.contains(key), "a rich record the plain dataset lacks: \(key)")
      richDays.insert(key)
      let tracker = byId[record.trackerId]
      if let goal = tracker?.goal, let amount = record.amount {
        #expect(goal.isMet(by: amount), "a completion meets its goal")
      } else {
        #expect(record.amount == nil, "amounts only on habits with a goal")
      }
    }
    // Only archived habits lose records, and only after their last day.
    let lost = plainDays.subtracting(richDays)
    #expect(lost.allSatisfy { byId[String($0.split(separator: " ")[0])]?.archived == true })
    #expect(rich.trackers.contains { $0.archived } && !lost.isEmpty)
    // Entries: on days not done, one per tracker and day; below-goal amounts only.
    var entryDays: Set<String> = []
    for entry in rich.entries {
      let key = entry.trackerId + " " + entry.date.description
      #expect(!richDays.contains(key), "a day both done and marked: \(key)")
      #expect(entryDays.insert(key).inserted)
      if let amount = entry.amount, let goal = byId[entry.trackerId]?.goal {
        #expect(!goal.isMet(by: amount) && amount > 0)
      }
      #expect(entry.skipped || entry.amount != nil || entry.note != nil)
    }
    #expect(rich.entries.contains { $0.skipped })
    #expect(rich.entries.contains { $0.amount != nil } && rich.records.contains { $0.note != nil })
    #expect(rich.trackers.contains { $0.goal?.direction == .atMost } && rich.trackers.contains { !$0.reminders.isEmpty })
    #expect(rich.trackers.allSatisfy { $0.frequency.map { $0.times >= 1 && $0.times <= $0.days } ?? true })
    #expect(DatasetGenerator(trackers: 120, days: 400, seed: 11, rich: true).generate() == rich)
  }

  @Test func uuidsAreVersionFourAndUpperCase() {
    var rng = SplitMix64(seed: 1)
    let id = rng.uuid()
    #expect(id.count == 36)
    #expect(Array(id)[14] == "4")
    #expect("89AB".contains(Array(id)[19]))
    #expect(id == id.uppercased())
  }
}
