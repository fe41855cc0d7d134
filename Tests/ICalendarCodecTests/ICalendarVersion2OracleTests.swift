import Foundation
import Testing
import TrackerTestSupport
@testable import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel

/// Python `icalendar` and `recurring_ical_events` read what format version 2 shows a calendar:
/// each tracker's `DESCRIPTION` and alarms, habits expanded without their skipped days and
/// ending on an archived habit's last mark, and history events for completions only.
@Suite struct ICalendarVersion2OracleTests {
  @Test(.enabled(if: ICalendarOracleTests.oracleWanted, "set TRACKPORT_PYTHON to a python with icalendar and recurring-ical-events"))
  func calendarsReadDescriptionsAlarmsSkippedDaysAndArchivedEnds() throws {
    let folder = try temporaryFolder("trackport-ics2")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Seeds with five or six trackers; without tasks, which this test is not about (and whose
    // attachment URIs with a backslash Python icalendar 7 refuses to read).
    let datasets = [ICalendarVersion2Tests.runner()] + [5, 6, 12, 13, 19, 20, 26, 27, 33, 34, 40, 41].map { seed in
      var dataset = richDataset(seed: UInt64(seed))
      dataset.tasks = []
      return dataset
    }
    var files: [String] = []
    var checked = (alarms: 0, descriptions: 0, skipped: 0, archived: 0)
    for (n, dataset) in datasets.enumerated() {
      let history = n % 2 == 0
      let url = folder.appendingPathComponent("r\(n).ics")
      try Data(try Harness.encode(dataset, options: history ? ["history": "true"] : ["timezone": "Europe/Berlin"])).write(to: url)
      let want = expectation(dataset, history: history)
      for case let tracker as [String: Any] in (want["trackers"] as? [String: Any] ?? [:]).values {
        checked.alarms += (tracker["alarms"] as? [Int])?.count ?? 0
        checked.descriptions += tracker["description"] is String ? 1 : 0
      }
      checked.skipped += dataset.entries.count(where: \.skipped)
      checked.archived += dataset.trackers.count(where: \.archived)
      try Data(try JSONSerialization.data(withJSONObject: want)).write(to: URL(fileURLWithPath: url.path + ".json"))
      files.append(url.path)
    }
    #expect(checked.alarms > 20 && checked.descriptions > 10 && checked.skipped > 10 && checked.archived > 5, "\(checked)")
    let (status, output) = try ICalendarOracleTests.check(["version2"] + files)
    #expect(status == 0, "\(output)")
  }

  /// For each tracker written as a `VEVENT` with a unique id: its description as a calendar
  /// shows it, its alarms (seconds after the day's start), and for a habit the days it is
  /// planned in a window: not skipped, and for an archived habit not after its last mark.
  func expectation(_ dataset: TrackerDataset, history: Bool) -> [String: Any] {
    var trackers: [String: Any] = [:]
    let ids = Dictionary(grouping: dataset.trackers, by: \.id)
    let earliest = dataset.records.map(\.date).min()
    for tracker in dataset.trackers where ids[tracker.id]?.count == 1 && !ICalendarText.needsJSON(tracker.id) && !tracker.id.contains("\n") {
      let schedule = Set(tracker.schedule ?? [])
      let recurring = tracker.kind == .habit && !schedule.isEmpty
      guard recurring || (tracker.kind == .event && tracker.date != nil) else { continue }
      let planned = recurring ? schedule : Set(tracker.date.map { [$0.weekday] } ?? [])
      var alarms: Set<Int> = []
      for reminder in tracker.reminders where reminder.days.map({ !planned.isDisjoint(with: $0) }) ?? true {
        if let minutes = ICalendarAlarm.minutes(reminder.time) { alarms.insert(minutes * 60) }
      }
      var want: [String: Any] = [
        "description": tracker.description.map { text in
          String(String.UnicodeScalarView(text.unicodeScalars.map { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F ? " " : $0 }))
        } ?? NSNull(),
        "alarms": alarms.sorted(),
      ]
      if recurring {
        let records = dataset.records.filter { $0.trackerId == tracker.id }.map(\.date)
        let entries = dataset.entries.filter { $0.trackerId == tracker.id }
        let skipped = Set(entries.filter(\.skipped).map(\.date))
        let anchor = tracker.createdOn ?? records.min() ?? earliest ?? LocalDate(year: 1970, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
        var first = anchor
        while !schedule.contains(first.weekday) { first = first.adding(days: 1) }
        let last = tracker.archived ? max(first, (records + entries.map(\.date)).max() ?? first) : nil
        let start = anchor.adding(days: tracker.createdOn == nil ? 0 : -10), end = anchor.adding(days: 365)
        var days: [String] = []
        var day = start
        while day < end {
          if tracker.isPlanned(on: day, firstCompletion: records.min()), !skipped.contains(day), last.map({ day <= $0 }) ?? true {
            days.append(day.description)
          }
          day = day.adding(days: 1)
        }
        want["window"] = [start.description, end.description]
        want["days"] = days
      }
      trackers[tracker.id] = want
    }
    var result: [String: Any] = ["trackers": trackers]
    if history {
      let known = Set(dataset.trackers.map(\.id))
      result["history"] = dataset.records.filter { known.contains($0.trackerId) }.map {
        $0.trackerId + "-" + $0.date.description.filter { $0 != "-" } + "@history.trackport"
      }
    }
    return result
  }
}
