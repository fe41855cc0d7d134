import Testing
import TrackerModel
@testable import TrackerMerge

/// The merge's day tables against a plain dictionary: days set forwards, backwards, far apart
/// (the slot turns to a dictionary) and set again, for several slots. (The tracker slots it
/// keys them by are tested in TrackerModelTests' TrackerSlotsTests.)
@Suite struct DayPositionsTests {
  @Test(arguments: [1, 2, 3])
  func positionsAreWhatWasSet(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var positions = DayPositions()
    var expected: [Int: [Int: Int]] = [:]
    for n in 0..<20_000 {
      let slot = Int(generator.next() % 7)
      // Mostly near one another, now and then a century away, and negative day numbers.
      let spread: UInt64 = generator.next() % 50 == 0 ? 40_000 : 600
      let day = Int(generator.next() % spread) - (slot == 3 ? 20_000 : 100)
      positions.set(slot, day, n)
      expected[slot, default: [:]][day] = n
    }
    for slot in 0..<8 {
      for day in -20_200...40_000 where day % 7 == 0 || expected[slot]?[day] != nil {
        #expect(positions.position(slot, day) == expected[slot]?[day], "slot \(slot) day \(day)")
      }
    }
  }

  /// Days in order with gaps of 1 to 12 days (a habit on some weekdays, a history read as
  /// written): each past the last one held, where a slot grows at its end.
  @Test(arguments: [4, 5])
  func daysInOrderWithGapsAreWhatWasSet(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var positions = DayPositions()
    var expected: [Int: [Int: Int]] = [:]
    var last = [Int](repeating: 1_000, count: 3)
    for n in 0..<6_000 {
      let slot = Int(generator.next() % 3)
      last[slot] += 1 + Int(generator.next() % 12)
      positions.set(slot, last[slot], n)
      expected[slot, default: [:]][last[slot]] = n
    }
    for slot in 0..<3 {
      for day in 990...(last[slot] + 20) {
        #expect(positions.position(slot, day) == expected[slot]?[day], "slot \(slot) day \(day)")
      }
    }
  }
}
