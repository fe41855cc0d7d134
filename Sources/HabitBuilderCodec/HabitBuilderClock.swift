import Foundation
import TrackerCodec
import TrackerModel

/// Habit Builder's completions are instants (`Action.timestamp`, epoch milliseconds); the app
/// shows each on the day it falls on in the phone's zone (`ZoneId.systemDefault()` in
/// `ActionMapper.kt` and `Calendar.kt`, SQLite's `'localtime'` in `HabitDao.kt`). This clock
/// turns them into days and back in one zone: `--timezone`, else this computer's.
struct HabitBuilderClock: Sendable {
  /// The zone days are counted in.
  let zone: TimeZone
  /// Whether the zone is this computer's because none was given.
  let assumed: Bool

  /// The zone of `options["timezone"]`, else this computer's.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for a name that is no IANA zone.
  init(options: [String: String]) throws {
    if let name = options["timezone"] {
      guard let zone = TimeZone(identifier: name) else {
        throw CodecError(.unsupportedOperation, "unknown time zone \"\(name)\"", note: "use an IANA name such as Europe/Moscow")
      }
      self.zone = zone
      assumed = false
    } else {
      zone = .current
      assumed = true
    }
  }

  /// Instants this far from 1970 (about ±31,000 years) are past every day `YYYY-MM-DD` can write.
  private static let limit: Int64 = 1_000_000_000_000_000

  /// The day `milliseconds` falls on in the zone; `nil` outside the years 1–9999.
  func day(ofMilliseconds milliseconds: Int64) -> LocalDate? {
    guard milliseconds > -Self.limit, milliseconds < Self.limit else { return nil }
    let seconds = Self.floorDivide(milliseconds, 1000)
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    return LocalDate(checkedDayNumber: Int(Self.floorDivide(seconds + offset, 86_400)))
  }

  /// Noon of `day` in the zone, in epoch milliseconds: what the writer gives a completion (the
  /// app stores the moment a day was ticked; noon keeps the day on a phone up to 12 hours west
  /// or 11 hours east of the zone).
  func noon(of day: LocalDate) -> Int64 {
    let utcNoon = Int64(day.dayNumber) * 86_400 + 43_200
    let first = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcNoon))))
    // The offset at the local noon itself, which a change of offset that day may move.
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcNoon - first))))
    return (utcNoon - offset) * 1000
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }
}
