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

  @Test func uuidsAreVersionFourAndUpperCase() {
    var rng = SplitMix64(seed: 1)
    let id = rng.uuid()
    #expect(id.count == 36)
    #expect(Array(id)[14] == "4")
    #expect("89AB".contains(Array(id)[19]))
    #expect(id == id.uppercased())
  }
}
