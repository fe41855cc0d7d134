/// The Russian plural category of a count, by the CLDR rule for integers: the form of
/// «день» in «1 день», «2 дня», «5 дней».
///
/// `one` when `n % 10 == 1` and `n % 100 != 11` (1, 21, 101); `few` when `n % 10` is 2...4 and
/// `n % 100` is not 12...14 (2, 22, 104); `many` otherwise (0, 5, 11, 12, 111). Negative counts
/// take the category of their absolute value.
public enum RussianPlural: Sendable, Hashable, CaseIterable {
  /// «1 день», «2 дня», «5 дней»: the three forms the rule above picks between.
  case one, few, many

  /// The category of `count`.
  public init(_ count: Int) {
    let n = count.magnitude
    let lastDigit = n % 10
    let lastTwo = n % 100
    if lastDigit == 1 && lastTwo != 11 {
      self = .one
    } else if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) {
      self = .few
    } else {
      self = .many
    }
  }

  /// The form that matches this category.
  public func choose<T>(one: T, few: T, many: T) -> T {
    switch self {
    case .one: return one
    case .few: return few
    case .many: return many
    }
  }
}
