import TrackerModel

/// What format version 2 adds: a tracker's goal, frequency and reminders, amounts, and the
/// top-level `entries`. Only a version-2 document reaches these (see ``JSONKeyTables``).
extension JSONDatasetReader {
  /// An amount or a target: a JSON number that a `Double` holds. A number too large for one
  /// (`1e400`) is refused rather than read as infinity, which no format could write back.
  mutating func readAmount(_ key: String, _ base: @autoclosure () -> String) throws -> Double {
    guard let b = scanner.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else {
      throw typeError(key, pointer: base() + "/" + key, "a number")
    }
    let span = try scanner.readNumber()
    let text = scanner.text(span)
    guard let value = Double(text), value.isFinite else {
      throw JSONReadFailure(at: span.lowerBound,
                            "\"\(key)\" must be a number a 64-bit float can hold (up to about 1.8e308), not \(text)",
                            pointer: base() + "/" + key)
    }
    return value
  }

  /// `null` reads as absent. Kept out of line: the records' hot path stays small when no
  /// record has an amount.
  @inline(never)
  mutating func readOptionalAmount(_ key: String, _ base: @autoclosure () -> String) throws -> Double? {
    if try readNull() { return nil }
    guard let b = scanner.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else {
      throw typeError(key, pointer: base() + "/" + key, "a number or null")
    }
    return try readAmount(key, base())
  }

  /// A record's or an entry's `note` (`null` reads as absent), kept out of line as
  /// ``readOptionalAmount(_:_:)`` is.
  @inline(never)
  mutating func readNote(_ base: @autoclosure () -> String) throws -> String? {
    try readOptionalString("note", base())
  }

  /// A tracker's `goal` (`null` reads as absent), with its unknown members. Its `period` is a
  /// key of version 3: in an older document it is an unknown key, as such a reader read it.
  mutating func readGoal(_ base: String) throws -> (TrackerGoal?, [JSONMember]) {
    if try readNull() { return (nil, []) }
    let pointer = base + "/goal"
    let open = try openObject(pointer, "\"goal\" must be an object {\"target\", \"direction\", \"unit\", \"period\"} or null")
    var target: Double?, direction = TrackerGoal.Direction.atLeast, unit: String?, period = TrackerGoal.Period.day
    var members = Members(JSONDatasetReader.goalKeys, depth: 4)
    while let k = try nextMember(&members, base: pointer) {
      switch k {
      case 0: target = try readAmount("target", pointer)
      case 1:
        let (text, offset) = try readStringWithOffset("direction", pointer)
        guard let value = TrackerGoal.Direction(rawValue: text) else {
          throw JSONReadFailure(at: offset, "\"direction\" must be \"atLeast\" or \"atMost\", not \(quoted(text))",
                                pointer: pointer + "/direction")
        }
        direction = value
      case 2: unit = try readOptionalString("unit", pointer)
      case 3 where keys.version >= 3:
        let (text, offset) = try readStringWithOffset("period", pointer)
        guard let value = TrackerGoal.Period(text: text) else {
          throw JSONReadFailure(at: offset, "\"period\" must be \"day\", \"week\", \"month\" or a number of days such as \"10d\", not \(quoted(text))",
                                pointer: pointer + "/period")
        }
        period = value
      default: members.unknown.append(try readUndefined(JSONDatasetReader.goalKeys[k], depth: 4, base: pointer))
      }
    }
    guard let target else { throw missing("goal", "target", open, pointer) }
    return (TrackerGoal(target: target, direction: direction, unit: unit, period: period), members.unknown)
  }

  /// A tracker's `frequency` (`null` reads as absent), with its unknown members.
  mutating func readFrequency(_ base: String) throws -> (TrackerFrequency?, [JSONMember]) {
    if try readNull() { return (nil, []) }
    let pointer = base + "/frequency"
    let open = try openObject(pointer, "\"frequency\" must be an object {\"times\", \"days\"} or null")
    var times: Int?, days: Int?
    var members = Members(JSONDatasetReader.frequencyKeys, depth: 4)
    while let k = try nextMember(&members, base: pointer) {
      if k == 0 { times = try readInt("times", pointer) } else { days = try readInt("days", pointer) }
    }
    guard let times else { throw missing("frequency", "times", open, pointer) }
    guard let days else { throw missing("frequency", "days", open, pointer) }
    return (TrackerFrequency(times: times, days: days), members.unknown)
  }

  /// A tracker's `reminders`, with each one's unknown members (`null` for none), as
  /// attachments are read.
  mutating func readTrackerReminders(_ base: String) throws -> ([TrackerReminder], [JSONValue]) {
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError("reminders", pointer: base + "/reminders", "an array of {\"time\", \"days\"} objects")
    }
    scanner.position += 1
    var reminders: [TrackerReminder] = []
    var unknown: [JSONValue] = []
    var more = try scanner.hasFirstElement()
    while more {
      let itemBase = base + "/reminders/\(reminders.count)"
      let open = try openObject(itemBase, "each reminder must be an object")
      var time: String?, days: [Weekday]?
      var members = Members(JSONDatasetReader.reminderKeys, depth: 5)
      while let k = try nextMember(&members, base: itemBase) {
        if k == 0 { time = try readString("time", itemBase) } else { days = try readWeekdays("days", itemBase) }
      }
      guard let time else { throw missing("reminder", "time", open, itemBase) }
      reminders.append(TrackerReminder(time: time, days: days))
      unknown.append(members.unknown.isEmpty ? .null : .object(members.unknown))
      more = try scanner.hasNextElement()
    }
    return (reminders, unknown)
  }

  /// One of the top-level `entries`: a day marked but not done. Tracker ids are interned, as
  /// records' are.
  mutating func readEntry(index: Int) throws -> TrackerEntry {
    let base = "/entries/\(index)"
    let open = try openObject(base, "each entry must be an object")
    var trackerId: String?, date: LocalDate?
    var skipped = false, amount: Double?, note: String?
    var extras: Extras = [:]
    var members = Members(JSONDatasetReader.entryKeys, depth: 3)
    while let k = try nextMember(&members, base: base) {
      switch k {
      case 0:
        guard scanner.peek() == UInt8(ascii: "\"") else { throw typeError("trackerId", pointer: base + "/trackerId", "a string") }
        let token = try scanner.readString()
        trackerId = scanner.withBytes(token) { interner.intern($0) }
      case 1: date = try readDate("date", base)
      case 2: skipped = try readBool("skipped", base)
      case 3: amount = try readOptionalAmount("amount", base)
      case 4: note = try readNote(base)
      default: extras = try readExtras(base: base, depth: 3)
      }
    }
    guard let trackerId else { throw missing("entry", "trackerId", open, base) }
    guard let date else { throw missing("entry", "date", open, base) }
    try keep(members.unknown, in: &extras, base: base)
    return TrackerEntry(trackerId: trackerId, date: date, skipped: skipped, amount: amount, note: note, extras: extras)
  }
}
