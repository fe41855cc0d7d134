import Testing
@testable import TrackerModel

/// Tracker slots (the merge's and ``DatasetIndex``'s dense numbers for tracker ids) against a
/// plain dictionary: ids sharing their first and last bytes told apart, a growing table, and the
/// guesses from the order of the last day.
@Suite struct TrackerSlotsTests {
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
