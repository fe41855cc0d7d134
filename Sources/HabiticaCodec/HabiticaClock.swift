import Foundation
import TrackerCodec
import TrackerModel

/// The Habitica day of an instant (habitica.md §2.1): the calendar date of the instant in the
/// user's zone, moved back one day before the custom day start.
///
/// The zone is an IANA zone when the user names one (`timezone`, `--timezone`; its offsets
/// from Foundation's copy of the zone database, so summer time and travel-free history come out
/// right), else the export's one current `preferences.timezoneOffset` (JavaScript's
/// convention: minutes, positive WEST of UTC). The day start is `day-start` (`--day-start`)
/// when given, else `preferences.dayStart`.
struct HabiticaClock {
  /// How offsets are found.
  enum Zone {
    /// Minutes EAST of UTC, always the same.
    case fixed(Int)
    /// A named zone, asked about twice per day of history (see ``offsetSeconds(at:)``).
    case named(TimeZone)
  }

  let zone: Zone
  /// Hours after midnight at which a Habitica day starts (0–23).
  let dayStart: Int
  private var dayCache: [Int64: Int] = [:]
  private var quarterCache: [Int64: Int] = [:]

  init(zone: Zone, dayStart: Int) {
    self.zone = zone
    self.dayStart = dayStart
  }

  /// The clock the options and the export ask for.
  ///
  /// - Parameters:
  ///   - timezoneOffset: `preferences.timezoneOffset` (minutes, positive west of UTC).
  ///   - dayStart: `preferences.dayStart`.
  /// - Throws: ``CodecError`` `.unsupportedOperation` for an unknown zone or a day start that
  ///   is not an hour 0–23.
  static func make(options: [String: String], timezoneOffset: Int?, dayStart: Int?) throws -> HabiticaClock {
    let zone: Zone
    if let name = options["timezone"] {
      guard let named = TimeZone(identifier: name) else {
        throw CodecError(.unsupportedOperation, "unknown time zone \"\(name)\"", note: "use an IANA name such as Europe/Moscow")
      }
      zone = .named(named)
    } else {
      zone = .fixed(-(timezoneOffset ?? 0))
    }
    var start = dayStart ?? 0
    if let text = options["day-start"] {
      guard let hour = Int(text), (0...23).contains(hour) else {
        throw CodecError(.unsupportedOperation, "the day start must be an hour from 0 to 23, got \"\(text)\"",
                         note: "Habitica's Custom Day Start, as --day-start HOUR")
      }
      start = hour
    }
    return HabiticaClock(zone: zone, dayStart: min(max(start, 0), 23))
  }

  /// Seconds east of UTC at the instant.
  mutating func offsetSeconds(at ms: Int64) -> Int {
    switch zone {
    case .fixed(let minutes): return minutes * 60
    case .named(let timeZone):
      // A UTC day whose two ends have one offset has it throughout (zones change offset at
      // most once a day); a day with a change is asked per quarter hour (offsets change on
      // quarter hours).
      let day = Self.floorDivide(ms, 86_400_000)
      if let known = dayCache[day] { return known }
      let quarter = Self.floorDivide(ms, 900_000)
      if let known = quarterCache[quarter] { return known }
      let start = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(day) * 86_400))
      let end = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(day + 1) * 86_400 - 1))
      if start == end {
        dayCache[day] = start
        return start
      }
      let seconds = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(quarter) * 900))
      quarterCache[quarter] = seconds
      return seconds
    }
  }

  /// The Habitica day of an instant: its local date, one day earlier before `dayStart`.
  mutating func day(_ ms: Int64) -> LocalDate {
    let local = Self.floorDivide(ms, 1_000) + Int64(offsetSeconds(at: ms)) - Int64(dayStart) * 3_600
    return LocalDate(dayNumber: Int(Self.floorDivide(local, 86_400)))
  }

  /// The plain local date of an instant (a daily's `startDate`, a due date): no day start.
  mutating func calendarDay(_ ms: Int64) -> LocalDate {
    let local = Self.floorDivide(ms, 1_000) + Int64(offsetSeconds(at: ms))
    return LocalDate(dayNumber: Int(Self.floorDivide(local, 86_400)))
  }

  static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  /// The clock in words, for notes: `UTC+03:00, day start 5:00` or `Europe/Berlin, day start 0:00`.
  var words: String {
    let place: String
    switch zone {
    case .named(let timeZone): place = timeZone.identifier
    case .fixed(let minutes):
      let sign = minutes < 0 ? "-" : "+"
      let m = abs(minutes)
      place = "UTC" + sign + (m / 60 < 10 ? "0" : "") + "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)"
    }
    return place + ", day start \(dayStart):00"
  }
}
