import TrackerModel

/// `trackers.csv`: `id,kind,name,categoryId,emoji,color,schedule,date,pinned,createdOn`, and from
/// version 2 `archived,description,goalTarget,goalDirection,goalUnit,frequencyTimes,frequencyDays,reminders`,
/// and from version 3 `goalPeriod`.
enum TrackerTable: CSVTableMapping {
  static let table = CSVTable.trackers

  static func entity(_ row: inout CSVFieldReader, index: Int) -> Tracker {
    let kindCell = row.text("kind")
    let kind = TrackerKind(rawValue: kindCell)
    if kind == nil {
      row.typeError("kind", kindCell.isEmpty ? "a kind is required" : "\(kindCell.debugDescription) is not habit or event")
    }
    var schedule: [Weekday]?
    if let cell = row.cell("schedule") {
      if let days = CSVCell.schedule(cell: cell) {
        schedule = days
      } else {
        row.typeError("schedule", "\(cell.debugDescription) is not weekdays separated by single spaces",
                      note: "write mon tue wed thu fri sat sun, e.g. \"mon wed fri\"")
      }
    }
    var tracker = Tracker(id: row.text("id"), kind: kind ?? .habit, name: row.text("name"), categoryId: row.text("categoryId"),
                          emoji: row.optionalText("emoji"), color: row.optionalText("color"), schedule: schedule,
                          date: row.date("date"), pinned: row.bool("pinned"), createdOn: row.date("createdOn"))
    if row.hasVersion2 { readVersion2(&row, into: &tracker) }
    tracker.extras = row.extras()
    return tracker
  }

  /// The columns version 2 adds.
  private static func readVersion2(_ row: inout CSVFieldReader, into tracker: inout Tracker) {
    tracker.archived = row.bool("archived")
    tracker.description = row.optionalText("description")
    let direction = row.cell("goalDirection") ?? ""
    let unit = row.optionalText("goalUnit")
    var period = TrackerGoal.Period.day
    if row.hasVersion3, let cell = row.cell("goalPeriod"), !cell.isEmpty {
      if let parsed = TrackerGoal.Period(text: cell) {
        period = parsed
      } else {
        row.typeError("goalPeriod", "\(cell.debugDescription) is not day, week, month or a number of days such as 10d")
      }
    }
    if let target = row.number("goalTarget") {
      if direction.isEmpty {
        tracker.goal = TrackerGoal(target: target, direction: .atLeast, unit: unit, period: period)
      } else if let parsed = TrackerGoal.Direction(rawValue: direction) {
        tracker.goal = TrackerGoal(target: target, direction: parsed, unit: unit, period: period)
      } else {
        row.typeError("goalDirection", "\(direction.debugDescription) is not atLeast or atMost")
      }
    } else if row.cell("goalTarget")?.isEmpty ?? true, !direction.isEmpty || unit != nil || !period.isDay {
      row.typeError("goalTarget", "a goal needs its target: goalDirection, goalUnit or goalPeriod is given without it")
    }
    let times = row.optionalInteger("frequencyTimes"), days = row.optionalInteger("frequencyDays")
    if let times, let days {
      tracker.frequency = TrackerFrequency(times: times, days: days)
    } else if times != nil || days != nil {
      let missing = times == nil ? "frequencyTimes" : "frequencyDays"
      row.typeError(missing, "a frequency needs both frequencyTimes and frequencyDays")
    }
    if let cell = row.cell("reminders") {
      switch CSVCell.reminders(cell: cell) {
      case .success(let values): tracker.reminders = values
      case .failure(let error):
        row.typeError("reminders", error.message, note: #"write [{"time":"07:30","days":["mon","wed"]},{"time":"19:00"}]"#)
      }
    }
  }

  static func cells(_ tracker: Tracker, version: Int, pointer: () -> String) throws -> [String] {
    var cells = [tracker.id, tracker.kind.rawValue, tracker.name, tracker.categoryId,
                 CSVCell.optional(tracker.emoji), CSVCell.optional(tracker.color), CSVCell.schedule(tracker.schedule),
                 try dateCell(tracker.date, pointer() + "/date"), CSVCell.bool(tracker.pinned),
                 try dateCell(tracker.createdOn, pointer() + "/createdOn")]
    guard version >= 2 else { return cells }
    cells += [CSVCell.bool(tracker.archived), CSVCell.optional(tracker.description),
              try numberCell(tracker.goal?.target, pointer() + "/goal/target"),
              tracker.goal?.direction.rawValue ?? "", CSVCell.optional(tracker.goal?.unit),
              tracker.frequency.map { String($0.times) } ?? "", tracker.frequency.map { String($0.days) } ?? "",
              CSVCell.reminders(tracker.reminders)]
    if version >= 3 { cells.append(tracker.goal.map { $0.period.isDay ? "" : $0.period.text } ?? "") }
    return cells
  }

  static func extras(of tracker: Tracker) -> Extras { tracker.extras }
}
