import TrackerModel

/// One history entry of a habit or daily: only the keys the mapping uses.
struct HabiticaEntry: Sendable {
  /// Milliseconds since 1970, UTC.
  var date: Int64
  /// Habitica's score after the entry ("redness"); only its rise is used.
  var value: Double?
  /// A daily's flag since ~Nov 2021: `true` checked, `false` a cron "not completed".
  var completed: Bool?
  /// A habit's "+" and "−" clicks of the day, since the 2018 migration.
  var scoredUp: Int?
  var scoredDown: Int?
  /// Where it is (a JSON pointer or a CSV line), for the warning of a condensed entry.
  var order: Int

  /// A habit entry with click counts (not a preened aggregate).
  var hasClicks: Bool { scoredUp != nil || scoredDown != nil }
}

/// A task of the export, reduced to the fields the mapping reads (habitica.md §1.3). Nothing
/// else is copied out of the file: no user id, challenge or group links, reminders ids.
struct HabiticaTask: Sendable {
  enum Kind: String, Sendable {
    case habit, daily, todo, reward
  }

  var kind: Kind
  /// `_id` (or `id`) as written: mixed case kept, never through `UUID`.
  var id: String
  var text: String
  var notes: String
  /// Tag ids, as written.
  var tags: [String]
  /// Where the task is (`/tasks/dailys/3`, or a CSV line's task).
  var pointer: String
  var createdAt: Int64?

  // Habits.
  var up = true
  var down = true

  // Dailies.
  var frequency: String?
  var everyX: Int?
  /// `repeat` as written: `m t w th f s su` → checked.
  var repeatDays: [String: Bool] = [:]
  var startDate: Int64?
  var startDateText: String?
  var daysOfMonth: [Int] = []
  var weeksOfMonth: [Int] = []

  // Habits and dailies.
  var history: [HabiticaEntry] = []

  // To-dos.
  var completed = false
  var dateCompleted: Int64?
  /// `date` (the due date) as written: ISO text, `""` or free text (`"today"`).
  var due: String?
  var checklist: [(text: String, completed: Bool)] = []
  var priority: String?
}

/// What the mapping needs of a `userdata.json`.
struct HabiticaExport: Sendable {
  /// `preferences.timezoneOffset`: minutes, positive west of UTC.
  var timezoneOffset: Int?
  var dayStart: Int?
  /// Cron instants (`history.exp` entries with ISO-string dates), for "record yesterday's activity".
  var crons: [Int64] = []
  /// `tags`: id and name, in the user's order.
  var tags: [(id: String, name: String)] = []
  var tasks: [HabiticaTask] = []
  var rewards = 0
}
