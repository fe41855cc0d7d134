import CSVCore
import TrackerModel

/// The `CalendarDate` formats TrackerPort reads, from bytes.
///
/// Loop (`HabitBullCSVImporter.kt`) tries the phone's short date format, then `yyyy-MM-dd`,
/// then `MM/dd/yyyy`, with Java's lenient parsing, so one- or two-digit months and days pass.
/// The short format depends on the phone's locale, so TrackerPort reads:
/// - `yyyy-MM-dd` always;
/// - slashed dates (`11/5/2020`, `11/5/20`) month-first, as Loop does on a US phone, unless
///   the file shows they are day-first: a date that is a day only read day-first
///   (`18/03/2016`) makes the reader read the whole file again day-first (``Order``);
/// - dotted dates (`18.03.2016`, `18.03.16`, the short form of most European locales)
///   day-first;
/// - with the `date-format` option, that pattern only, and `yyyy-MM-dd` for a cell the pattern
///   does not read.
///
/// A two-digit year is 20YY.
enum HabitBullDate {
  /// Which way slashed dates are read.
  enum Order: Sendable {
    case monthFirst, dayFirst
  }

  /// What a cell says.
  enum Reading: Equatable {
    /// A day.
    case day(LocalDate)
    /// A slashed date that is a day only read the other way round (`18/03/2016` month-first).
    case otherOrder
    /// No day in any format read.
    case invalid
  }

  /// How a slashed date that is a day either way (`03/04/2016`) told the order, for the
  /// ambiguity warning.
  enum Slash {
    /// Not a slashed date, or one read either way to the same day (`05/05/2016`).
    case plain
    /// A day only month-first (`11/25/2016`): the file is month-first.
    case provesMonthFirst
    /// A different day read either way (`03/04/2016`).
    case ambiguous
  }

  /// The day `bytes` name, read with `format` when the user gave one, else as the type's
  /// description says with slashed dates in `order`; and what it says of the order.
  static func read(_ bytes: UnsafeRawBufferPointer, order: Order, format: CSVDateFormat?) -> (Reading, Slash) {
    let parts = split(bytes)
    if let format {
      // The user's pattern first (`YYYY-DD-MM` must not be read as ISO), then ISO; no spaces,
      // as without a pattern.
      guard bytes.first != 0x20, bytes.last != 0x20 else { return (.invalid, .plain) }
      if let date = format.parse(bytes) { return (.day(date), .plain) }
      return (iso(parts).map(Reading.day) ?? .invalid, .plain)
    }
    if let parts, parts.separator == UInt8(ascii: "-") { return (iso(parts).map(Reading.day) ?? .invalid, .plain) }
    guard let (numbers, digits, separator) = parts, digits[0] <= 2, digits[1] <= 2, digits[2] == 4 || digits[2] == 2 else { return (.invalid, .plain) }
    let year = digits[2] == 2 ? 2000 + numbers[2] : numbers[2]
    let monthFirst = LocalDate(year: year, month: numbers[0], day: numbers[1])
    let dayFirst = LocalDate(year: year, month: numbers[1], day: numbers[0])
    if separator == UInt8(ascii: ".") { return (dayFirst.map(Reading.day) ?? .invalid, .plain) }
    let slash: Slash = monthFirst != nil && dayFirst == nil ? .provesMonthFirst
      : monthFirst != nil && dayFirst != nil && monthFirst != dayFirst ? .ambiguous : .plain
    let wanted = order == .monthFirst ? monthFirst : dayFirst
    let other = order == .monthFirst ? dayFirst : monthFirst
    if let wanted { return (.day(wanted), slash) }
    return (other == nil ? .invalid : .otherOrder, slash)
  }

  /// `yyyy-MM-dd` (month and day may have one digit).
  private static func iso(_ parts: (numbers: [Int], digits: [Int], separator: UInt8)?) -> LocalDate? {
    guard let (numbers, digits, separator) = parts, separator == UInt8(ascii: "-"),
          digits[0] == 4, digits[1] <= 2, digits[2] <= 2 else { return nil }
    return LocalDate(year: numbers[0], month: numbers[1], day: numbers[2])
  }

  /// A slashed date's shape as a reader would write it: `d/M/yy`, `M/d/yyyy`.
  static func shape(of text: String, dayFirst: Bool) -> String {
    (dayFirst ? "d/M/" : "M/d/") + (shortYear(text) ? "yy" : "yyyy")
  }

  /// The `--date-format` pattern that reads a slashed date in one order: `DD/MM/YY`.
  static func pattern(of text: String, dayFirst: Bool) -> String {
    (dayFirst ? "DD/MM/" : "MM/DD/") + (shortYear(text) ? "YY" : "YYYY")
  }

  private static func shortYear(_ text: String) -> Bool {
    text.split(separator: "/").last.map { $0.count == 2 } ?? false
  }

  /// Three numbers of at most four digits with one kind of separator (`-`, `/` or `.`)
  /// between them, with their digit counts.
  private static func split(_ bytes: UnsafeRawBufferPointer) -> (numbers: [Int], digits: [Int], separator: UInt8)? {
    var numbers: [Int] = [], digits: [Int] = []
    var separator: UInt8?
    var value = 0, count = 0
    for b in bytes {
      if b >= 0x30 && b <= 0x39 {
        guard count < 4 else { return nil }
        value = value * 10 + Int(b - 0x30)
        count += 1
      } else if b == UInt8(ascii: "-") || b == UInt8(ascii: "/") || b == UInt8(ascii: ".") {
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
    guard count > 0, numbers.count == 2, let separator else { return nil }
    return (numbers + [value], digits + [count], separator)
  }

  /// The format TrackerPort writes, `yyyy-MM-dd`: Loop accepts it whatever the phone's locale.
  static func format(_ date: LocalDate) -> String { date.description }
}
