import TrackerModel

/// The `CalendarDate` formats Loop's importer accepts, read from bytes.
///
/// Loop (`HabitBullCSVImporter.kt`) tries the phone's short date format, then `yyyy-MM-dd`,
/// then `MM/dd/yyyy`, with Java's lenient parsing, so one- or two-digit months and days pass.
/// The short format depends on the phone's locale; TrackerPort takes the US one (`M/d/yy`,
/// the one HabitBull's own exports use beside the ISO form) and reads a two-digit year as
/// 20YY. Day-first dates (`18/03/2016`) are not read: Loop's month-first fallback would
/// misread them too.
enum HabitBullDate {
  /// The day `bytes` name, or `nil` when they fit no accepted format or name no real day.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> LocalDate? {
    var numbers: [Int] = []
    var digits: [Int] = []
    var separator: UInt8?
    var value = 0, count = 0
    for b in bytes {
      if b >= 0x30 && b <= 0x39 {
        guard count < 4 else { return nil }
        value = value * 10 + Int(b - 0x30)
        count += 1
      } else if b == UInt8(ascii: "-") || b == UInt8(ascii: "/") {
        guard count > 0, separator == nil || separator == b, numbers.count < 2 else { return nil }
        separator = b
        numbers.append(value)
        digits.append(count)
        value = 0
        count = 0
      } else {
        return nil
      }
    }
    guard count > 0, numbers.count == 2 else { return nil }
    numbers.append(value)
    digits.append(count)
    if separator == UInt8(ascii: "-") {
      // yyyy-MM-dd (month and day may have one digit).
      guard digits[0] == 4, digits[1] <= 2, digits[2] <= 2 else { return nil }
      return LocalDate(year: numbers[0], month: numbers[1], day: numbers[2])
    }
    // M/d/yyyy or M/d/yy.
    guard digits[0] <= 2, digits[1] <= 2, digits[2] == 4 || digits[2] == 2 else { return nil }
    let year = digits[2] == 2 ? 2000 + numbers[2] : numbers[2]
    return LocalDate(year: year, month: numbers[0], day: numbers[1])
  }

  /// The format TrackerPort writes, `yyyy-MM-dd`: Loop accepts it whatever the phone's locale.
  static func format(_ date: LocalDate) -> String { date.description }
}
