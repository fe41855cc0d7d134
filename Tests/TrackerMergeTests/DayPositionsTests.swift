import Testing
import TrackerModel
@testable import TrackerMerge

/// The merge's day tables against a plain dictionary: days set forwards, backwards, far apart
/// (the slot turns to a dictionary) and set again, for several slots; and tracker slots that
/// tell apart ids sharing their first and last bytes.
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

  @Test func slotsTellApartIdsThatDifferOnlyInTheMiddle() {
    var slots = TrackerSlots()
    let ids = ["habit-aaaa-1-zzzzzzzz", "habit-aaaa-2-zzzzzzzz", "short", "shor", "", "habit-aaaa-1-zzzzzzzz"]
    let found = ids.map { slots.slot($0) }
    #expect(found == [0, 1, 2, 3, 4, 0])
    #expect(slots.ids == Array(ids.prefix(5)))
    // Many ids: the table grows and keeps every one.
    let many = (0..<5_000).map { "tracker \($0)" }
    let numbers = many.map { slots.slot($0) }
    #expect(many.map { slots.slot($0) } == numbers)
    #expect(Set(numbers).count == 5_000)
  }

  /// The guesses (the same id again, the one that followed it last time) against a dictionary:
  /// days listing trackers in one order, then that order broken, repeats, and new ids mid-cycle.
  @Test func slotsGuessedFromTheLastOrderAreTheSlotsLookedUp() {
    var slots = TrackerSlots()
    var expected: [String: Int] = [:]
    var random = SplitMix64(seed: 7)
    let trackers = (0..<50).map { "id-\($0)-" + String(repeating: "x", count: $0 % 12) }
    for day in 0..<60 {
      var order = trackers.prefix(day < 30 ? 40 : 50).map { $0 }
      if day % 10 == 9 { order.shuffle(using: &random) }
      if day % 7 == 3 { order.insert(order[5], at: 6) }
      for id in order {
        let slot = slots.slot(id)
        if let known = expected[id] { #expect(slot == known, "\(id) on day \(day)") } else {
          #expect(slot == expected.count)
          expected[id] = slot
        }
      }
    }
    #expect(slots.ids.count == 50)
  }
}
