import TrackerCodec
import TrackerModel

/// The one text of every value `diff` and `merge` show: short, exact, and the same for equal
/// values (`Mon,Wed,Fri`, `at least 8 glass`, `3 times in 7 days`, compact JSON for extras).
enum ValueText {
  static func schedule(_ days: [Weekday]) -> String {
    days.count == 7 ? "every day" : days.map(\.shortEnglishName).joined(separator: ",")
  }

  static func goal(_ goal: TrackerGoal) -> String {
    (goal.direction == .atLeast ? "at least " : "at most ") + goal.target.amountText
      + (goal.unit.map { " " + $0 } ?? "")
  }

  static func frequency(_ f: TrackerFrequency) -> String { "\(f.times) times in \(f.days) days" }

  static func reminders(_ reminders: [TrackerReminder]) -> String {
    reminders.map { r in r.time + (r.days.map { " (" + schedule($0) + ")" } ?? "") }.joined(separator: ", ")
  }

  static func bool(_ value: Bool) -> String { value ? "yes" : "no" }

  static func attachments(_ items: [TaskAttachment]) -> String {
    items.map { $0.name + " <" + $0.uri + ">" }.joined(separator: ", ")
  }

  /// Compact JSON, members in their order.
  static func json(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  private static func write(_ value: JSONValue, into out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n
    case .string(let s): out += JSONText.quoted(s)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        write(item, into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, m) in members.enumerated() {
        if i > 0 { out += "," }
        out += JSONText.quoted(m.key) + ":"
        write(m.value, into: &out)
      }
      out += "}"
    }
  }
}
