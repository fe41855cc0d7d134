import TrackerModel

/// Streaks' days: `YYYYMMDD`, eight digits, the local day the entry is for (the CSV's
/// `entry_date` as text, the backup's `d` as a number).
enum StreaksDay {
  /// The day `YYYYMMDD` names (spaces and tabs around it ignored), or `YYYY-MM-DD`, which no
  /// description shows but a file edited by hand may hold; `nil` for anything else or a day that
  /// does not exist.
  static func parse(_ text: String) -> LocalDate? {
    let digits = Array(text.trimmingBlanks.utf8)
    if digits.count == 10 { return LocalDate(String(decoding: digits, as: UTF8.self)) }
    guard digits.count == 8, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
    return LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
  }

  /// The day of the backup's number `YYYYMMDD`; `nil` when it names none.
  static func parse(_ number: Int) -> LocalDate? {
    guard (10_000_101...99_991_231).contains(number) else { return nil }
    return LocalDate(year: number / 10_000, month: number / 100 % 100, day: number % 100)
  }
}
