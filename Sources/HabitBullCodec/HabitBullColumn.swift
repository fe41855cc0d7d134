/// The columns of a HabitBull CSV export, in the order HabitBull writes them and Loop reads
/// them (Loop reads by position; TrackerPort finds them by label and needs only the first).
enum HabitBullColumn: Int, CaseIterable, Sendable {
  case habitName, habitDescription, habitCategory, calendarDate, value, commentText

  /// The header label.
  var label: String {
    switch self {
    case .habitName: "HabitName"
    case .habitDescription: "HabitDescription"
    case .habitCategory: "HabitCategory"
    case .calendarDate: "CalendarDate"
    case .value: "Value"
    case .commentText: "CommentText"
    }
  }

  /// Columns a row cannot do without; the others read as empty when the header lacks them.
  var isRequired: Bool { self == .habitName || self == .calendarDate || self == .value }

  /// The header line exactly as HabitBull writes it (Loop recognises a file by its start).
  static let headerLine = allCases.map(\.label).joined(separator: ",")

  /// Whether `head` (a file's first bytes) starts with the labels Loop looks for,
  /// `HabitName,HabitDescription,HabitCategory`, after an optional byte order mark; each label
  /// may be quoted.
  static func sniff(_ head: [UInt8]) -> Bool {
    var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for (n, column) in [habitName, habitDescription, habitCategory].enumerated() {
      let quoted = i < head.count && head[i] == UInt8(ascii: "\"")
      if quoted { i += 1 }
      let label = Array(column.label.utf8)
      guard head.count >= i + label.count, Array(head[i..<(i + label.count)]) == label else { return false }
      i += label.count
      if quoted {
        guard i < head.count, head[i] == UInt8(ascii: "\"") else { return false }
        i += 1
      }
      if n < 2 {
        guard i < head.count, head[i] == UInt8(ascii: ",") else { return false }
        i += 1
      }
    }
    return i == head.count || [UInt8(ascii: ","), 0x0A, 0x0D].contains(head[i])
  }
}
