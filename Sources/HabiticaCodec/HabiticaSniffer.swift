/// Recognises a Habitica export from the first bytes of a file.
///
/// `userdata.json`: a top-level object with `preferences` and `tasks`, whose members (when
/// any) are among `habits`, `dailys`, `todos`, `rewards`. Habitica writes `tasks` last, often
/// beyond the head of a long export; a head that ends before it counts when it has
/// `preferences` and Habitica's `tasksOrder`, or `preferences` and three other members of
/// Habitica's user object (``userKeys``; a long inbox can hide `tasksOrder`).
/// `history.csv`: the header line exactly.
enum HabiticaSniffer {
  static let taskKeys: Set<String> = ["habits", "dailys", "todos", "rewards"]
  /// Members of Habitica's user object that come before `tasks`.
  static let userKeys: Set<String> = ["auth", "achievements", "purchased", "flags", "items", "party", "stats", "invitations",
                                      "apiToken", "pushDevices", "lastCron", "loginIncentives", "pinnedItems"]

  static func isUserData(_ head: [UInt8]) -> Bool {
    userObject(head) == .export
  }

  /// What a head holding a user object is: an export, or (seen whole, without `tasks`) the
  /// user alone, as the API's `/user` answers; `nil` for anything else.
  enum UserObject { case export, withoutTasks }

  /// A head seen whole (its closing brace in it) decides by `tasks` alone, as the reader does:
  /// `detect` and `convert` never disagree on a file. A head cut before `tasks` counts on the
  /// user's other members.
  static func userObject(_ head: [UInt8]) -> UserObject? {
    head.withUnsafeBytes { bytes -> UserObject? in
      var scanner = Scanner(bytes: bytes)
      scanner.skipByteOrderMark()
      guard scanner.peek() == UInt8(ascii: "{") else { return nil }
      scanner.position += 1
      var preferences = false, tasksOrder = false, whole = false
      var others = 0
      var tasks: Bool?
      while true {
        guard scanner.peek() == UInt8(ascii: "\""), let key = scanner.string() else { break }
        guard scanner.peek() == UInt8(ascii: ":") else { break }
        scanner.position += 1
        switch key {
        case "preferences":
          preferences = scanner.peek() == UInt8(ascii: "{")
        case "tasksOrder":
          tasksOrder = scanner.peek() == UInt8(ascii: "{")
        case "trackport":
          return nil
        case "tasks":
          tasks = scanner.taskKeysAreHabitica()
          if tasks == false { return nil }
        default:
          if userKeys.contains(key) { others += 1 }
        }
        if key != "tasks" || tasks == nil {
          guard scanner.skipValue() else { break }
        }
        guard let next = scanner.peek(), next == UInt8(ascii: ",") else {
          whole = scanner.peek() == UInt8(ascii: "}")
          break
        }
        scanner.position += 1
      }
      guard preferences else { return nil }
      if tasks == true { return .export }
      guard tasks == nil, tasksOrder || others >= 3 else { return nil }
      return whole ? .withoutTasks : .export
    }
  }

  /// A JSON array whose first element is an object with a Habitica task `type` (`habit`,
  /// `daily`, `todo`, `reward`): the task list of the API's `/tasks/user` answer.
  static func isTaskList(_ head: [UInt8]) -> Bool {
    let text = String(decoding: head.prefix(4_096), as: UTF8.self)
    let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    guard start.first == "[", start.dropFirst().drop(while: \.isWhitespace).first == "{" else { return false }
    let compact = start.filter { !$0.isWhitespace }
    return ["habit", "daily", "todo", "reward"].contains { compact.contains("\"type\":\"\($0)\"") }
  }

  static func isHistoryCSV(_ head: [UInt8]) -> Bool {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let start = head.starts(with: bom) ? 3 : 0
    let line = Array(HabiticaCSVReader.headerLine.utf8)
    guard head.count >= start + line.count, Array(head[start..<(start + line.count)]) == line else { return false }
    let end = start + line.count
    return end == head.count || head[end] == 0x0A || head[end] == 0x0D
  }

  /// A forgiving walk over a head that may stop anywhere.
  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    mutating func skipByteOrderMark() {
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    mutating func peek() -> UInt8? {
      while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
      return position < bytes.count ? bytes[position] : nil
    }

    /// A string at the position (raw: keys that matter have no escapes); `nil` when cut off.
    mutating func string() -> String? {
      let start = position + 1
      position += 1
      while position < bytes.count {
        let b = bytes[position]
        if b == UInt8(ascii: "\\") {
          position += 2
          continue
        }
        position += 1
        if b == UInt8(ascii: "\"") {
          return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
        }
      }
      return nil
    }

    /// Steps over one value; `false` when the head ends inside it.
    mutating func skipValue() -> Bool {
      guard let b = peek() else { return false }
      if b == UInt8(ascii: "\"") { return string() != nil }
      if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
        var depth = 0
        while position < bytes.count {
          let c = bytes[position]
          if c == UInt8(ascii: "\"") {
            guard string() != nil else { return false }
            continue
          }
          if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
          if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
            depth -= 1
            if depth == 0 {
              position += 1
              return true
            }
          }
          position += 1
        }
        return false
      }
      while position < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[position]) {
        position += 1
      }
      return position < bytes.count
    }

    /// `true` when `tasks` is an object whose keys seen are Habitica's; `false` when it is
    /// not; `nil` when the head ends before anything decides.
    mutating func taskKeysAreHabitica() -> Bool? {
      guard let b = peek() else { return nil }
      guard b == UInt8(ascii: "{") else { return false }
      position += 1
      if peek() == UInt8(ascii: "}") {
        position += 1
        return true
      }
      var sawOne = false
      while true {
        guard let q = peek() else { return sawOne ? true : nil }
        guard q == UInt8(ascii: "\""), let key = string() else { return sawOne ? true : nil }
        guard HabiticaSniffer.taskKeys.contains(key) else { return false }
        sawOne = true
        guard peek() == UInt8(ascii: ":") else { return true }
        position += 1
        guard skipValue() else { return true }
        guard let next = peek() else { return true }
        position += 1
        if next == UInt8(ascii: "}") { return true }
        guard next == UInt8(ascii: ",") else { return false }
      }
    }
  }
}
