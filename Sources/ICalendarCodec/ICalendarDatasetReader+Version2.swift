import TrackerCodec
import TrackerModel

/// Format version 2 on reading: the version check, and a tracker's description, goal,
/// frequency, reminders, record amounts and notes, and entries (docs/ics-format.md).
extension ICalendarDatasetReader {
  /// Refuses an `X-TRACKPORT-VERSION` this build does not read (a newer TrackerPort's).
  func checkVersion(_ property: ICalendarProperty) throws {
    guard let version = Int(property.value.trimmingSpaces) else {
      throw bad(property, "X-TRACKPORT-VERSION \"\(property.value)\" is not a number")
    }
    guard TrackerDataset.formatVersions.contains(version) else {
      throw CodecError(.unsupportedVersion, "TrackerPort calendar version \(version) is not supported",
                       location: SourceLocation(file: fileName, line: property.line, column: 1),
                       note: "this build reads versions \(TrackerDataset.formatVersions.lowerBound) to \(TrackerDataset.formatVersions.upperBound)")
    }
  }

  /// Runs `read`, locating its failure at `property`.
  func field<T>(_ property: ICalendarProperty, _ read: () throws -> T) throws -> T {
    do {
      return try read()
    } catch let failure as ICalendarJSONFields.Failure {
      throw bad(property, "\(property.name): \(failure.message)")
    }
  }

  /// The JSON property `name` of `component` read by `read`, or `nil` when absent.
  func json<T>(_ component: ICalendarComponent, _ name: String, _ read: (JSONValue) throws -> T) throws -> T? {
    guard let property = component.first(name) else { return nil }
    let value = try json(property)
    return try field(property) { try read(value) }
  }

  /// `X-TRACKPORT-DESCRIPTION`, else a non-empty `DESCRIPTION` (another calendar's, or one
  /// added to our file in a calendar app).
  func trackerDescription(_ component: ICalendarComponent) throws -> String? {
    if let exact = try string(component, "X-TRACKPORT-DESCRIPTION") { return exact }
    guard let text = component.first("DESCRIPTION")?.text, !text.isEmpty else { return nil }
    return text
  }

  /// `X-TRACKPORT-REMINDERS`, else one reminder per `VALARM` that rings at a time of day on
  /// the event's day (``ICalendarAlarm/read(_:on:start:)``); the others are reported as
  /// `lossy-recurrence`. The same time twice (a `DISPLAY` and an `AUDIO` alarm) is one reminder.
  mutating func reminders(_ component: ICalendarComponent, start: ICalendarDate?, uid: String) throws -> [TrackerReminder] {
    if let list = try json(component, "X-TRACKPORT-REMINDERS", ICalendarJSONFields.reminders) { return list }
    var reminders: [TrackerReminder] = []
    for alarm in component.components where alarm.name == "VALARM" {
      let line = alarm.first("TRIGGER")?.line ?? alarm.line
      guard let start else {
        lossy(component, line, "\(uid): an alarm on a to-do with no start (dropped)")
        continue
      }
      switch ICalendarAlarm.read(alarm, on: component, start: start) {
      case .ignored: break
      case .dropped(let why): lossy(component, line, "\(uid): \(why) (dropped)")
      case .reminder(let minutes, let loss):
        let time = ICalendarAlarm.time(minutes: minutes)
        if let loss { lossy(component, line, "\(uid): \(loss) (kept as a reminder at \(time))") }
        if !reminders.contains(where: { $0.time == time }) { reminders.append(TrackerReminder(time: time)) }
      }
    }
    return reminders
  }

  /// A tracker's `X-TRACKPORT-RECORD-DETAILS` (amounts and notes of its records, each on one
  /// of its record days) and `X-TRACKPORT-ENTRIES`, kept until the dataset is complete.
  mutating func readMarks(_ component: ICalendarComponent, of tracker: Tracker, days: [LocalDate]) throws {
    var details: [TrackerRecord] = []
    if let property = component.first("X-TRACKPORT-RECORD-DETAILS") {
      guard case .array(let items) = try json(property) else { throw bad(property, "expected a JSON array") }
      let recorded = Set(days)
      details = try items.map { item in try field(property) { try ICalendarJSONFields.record(item, tracker: tracker.id) } }
      if let stray = details.first(where: { !recorded.contains($0.date) }) {
        throw bad(property, "X-TRACKPORT-RECORD-DETAILS: \(stray.date) is not in X-TRACKPORT-RECORDS")
      }
    }
    var entries: [TrackerEntry] = []
    if let property = component.first("X-TRACKPORT-ENTRIES") {
      guard case .array(let items) = try json(property) else { throw bad(property, "expected a JSON array") }
      entries = try items.map { item in try field(property) { try ICalendarJSONFields.entry(item, tracker: tracker.id) } }
    }
    // Lists stay empty until a tracker has marks, so a dataset without them costs nothing.
    if !details.isEmpty {
      if detailGroups.count < dataset.trackers.count { detailGroups += Array(repeating: [], count: dataset.trackers.count - detailGroups.count) }
      detailGroups.append(details)
    }
    if !entries.isEmpty {
      if entryGroups.count < dataset.trackers.count { entryGroups += Array(repeating: [], count: dataset.trackers.count - entryGroups.count) }
      entryGroups.append(entries)
    }
  }
}
