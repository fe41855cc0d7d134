import Foundation
import TrackerCodec
import TrackerModel

/// A minimal `VTIMEZONE` for the `timezone` option: one observance for the offset in force at
/// the start of the covered years, then one per daylight-saving transition (from the system's
/// time zone database) until their end. No `RRULE`s, so every calendar reads it the same way.
enum ICalendarTimeZone {
  /// The `VTIMEZONE` for `identifier` covering the years `first...last`.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` when the system does not know the zone.
  static func component(_ identifier: String, years: ClosedRange<Int>) throws -> ICalendarComponent {
    guard let zone = TimeZone(identifier: identifier) else {
      throw CodecError(.unsupportedOperation, "unknown time zone \"\(identifier)\"", note: "use an IANA name such as Europe/Moscow")
    }
    var component = ICalendarComponent("VTIMEZONE")
    component.add("TZID", ICalendarText.escape(identifier))
    let startDay = LocalDate(year: years.lowerBound, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
    let endDay = LocalDate(year: years.upperBound + 1, month: 1, day: 1) ?? startDay
    let start = Date(timeIntervalSince1970: TimeInterval(startDay.dayNumber * 86_400))
    let end = Date(timeIntervalSince1970: TimeInterval(endDay.dayNumber * 86_400))
    let initial = zone.secondsFromGMT(for: start)
    component.components.append(observance(zone.isDaylightSavingTime(for: start), at: start, from: initial, to: initial))
    var moment = start
    while let next = zone.nextDaylightSavingTimeTransition(after: moment), next < end {
      let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
      let after = zone.secondsFromGMT(for: next)
      component.components.append(observance(zone.isDaylightSavingTime(for: next), at: next, from: before, to: after))
      moment = next
    }
    return component
  }

  static func observance(_ daylight: Bool, at moment: Date, from: Int, to: Int) -> ICalendarComponent {
    var observance = ICalendarComponent(daylight ? "DAYLIGHT" : "STANDARD")
    // DTSTART is the onset in the local time in force before it (RFC 5545 §3.6.5).
    let local = Int(moment.timeIntervalSince1970.rounded(.down)) + from
    let day = LocalDate(dayNumber: Int((Double(local) / 86_400).rounded(.down)))
    let seconds = local - day.dayNumber * 86_400
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    observance.add("DTSTART", ICalendarDatasetWriter.basic(day) + "T" + two(seconds / 3600) + two(seconds / 60 % 60) + two(seconds % 60))
    observance.add("TZOFFSETFROM", offset(from))
    observance.add("TZOFFSETTO", offset(to))
    return observance
  }

  /// `+HHMM`, or `+HHMMSS` when the offset has seconds.
  static func offset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let value = abs(seconds)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return sign + two(value / 3600) + two(value / 60 % 60) + (value % 60 == 0 ? "" : two(value % 60))
  }
}
