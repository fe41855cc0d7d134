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
      + (goal.unit.map { " " + $0 } ?? "") + goal.period.phrase
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

extension JSONValue {
  /// Equal as JSON data: object members in any order, numbers by value (`1.0` = `1`); what a
  /// tool that rewrites a file (a script with a dictionary) changes without changing the data.
  func sameData(as other: JSONValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.string(a), .string(b)): return a == b
    case let (.number(a), .number(b)): return a == b || (Double(a).map { $0 == Double(b) } ?? false)
    case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.sameData(as: $1) }
    case let (.object(a), .object(b)):
      var left: [String: JSONValue] = [:]
      for m in a { left[m.key] = m.value }
      var right: [String: JSONValue] = [:]
      for m in b { right[m.key] = m.value }
      return left.count == right.count && left.allSatisfy { key, value in right[key].map { value.sameData(as: $0) } ?? false }
    default: return false
    }
  }
}
