/// A sorted set of calendar days, stored as one array of day numbers.
///
/// Built once per tracker by ``DatasetIndex``: appending and sorting small arrays is several
/// times cheaper than hashing 1.8 million dates into `Set`s, and lookups are a binary search.
public struct DaySet: Sequence, Hashable, Sendable {
  /// Day numbers, ascending, without repeats.
  private let days: [Int]

  /// The days of `dayNumbers`, in any order, repeats collapsed.
  public init(dayNumbers: [Int]) {
    var sorted = dayNumbers
    var ascending = true
    for i in sorted.indices.dropFirst() where sorted[i - 1] >= sorted[i] {
      ascending = false
      break
    }
    if !ascending {
      sorted.sort()
      var unique: [Int] = []
      unique.reserveCapacity(sorted.count)
      for day in sorted where unique.last != day { unique.append(day) }
      sorted = unique
    }
    days = sorted
  }

  /// The days of `dates`, in any order, repeats collapsed.
  public init<S: Sequence>(_ dates: S) where S.Element == LocalDate {
    self.init(dayNumbers: dates.map(\.dayNumber))
  }

  /// The number of distinct days, not of records: repeats have collapsed.
  public var count: Int { days.count }
  /// Whether there is no day at all.
  public var isEmpty: Bool { days.isEmpty }
  /// The earliest day.
  public var first: LocalDate? { days.first.map(LocalDate.init(dayNumber:)) }
  /// The latest day.
  public var last: LocalDate? { days.last.map(LocalDate.init(dayNumber:)) }

  /// Whether `date` is in the set (binary search).
  public func contains(_ date: LocalDate) -> Bool {
    var low = 0, high = days.count
    let target = date.dayNumber
    while low < high {
      let mid = (low + high) / 2
      if days[mid] < target { low = mid + 1 } else { high = mid }
    }
    return low < days.count && days[low] == target
  }

  /// How many days fall in `range` (both ends included).
  public func count(in range: ClosedRange<LocalDate>) -> Int {
    lowerBound(range.upperBound.dayNumber + 1) - lowerBound(range.lowerBound.dayNumber)
  }

  private func lowerBound(_ target: Int) -> Int {
    var low = 0, high = days.count
    while low < high {
      let mid = (low + high) / 2
      if days[mid] < target { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The days in ascending order.
  public func makeIterator() -> AnyIterator<LocalDate> {
    var iterator = days.makeIterator()
    return AnyIterator { iterator.next().map(LocalDate.init(dayNumber:)) }
  }
}
