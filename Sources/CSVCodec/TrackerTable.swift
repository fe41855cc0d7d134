import TrackerModel

/// `trackers.csv`: `id,kind,name,categoryId,emoji,color,schedule,date,pinned,createdOn`.
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
    return Tracker(id: row.text("id"), kind: kind ?? .habit, name: row.text("name"), categoryId: row.text("categoryId"),
                   emoji: row.optionalText("emoji"), color: row.optionalText("color"), schedule: schedule,
                   date: row.date("date"), pinned: row.bool("pinned"), createdOn: row.date("createdOn"),
                   extras: row.extras())
  }

  static func cells(_ tracker: Tracker, pointer: () -> String) throws -> [String] {
    [tracker.id, tracker.kind.rawValue, tracker.name, tracker.categoryId,
     CSVCell.optional(tracker.emoji), CSVCell.optional(tracker.color), CSVCell.schedule(tracker.schedule),
     try dateCell(tracker.date, pointer() + "/date"), CSVCell.bool(tracker.pinned),
     try dateCell(tracker.createdOn, pointer() + "/createdOn")]
  }

  static func extras(of tracker: Tracker) -> Extras { tracker.extras }
}
