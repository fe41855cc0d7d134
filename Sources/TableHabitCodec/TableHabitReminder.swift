import TrackerModel

/// A Table Habit reminder, the JSON object in the string `reminder`
/// (`lib/models/habit_reminder.dart:32-59`, `.g.dart:81-94`):
/// `{"type": T, "time": {"hour": H, "minute": M}, "extra": [...]}`.
struct TableHabitReminder: Hashable {
  /// HabitReminderType: 0 unknown, 1 whenNeeded, 2 every day, 3 on weekdays (`extra`: ISO
  /// weekdays 1 = Monday ... 7 = Sunday), 4 on days of the month (`extra`: 1...31).
  var type: Int
  var hour: Int
  var minute: Int
  var extra: [Int]

  /// The model's reminder: every day (type 2) or on weekdays (type 3) at `HH:MM`; `nil` for
  /// the types the model cannot say (unknown, "when needed", days of the month) or a time
  /// that is no time of day.
  var model: TrackerReminder? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    let time = Self.pad(hour) + ":" + Self.pad(minute)
    switch type {
    case 2: return TrackerReminder(time: time)
    case 3:
      guard extra.allSatisfy({ (1...7).contains($0) }) else { return nil }
      return TrackerReminder(time: time, days: extra.map { Weekday(index: $0 - 1) })
    default: return nil
    }
  }

  /// The reminder that gives back `reminder`; `nil` when its time is not `HH:MM`.
  init?(_ reminder: TrackerReminder) {
    let parts = reminder.time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
          let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    if let days = reminder.days {
      self.init(type: 3, hour: hour, minute: minute, extra: days.map { $0.index + 1 })
    } else {
      self.init(type: 2, hour: hour, minute: minute, extra: [])
    }
  }

  init(type: Int, hour: Int, minute: Int, extra: [Int]) {
    self.type = type
    self.hour = hour
    self.minute = minute
    self.extra = extra
  }

  /// The string Table Habit writes (`jsonEncode`, keys in its order).
  var text: String {
    "{\"type\":\(type),\"time\":{\"hour\":\(hour),\"minute\":\(minute)},\"extra\":[" + extra.map(String.init).joined(separator: ",") + "]}"
  }

  private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
