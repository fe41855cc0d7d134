/// The tables of a canonical CSV package: their files, columns and keys.
///
/// The layout is documented for users in `docs/csv-format.md`; the Table Schemas written to
/// `datapackage.json` are made from these definitions, so the two cannot drift apart.
///
/// A package of version 2 (``CSVPackageDescriptor/versions``) adds `entries.csv` and columns
/// for what habit apps share; a package of version 1 has neither, so a dataset that uses none
/// of it is written as it always was.
enum CSVTable: String, CaseIterable, Hashable, Sendable {
  case categories, trackers, records, entries, tasks

  /// The member file: `trackers.csv`.
  var fileName: String { rawValue + ".csv" }

  /// The package version that added the table.
  var since: Int { self == .entries ? 2 : 1 }

  /// The tables of a package of `version`, in package order.
  static func tables(version: Int) -> [CSVTable] {
    allCases.filter { $0.since <= version }
  }

  /// The columns a package of `version` has, in the order they are written.
  func columns(version: Int) -> [CSVColumn] {
    columns.filter { $0.since <= version }
  }

  /// The JSON pointer of the model array the table's rows are the elements of.
  var pointer: String { "/" + rawValue }

  /// The optional last column holding an entity's extras as a JSON object.
  static let extrasColumn = "extras"

  /// Weekday names, Monday first.
  private static let weekday = "(mon|tue|wed|thu|fri|sat|sun)"
  private static let dateTime = "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"

  /// The columns of the newest version in the order they are written (``columns(version:)``
  /// for those of a version); ``extrasColumn`` and unknown columns follow.
  var columns: [CSVColumn] {
    switch self {
    case .categories:
      [CSVColumn(name: "id", type: "string", requiredLabel: true, description: "Category id; trackers refer to it."),
       CSVColumn(name: "title", type: "string", requiredLabel: true, required: true, description: "The heading the user sees.")]
    case .trackers:
      [CSVColumn(name: "id", type: "string", requiredLabel: true, description: "Tracker id; records refer to it."),
       CSVColumn(name: "kind", type: "string", requiredLabel: true, required: true, allowed: ["habit", "event"],
                 description: "habit or event."),
       CSVColumn(name: "name", type: "string", requiredLabel: true, required: true, description: "The tracker's name."),
       CSVColumn(name: "categoryId", type: "string", requiredLabel: true, required: true, description: "The id of its category."),
       CSVColumn(name: "emoji", type: "string", description: "One emoji; empty cell = none, \\ = empty text."),
       CSVColumn(name: "color", type: "string", pattern: "#[0-9A-Fa-f]{6}", description: "#RRGGBB; empty cell = none."),
       CSVColumn(name: "schedule", type: "string", pattern: "(\\\\|\(CSVTable.weekday)( \(CSVTable.weekday))*)",
                 description: "Weekdays separated by spaces (mon wed fri); empty cell = none (events), \\ = empty list."),
       CSVColumn(name: "date", type: "date", description: "The day a dated event is planned on, YYYY-MM-DD."),
       CSVColumn(name: "pinned", type: "boolean", description: "true or false; empty cell = false."),
       CSVColumn(name: "createdOn", type: "date", description: "The day the tracker was created, YYYY-MM-DD."),
       CSVColumn(name: "archived", type: "boolean", since: 2, description: "true or false; empty cell = false."),
       CSVColumn(name: "description", type: "string", since: 2,
                 description: "What the habit is about; empty cell = none, \\ = empty text."),
       CSVColumn(name: "goalTarget", type: "number", since: 2,
                 description: "A measurable habit's daily goal, the amount to reach or not to pass; empty cell = no goal."),
       CSVColumn(name: "goalDirection", type: "string", allowed: ["atLeast", "atMost"], since: 2,
                 description: "atLeast or atMost; empty cell = atLeast (or no goal)."),
       CSVColumn(name: "goalUnit", type: "string", since: 2,
                 description: "What the goal's amount counts (km); empty cell = none, \\ = empty text."),
       CSVColumn(name: "frequencyTimes", type: "integer", since: 2,
                 description: "Planned as frequencyTimes in frequencyDays days; empty cell = no frequency."),
       CSVColumn(name: "frequencyDays", type: "integer", since: 2,
                 description: "The frequency's period in days; empty cell = no frequency."),
       CSVColumn(name: "reminders", type: "array", since: 2,
                 description: "A JSON array of {\"time\": \"HH:MM\", \"days\": [weekdays]} objects (no days: every planned day); empty cell = none."),
       CSVColumn(name: "goalPeriod", type: "string", pattern: "(day|week|month|-?(0|[1-9][0-9]{0,8})d)", since: 3,
                 description: "What the goal's target is for: week (Monday to Sunday), month, or n days (10d); empty cell = a day.")]
    case .records:
      [CSVColumn(name: "trackerId", type: "string", requiredLabel: true, required: true, description: "The id of the tracker."),
       CSVColumn(name: "date", type: "date", requiredLabel: true, required: true, description: "The day it was done, YYYY-MM-DD."),
       CSVColumn(name: "amount", type: "number", since: 2, description: "The amount done that day; empty cell = none."),
       CSVColumn(name: "note", type: "string", since: 2, description: "The day's note; empty cell = none, \\ = empty text.")]
    case .entries:
      [CSVColumn(name: "trackerId", type: "string", requiredLabel: true, required: true, since: 2, description: "The id of the tracker."),
       CSVColumn(name: "date", type: "date", requiredLabel: true, required: true, since: 2,
                 description: "The day marked but not done, YYYY-MM-DD."),
       CSVColumn(name: "skipped", type: "boolean", since: 2,
                 description: "true when the day was skipped (neither done nor missed); empty cell = false."),
       CSVColumn(name: "amount", type: "number", since: 2, description: "The amount done that day, below the goal; empty cell = none."),
       CSVColumn(name: "note", type: "string", since: 2, description: "The day's note; empty cell = none, \\ = empty text.")]
    case .tasks:
      [CSVColumn(name: "id", type: "string", requiredLabel: true, description: "Task id."),
       CSVColumn(name: "title", type: "string", requiredLabel: true, required: true, description: "The task's title."),
       CSVColumn(name: "description", type: "string", description: "Empty cell = none, \\ = empty text."),
       CSVColumn(name: "color", type: "string", pattern: "#[0-9A-Fa-f]{6}", description: "#RRGGBB; empty cell = none."),
       CSVColumn(name: "category", type: "string", required: true, allowed: ["urgent", "notUrgent", "optional", "other", "none"],
                 description: "urgent, notUrgent, optional, other or none; empty cell = none."),
       CSVColumn(name: "start", type: "datetime", format: "%Y-%m-%dT%H:%M", description: "Local start time, YYYY-MM-DDTHH:MM."),
       CSVColumn(name: "end", type: "datetime", format: "%Y-%m-%dT%H:%M", description: "Local end time, YYYY-MM-DDTHH:MM."),
       CSVColumn(name: "done", type: "boolean", description: "true or false; empty cell = false."),
       CSVColumn(name: "reminders", type: "string", pattern: "\(CSVTable.dateTime)( \(CSVTable.dateTime))*",
                 description: "Local times separated by spaces; empty cell = none."),
       CSVColumn(name: "attachments", type: "array",
                 description: "A JSON array of {\"name\", \"uri\"} objects; empty cell = none."),
       CSVColumn(name: "position", type: "integer", description: "Place in the hand-sorted list; empty cell = the row's index.")]
    }
  }

  /// The Table Schema `primaryKey`.
  var primaryKey: [String] {
    switch self {
    case .categories, .trackers, .tasks: ["id"]
    case .records, .entries: ["trackerId", "date"]
    }
  }

  /// The Table Schema `foreignKeys`: (field, referenced table, referenced field).
  var foreignKeys: [(field: String, table: CSVTable, reference: String)] {
    switch self {
    case .trackers: [("categoryId", .categories, "id")]
    case .records, .entries: [("trackerId", .trackers, "id")]
    case .categories, .tasks: []
    }
  }
}
