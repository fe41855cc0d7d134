import TrackerModel

/// Typed values of known keys. A wrong type or an impossible value fails at the value, with a
/// message naming the key and what it must be.
extension JSONDatasetReader {
  /// A type error at the next value: `"pinned" must be a boolean (true or false), not a string`.
  mutating func typeError(_ key: String, pointer: @autoclosure () -> String, _ expected: String) -> JSONReadFailure {
    let found = scanner.kindOfNextValue()
    return JSONReadFailure(at: min(scanner.position, scanner.count), "\"\(key)\" must be \(expected), not \(found)",
                           pointer: pointer())
  }

  /// `text` in quotes, shortened when long, for messages.
  func quoted(_ text: String) -> String {
    let short = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
    return "\"" + short + "\""
  }

  mutating func readString(_ key: String, _ base: @autoclosure () -> String) throws -> String {
    guard scanner.peek() == UInt8(ascii: "\"") else { throw typeError(key, pointer: base() + "/" + key, "a string") }
    let token = try scanner.readString()
    return scanner.string(token)
  }

  mutating func readStringWithOffset(_ key: String, _ base: @autoclosure () -> String) throws -> (String, Int) {
    guard scanner.peek() == UInt8(ascii: "\"") else { throw typeError(key, pointer: base() + "/" + key, "a string") }
    let token = try scanner.readString()
    return (scanner.string(token), token.offset)
  }

  /// `null` reads as absent.
  mutating func readOptionalString(_ key: String, _ base: @autoclosure () -> String) throws -> String? {
    if try readNull() { return nil }
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw typeError(key, pointer: base() + "/" + key, "a string or null")
    }
    let token = try scanner.readString()
    return scanner.string(token)
  }

  /// Consumes `null` if it is next.
  mutating func readNull() throws -> Bool {
    guard scanner.peek() == UInt8(ascii: "n") else { return false }
    _ = try scanner.readLiteral()
    return true
  }

  mutating func readBool(_ key: String, _ base: @autoclosure () -> String) throws -> Bool {
    switch scanner.peek() {
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      return try scanner.readLiteral() == .true
    default:
      throw typeError(key, pointer: base() + "/" + key, "a boolean (true or false)")
    }
  }

  mutating func readInt(_ key: String, _ base: @autoclosure () -> String) throws -> Int {
    guard let b = scanner.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else {
      throw typeError(key, pointer: base() + "/" + key, "an integer")
    }
    let span = try scanner.readNumber()
    guard let value = Int(scanner.text(span)) else {
      throw JSONReadFailure(at: span.lowerBound, "\"\(key)\" must be an integer, not \(scanner.text(span))",
                            pointer: base() + "/" + key)
    }
    return value
  }

  mutating func readDate(_ key: String, _ base: @autoclosure () -> String) throws -> LocalDate {
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw typeError(key, pointer: base() + "/" + key, "a day as a string \"YYYY-MM-DD\"")
    }
    let token = try scanner.readString()
    guard let date = scanner.withBytes(token, { dates.date($0) }) else {
      throw JSONReadFailure(at: token.offset,
                            "\"\(key)\" must be a day that exists, written YYYY-MM-DD, not \(quoted(scanner.string(token)))",
                            pointer: base() + "/" + key)
    }
    return date
  }

  mutating func readOptionalDate(_ key: String, _ base: @autoclosure () -> String) throws -> LocalDate? {
    if try readNull() { return nil }
    return try readDate(key, base())
  }

  mutating func readDateTime(_ key: String, pointer: @autoclosure () -> String) throws -> LocalDateTime {
    guard scanner.peek() == UInt8(ascii: "\"") else {
      throw typeError(key, pointer: pointer(), "a local time as a string \"YYYY-MM-DDTHH:MM\"")
    }
    let token = try scanner.readString()
    guard let value = scanner.withBytes(token, { LocalDateTime(utf8: $0) }) else {
      throw JSONReadFailure(at: token.offset,
                            "\"\(key)\" must be a local time that exists, written YYYY-MM-DDTHH:MM, not \(quoted(scanner.string(token)))",
                            pointer: pointer())
    }
    return value
  }

  mutating func readOptionalDateTime(_ key: String, _ base: @autoclosure () -> String) throws -> LocalDateTime? {
    if try readNull() { return nil }
    return try readDateTime(key, pointer: base() + "/" + key)
  }

  /// An array of weekday names under `key` (a tracker's `schedule`, a reminder's `days`),
  /// kept as written (order and duplicates); `null` reads as absent.
  mutating func readWeekdays(_ key: String, _ base: @autoclosure () -> String) throws -> [Weekday]? {
    if try readNull() { return nil }
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError(key, pointer: base() + "/" + key, "an array of weekdays (\"mon\" … \"sun\")")
    }
    scanner.position += 1
    var days: [Weekday] = []
    var more = try scanner.hasFirstElement()
    while more {
      func pointer() -> String { base() + "/\(key)/\(days.count)" }
      guard scanner.peek() == UInt8(ascii: "\"") else {
        throw JSONReadFailure(at: min(scanner.position, scanner.count),
                              "\"\(key)\" items must be weekdays (\"mon\" … \"sun\"), not \(scanner.kindOfNextValue())",
                              pointer: pointer())
      }
      let token = try scanner.readString()
      let text = scanner.string(token)
      guard let day = Weekday(rawValue: text) else {
        throw JSONReadFailure(at: token.offset,
                              "\"\(key)\" items must be weekdays (mon tue wed thu fri sat sun), not \(quoted(text))",
                              pointer: pointer())
      }
      days.append(day)
      more = try scanner.hasNextElement()
    }
    return days
  }

  mutating func readReminders(_ base: @autoclosure () -> String) throws -> [LocalDateTime] {
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError("reminders", pointer: base() + "/reminders", "an array of local times (\"YYYY-MM-DDTHH:MM\")")
    }
    scanner.position += 1
    var reminders: [LocalDateTime] = []
    var more = try scanner.hasFirstElement()
    while more {
      reminders.append(try readDateTime("reminders", pointer: base() + "/reminders/\(reminders.count)"))
      more = try scanner.hasNextElement()
    }
    return reminders
  }

  /// An array of strings (`taskCategoryOrder`).
  mutating func readStringArray(_ key: String, base: @autoclosure () -> String) throws -> [String] {
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError(key, pointer: base() + "/" + key, "an array of strings")
    }
    scanner.position += 1
    var items: [String] = []
    var more = try scanner.hasFirstElement()
    while more {
      guard scanner.peek() == UInt8(ascii: "\"") else {
        throw JSONReadFailure(at: min(scanner.position, scanner.count),
                              "\"\(key)\" items must be strings, not \(scanner.kindOfNextValue())",
                              pointer: base() + "/" + key + "/\(items.count)")
      }
      let token = try scanner.readString()
      items.append(scanner.string(token))
      more = try scanner.hasNextElement()
    }
    return items
  }
}
