import ArgumentParser
import TrackerPort

/// The iCalendar writer's flags that `convert` and `calendar push` share (the codec options
/// `start`, `until`, `history`; docs/ics-format.md, "Options").
struct ICalendarWriteOptions: ParsableArguments {
  @Option(help: ArgumentHelp("iCalendar: the first day of a habit that has no createdOn and no record (YYYY-MM-DD).", valueName: "date"))
  var start: String?

  @Option(help: ArgumentHelp("iCalendar: end every habit's recurrence on this day (YYYY-MM-DD).", valueName: "date"))
  var until: String?

  @Flag(help: "iCalendar: also write each completion as its own all-day event, titled with a check mark and the name.")
  var history = false

  func validate() throws {
    for (flag, value) in [("--start", start), ("--until", until)] {
      if let value, LocalDate(value) == nil { throw ValidationError("\(flag) takes YYYY-MM-DD, got '\(value)'") }
    }
  }

  /// Adds the given flags to `options` as the codec's keys.
  func add(to options: inout [String: String]) {
    if let start { options["start"] = start }
    if let until { options["until"] = until }
    if history { options["history"] = "true" }
  }
}
