/// Where each (tracker slot, day) is in one list of a dataset (its records, or its entries):
/// per slot, an array over the days from its first to its last, so a look-up is two array
/// reads and the days of one tracker sit side by side in memory.
///
/// A slot whose days lie too far apart for that (more than 16 empty days for each day held,
/// past the first 4,096 days) keeps them in a dictionary instead, so memory stays in
/// proportion to the days held, whatever their dates.
struct DayPositions {
  private struct Span {
    /// The day number of `positions[0]`.
    var first = 0
    /// The position of each day from `first` on; -1 where there is none.
    var positions: [Int32] = []
    var count = 0
    var sparse: [Int: Int]?
  }

  private var spans: [Span] = []

  /// The position of `day` of `slot`, if one was set.
  func position(_ slot: Int, _ day: Int) -> Int? {
    guard slot < spans.count else { return nil }
    if spans[slot].sparse != nil { return spans[slot].sparse?[day] }
    let offset = day &- spans[slot].first
    guard offset >= 0, offset < spans[slot].positions.count else { return nil }
    let found = spans[slot].positions[offset]
    return found < 0 ? nil : Int(found)
  }

  /// Sets the position of `day` of `slot` (replacing one set before).
  mutating func set(_ slot: Int, _ day: Int, _ position: Int) {
    while spans.count <= slot { spans.append(Span()) }
    if spans[slot].sparse != nil {
      spans[slot].sparse![day] = position
      return
    }
    if spans[slot].positions.isEmpty {
      spans[slot].first = day
      spans[slot].positions = [Int32(position)]
      spans[slot].count = 1
      return
    }
    let first = spans[slot].first, length = spans[slot].positions.count
    var offset = day - first
    if offset < 0 || offset >= length {
      let width = max(day, first + length - 1) - min(day, first) + 1
      if width > 4_096, width > 16 * (spans[slot].count + 1) {
        makeSparse(slot)
        spans[slot].sparse![day] = position
        return
      }
      if offset < 0 {
        // Room before, as much again as there is (so a history read backwards costs no more).
        let added = max(-offset, min(length, 4_096))
        spans[slot].positions.insert(contentsOf: repeatElement(-1, count: added), at: 0)
        spans[slot].first = first - added
        offset += added
      } else if offset - length < 8 {
        // The next days (a history read in order, a habit on some weekdays): the common case,
        // without a sequence's append.
        for _ in length...offset { spans[slot].positions.append(-1) }
      } else {
        spans[slot].positions.append(contentsOf: repeatElement(-1, count: offset - length + 1))
      }
    }
    if spans[slot].positions[offset] < 0 { spans[slot].count += 1 }
    spans[slot].positions[offset] = Int32(position)
  }

  private mutating func makeSparse(_ slot: Int) {
    var sparse: [Int: Int] = [:]
    sparse.reserveCapacity(spans[slot].count + 1)
    let first = spans[slot].first
    for (offset, position) in spans[slot].positions.enumerated() where position >= 0 {
      sparse[first + offset] = Int(position)
    }
    spans[slot].positions = []
    spans[slot].sparse = sparse
  }
}
