/// A calendar day (`YYYY-MM-DD`) in the proleptic Gregorian calendar, with no time zone.
///
/// Completions belong to a day, not to an instant, so the model never uses `Date` for them.
/// The value is stored as a day number (days since 1970-01-01), which makes comparison,
/// hashing, arithmetic and weekday lookup a few integer operations.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let dayNumber: Int

  /// The day `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) { self.dayNumber = dayNumber }

  /// The day numbers of the years 1...9999, the days `YYYY-MM-DD` can write (0001-01-01 is
  /// day -719,162, 9999-12-31 day 2,932,896).
  public static let dayNumbers: ClosedRange<Int> = -719_162...2_932_896

  /// The day `dayNumber` days after 1970-01-01, or `nil` outside ``dayNumbers``: what a reader
  /// of day counts or instants from a file uses, so that every day it gives can be written.
  public init?(checkedDayNumber dayNumber: Int) {
    guard LocalDate.dayNumbers.contains(dayNumber) else { return nil }
    self.dayNumber = dayNumber
  }

  /// The given day, or `nil` when it does not exist (month 13, 30 February) or the year is
  /// outside 1...9999 (the range `YYYY` can write).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
          day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
    dayNumber = LocalDate.daysFromCivil(year, month, day)
  }

  /// Parses exactly `YYYY-MM-DD` (ten ASCII bytes); `nil` for anything else or an impossible day.
  public init?(_ text: some StringProtocol) {
    var text = String(text)
    guard let date = text.withUTF8({ LocalDate(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
    self = date
  }

  /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes without allocating.
  public init?(utf8 bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
          let year = LocalDate.digits(bytes, 0, 4), let month = LocalDate.digits(bytes, 5, 2),
          let day = LocalDate.digits(bytes, 8, 2) else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Year, month (1-12) and day (1-31).
  public var components: (year: Int, month: Int, day: Int) { LocalDate.civilFromDays(dayNumber) }
  /// The year, 1...9999 for a parsed day. Each of `year`, `month`, `day` converts the day
  /// number again: read ``components`` once when you need more than one.
  public var year: Int { components.year }
  /// The month, 1...12; see ``year`` on cost.
  public var month: Int { components.month }
  /// The day of the month, 1...31; see ``year`` on cost.
  public var day: Int { components.day }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday; Weekday's order is Monday-first.
    Weekday(index: ((dayNumber + 3) % 7 + 7) % 7)
  }

  /// The day `days` days later (earlier when negative).
  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  /// Number of days from `self` to `other` (positive when `other` is later).
  public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

  /// `YYYY-MM-DD`.
  public var description: String {
    String(unsafeUninitializedCapacity: 10) { buffer in writeUTF8(into: UnsafeMutableRawBufferPointer(buffer)) }
  }

  /// Writes `YYYY-MM-DD` (10 bytes) at the start of `buffer`, which must hold 10 bytes;
  /// returns 10. For writers that format millions of dates without making `String`s.
  @discardableResult
  public func writeUTF8(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let (y, m, d) = components
    func put(_ value: Int, _ at: Int, _ width: Int) {
      var v = value
      for i in stride(from: at + width - 1, through: at, by: -1) {
        buffer[i] = UInt8(0x30 + v % 10)
        v /= 10
      }
    }
    put(y, 0, 4)
    buffer[4] = UInt8(ascii: "-")
    put(m, 5, 2)
    buffer[7] = UInt8(ascii: "-")
    put(d, 8, 2)
    return 10
  }

  /// Earlier days first: compares day numbers.
  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

  /// Days in a month of a year, leap years included.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  static func digits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for i in start..<(start + count) {
      let b = bytes[i]
      guard b >= 0x30, b <= 0x39 else { return nil }
      value = value * 10 + Int(b - 0x30)
    }
    return value
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  // Howard Hinnant's civil-from-days algorithms (public domain), exact for every Gregorian day.
  static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}

extension LocalDate: Codable {
  /// Decodes the `YYYY-MM-DD` string form; an impossible day (`2026-02-30`) is
  /// `DecodingError.dataCorrupted`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = LocalDate(text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected YYYY-MM-DD, got \(text)")
    }
    self = date
  }

  /// Encodes the `YYYY-MM-DD` string form, as canonical JSON writes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
