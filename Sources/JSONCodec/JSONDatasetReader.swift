import TrackerCodec
import TrackerModel

/// Reads canonical JSON straight into the model: a typed layer over ``JSONScanner`` that knows
/// every key of every object, so only unknown keys and `extras` become ``JSONValue``s.
///
/// Unknown keys are kept in the owning object's `extras["json"]` (members in input order) and
/// listed in ``unknownKeys`` for the codec to report. An explicit `extras.json` of the same
/// object is merged with them only when no data is lost and the writer can put both back
/// (see ``keep(_:in:base:)``); otherwise the document is refused.
struct JSONDatasetReader {
  /// An unknown key met while reading.
  struct UnknownKey {
    var offset: Int
    var pointer: String
    var key: String
  }

  var scanner: JSONScanner
  var interner = StringInterner()
  var dates = LastDay()
  /// The unknown keys met, in input order, for the codec to report.
  var unknownKeys: [UnknownKey] = []
  var rootOffset = 0
  var versionSeen = false
  /// Which keys the document's version defines (see ``JSONKeyTables``), set by ``read()``.
  /// Only the cases of keys added by version 2 look at it, so version 1 costs nothing.
  var keys = JSONKeyTables.forVersion(1)
  /// Told the offset and record count every few thousand records, for a progress display.
  var progress: ProgressMeter?
  /// Told, every few thousand records or entries, the offset the reader has gone past: the
  /// input's pages before it may leave memory (``InputBytes/releasePages(before:)``).
  var passed: ((Int) -> Void)?

  init(_ buffer: UnsafeRawBufferPointer) {
    scanner = JSONScanner(buffer)
  }

  // Key tables: a key's index in its table is its bit in the `seen` mask. The root, tracker
  // and record tables are those of the newest version: keys a version added come last, and a
  // document of an older version reads them as unknown keys (``readUndefined(_:depth:base:)``).
  static let rootKeys: [StaticString] = [
    "trackport", "categories", "trackers", "records", "tasks", "taskCategoryOrder", "extras",
    "entries",
  ]
  static let categoryKeys: [StaticString] = ["id", "title", "extras"]
  static let trackerKeys: [StaticString] = [
    "id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date", "pinned", "createdOn", "extras",
    "archived", "description", "goal", "frequency", "reminders",
  ]
  static let recordKeys: [StaticString] = ["trackerId", "date", "extras", "amount", "note"]
  static let entryKeys: [StaticString] = ["trackerId", "date", "skipped", "amount", "note", "extras"]
  static let goalKeys: [StaticString] = ["target", "direction", "unit", "period"]
  static let frequencyKeys: [StaticString] = ["times", "days"]
  static let reminderKeys: [StaticString] = ["time", "days"]
  static let taskKeys: [StaticString] = [
    "id", "title", "description", "color", "category", "start", "end", "done", "reminders",
    "attachments", "position", "extras",
  ]
  static let attachmentKeys: [StaticString] = ["name", "uri"]

  /// Reads the whole document. The version is found first (``declaredVersion(in:)``): it
  /// decides which keys are known, and a version this build does not read is refused before
  /// anything else, as a future format's shape should be refused for its version, not for
  /// its shape. A document whose version cannot be found is read with the keys of version 1
  /// (the fewest) and refused for what is wrong with it: broken JSON, or no version.
  mutating func read() throws -> TrackerDataset {
    switch JSONDatasetReader.declaredVersion(in: scanner.buffer) {
    case .unsupported(let refusal)?: throw refusal
    case .supported(let version)?: keys = JSONKeyTables.forVersion(version)
    case .notANumber?, nil: keys = JSONKeyTables.forVersion(1)
    }
    return try readDocument()
  }

  private mutating func readDocument() throws -> TrackerDataset {
    guard let first = scanner.peek() else { throw scanner.endOfInput }
    guard first == UInt8(ascii: "{") else {
      throw scanner.unexpected("expected '{' at the start of a TrackerPort JSON document")
    }
    rootOffset = scanner.position
    scanner.position += 1
    var dataset = TrackerDataset()
    do {
      try readRootMembers(into: &dataset)
    } catch var failure as JSONReadFailure {
      // Broken JSON inside the document: the document is the innermost container known.
      if failure.pointer == nil { failure.pointer = "" }
      throw failure
    }
    if scanner.peek() != nil {
      throw scanner.unexpected("unexpected content after the end of the document")
    }
    guard versionSeen else {
      throw JSONReadFailure(at: rootOffset, "missing \"trackport\": 1, the format version", pointer: "",
                            note: "a TrackerPort JSON document starts with {\"trackport\": 1, ...}")
    }
    return dataset
  }

  /// The members of the top-level object, after its `{`, up to and including its `}`.
  private mutating func readRootMembers(into dataset: inout TrackerDataset) throws {
    var members = Members(JSONDatasetReader.rootKeys, depth: 1)
    while let k = try nextMember(&members, base: "") {
      switch k {
      case 0: try readVersion()
      case 1:
        dataset.categories = try readArray("categories", "an array of category objects") { r, i in
          try r.readCategory(index: i)
        }
      case 2:
        dataset.trackers = try readArray("trackers", "an array of tracker objects") { r, i in
          try r.readTracker(index: i)
        }
      case 3: dataset.records = try readRecords()
      case 4:
        dataset.tasks = try readArray("tasks", "an array of task objects") { r, i in
          try r.readTask(index: i)
        }
      case 5: dataset.taskCategoryOrder = try readStringArray("taskCategoryOrder", base: "")
      case 6: dataset.extras = try readExtras(base: "", depth: 1)
      case 7 where keys.version >= 2:
        dataset.entries = try readArray("entries", "an array of entry objects") { r, i in
          try r.readEntry(index: i)
        }
      default: members.unknown.append(try readUndefined(JSONDatasetReader.rootKeys[k], depth: 1, base: ""))
      }
    }
    try keep(members.unknown, in: &dataset.extras, base: "")
  }

  // MARK: Entities

  private mutating func readCategory(index: Int) throws -> TrackerCategory {
    let base = "/categories/\(index)"
    let open = try openObject(base, "each category must be an object")
    var id: String?, title: String?
    var extras: Extras = [:]
    var members = Members(JSONDatasetReader.categoryKeys, depth: 3)
    while let k = try nextMember(&members, base: base) {
      switch k {
      case 0: id = try readString("id", base)
      case 1: title = try readString("title", base)
      default: extras = try readExtras(base: base, depth: 3)
      }
    }
    guard let id else { throw missing("category", "id", open, base) }
    guard let title else { throw missing("category", "title", open, base) }
    try keep(members.unknown, in: &extras, base: base)
    return TrackerCategory(id: id, title: title, extras: extras)
  }

  private mutating func readTracker(index: Int) throws -> Tracker {
    let base = "/trackers/\(index)"
    let open = try openObject(base, "each tracker must be an object")
    var id: String?, name: String?, categoryId: String?, kind: TrackerKind?
    var emoji: String?, color: String?, schedule: [Weekday]?
    var date: LocalDate?, createdOn: LocalDate?
    var pinned = false, archived = false
    var description: String?, goal: TrackerGoal?, frequency: TrackerFrequency?
    var reminders: [TrackerReminder] = []
    var goalUnknown: [JSONMember] = [], frequencyUnknown: [JSONMember] = [], reminderUnknown: [JSONValue] = []
    var extras: Extras = [:]
    var members = Members(JSONDatasetReader.trackerKeys, depth: 3)
    while let k = try nextMember(&members, base: base) {
      switch k {
      case 0: id = try readString("id", base)
      case 1:
        let (text, offset) = try readStringWithOffset("kind", base)
        guard let value = TrackerKind(rawValue: text) else {
          throw JSONReadFailure(at: offset, "\"kind\" must be \"habit\" or \"event\", not \(quoted(text))",
                                pointer: base + "/kind")
        }
        kind = value
      case 2: name = try readString("name", base)
      case 3: categoryId = try readString("categoryId", base)
      case 4: emoji = try readOptionalString("emoji", base)
      case 5: color = try readOptionalString("color", base)
      case 6: schedule = try readWeekdays("schedule", base)
      case 7: date = try readOptionalDate("date", base)
      case 8: pinned = try readBool("pinned", base)
      case 9: createdOn = try readOptionalDate("createdOn", base)
      case 10: extras = try readExtras(base: base, depth: 3)
      case 11 where keys.version >= 2: archived = try readBool("archived", base)
      case 12 where keys.version >= 2: description = try readOptionalString("description", base)
      case 13 where keys.version >= 2: (goal, goalUnknown) = try readGoal(base)
      case 14 where keys.version >= 2: (frequency, frequencyUnknown) = try readFrequency(base)
      case 15 where keys.version >= 2: (reminders, reminderUnknown) = try readTrackerReminders(base)
      default: members.unknown.append(try readUndefined(JSONDatasetReader.trackerKeys[k], depth: 3, base: base))
      }
    }
    guard let id else { throw missing("tracker", "id", open, base) }
    guard let kind else { throw missing("tracker", "kind", open, base) }
    guard let name else { throw missing("tracker", "name", open, base) }
    guard let categoryId else { throw missing("tracker", "categoryId", open, base) }
    try keep(members.unknown, in: &extras, base: base)
    try keepNested(goalUnknown, of: base, key: "goal", owner: "tracker", in: &extras)
    try keepNested(frequencyUnknown, of: base, key: "frequency", owner: "tracker", in: &extras)
    try keepItemKeys(reminderUnknown, of: base, key: "reminders", item: "a reminder", owner: "tracker", in: &extras)
    return Tracker(id: id, kind: kind, name: name, categoryId: categoryId, emoji: emoji, color: color,
                   schedule: schedule, date: date, pinned: pinned, createdOn: createdOn, archived: archived,
                   description: description, goal: goal, frequency: frequency, reminders: reminders, extras: extras)
  }

  /// The hot path: a big file is mostly records. Tracker ids are interned.
  private mutating func readRecords() throws -> [TrackerRecord] {
    guard scanner.peek() == UInt8(ascii: "[") else {
      throw typeError("records", pointer: "/records", "an array of record objects")
    }
    scanner.position += 1
    let arrayStart = scanner.position
    var records: [TrackerRecord] = []
    var index = 0
    do {
      var more = try scanner.hasFirstElement()
      while more {
        do {
          records.append(try readRecord(index: index))
        } catch var failure as JSONReadFailure {
          // Broken JSON inside a record: the record is the innermost container known.
          if failure.pointer == nil { failure.pointer = "/records/\(index)" }
          throw failure
        }
        index += 1
        if index == 4096 {
          // Sized once for the whole array from the first records' length, rather than
          // doubling: a doubling copies it, and for millions of records the copy was the peak
          // of memory. Room never used costs address space only.
          let perRecord = max(16, (scanner.position - arrayStart) / index)
          records.reserveCapacity(index + min((scanner.count - scanner.position) / perRecord, 500_000_000) * 5 / 4)
        }
        if index & 4095 == 0 {
          progress?.reached(bytes: scanner.position, items: index)
          passed?(scanner.position)
        }
        more = try scanner.hasNextElement()
      }
    } catch var failure as JSONReadFailure {
      if failure.pointer == nil { failure.pointer = "/records" }
      throw failure
    }
    return records
  }

  private mutating func readRecord(index: Int) throws -> TrackerRecord {
    let open = try openObject("/records/\(index)", "each record must be an object")
    var trackerId: String?
    var date: LocalDate?
    var amount: Double?, note: String?
    var extras: Extras = [:]
    var members = Members(JSONDatasetReader.recordKeys, depth: 3)
    while let k = try nextMember(&members, base: "/records/\(index)") {
      switch k {
      case 0:
        guard scanner.peek() == UInt8(ascii: "\"") else {
          throw typeError("trackerId", pointer: "/records/\(index)/trackerId", "a string")
        }
        let token = try scanner.readString()
        trackerId = scanner.withBytes(token) { interner.intern($0) }
      case 1: date = try readDate("date", "/records/\(index)")
      case 2: extras = try readExtras(base: "/records/\(index)", depth: 3)
      case 3 where keys.version >= 2: amount = try readOptionalAmount("amount", "/records/\(index)")
      case 4 where keys.version >= 2: note = try readNote("/records/\(index)")
      default:
        members.unknown.append(try readUndefined(JSONDatasetReader.recordKeys[k], depth: 3, base: "/records/\(index)"))
      }
    }
    guard let trackerId else { throw missing("record", "trackerId", open, "/records/\(index)") }
    guard let date else { throw missing("record", "date", open, "/records/\(index)") }
    try keep(members.unknown, in: &extras, base: "/records/\(index)")
    return TrackerRecord(trackerId: trackerId, date: date, amount: amount, note: note, extras: extras)
  }

  // MARK: Containers

  /// Reads an array of entities, one `element` call per item (at the item's first byte).
  mutating func readArray<T>(_ key: String, _ expected: String,
                                     _ element: (inout JSONDatasetReader, Int) throws -> T) throws -> [T] {
    guard scanner.peek() == UInt8(ascii: "[") else { throw typeError(key, pointer: "/" + key, expected) }
    scanner.position += 1
    var items: [T] = []
    do {
      var more = try scanner.hasFirstElement()
      while more {
        do {
          items.append(try element(&self, items.count))
          if items.count & 4095 == 0 { passed?(scanner.position) }
        } catch var failure as JSONReadFailure {
          // Broken JSON inside an entity: the entity is the innermost container known.
          if failure.pointer == nil { failure.pointer = "/\(key)/\(items.count)" }
          throw failure
        }
        more = try scanner.hasNextElement()
      }
    } catch var failure as JSONReadFailure {
      if failure.pointer == nil { failure.pointer = "/" + key }
      throw failure
    }
    return items
  }

  /// Consumes `{` and returns its offset, or fails with a type error at `base`.
  mutating func openObject(_ base: @autoclosure () -> String, _ message: String) throws -> Int {
    guard scanner.peek() == UInt8(ascii: "{") else {
      let found = scanner.kindOfNextValue()
      throw JSONReadFailure(at: min(scanner.position, scanner.count), "\(message), not \(found)", pointer: base())
    }
    let open = scanner.position
    scanner.position += 1
    return open
  }

  /// An `extras` object: namespace → any value.
  mutating func readExtras(base: String, depth: Int) throws -> Extras {
    guard scanner.peek() == UInt8(ascii: "{") else {
      throw typeError("extras", pointer: base + "/extras", "an object of namespaces")
    }
    scanner.position += 1
    var extras: Extras = [:]
    var more = try scanner.hasFirstMember()
    while more {
      let token = try scanner.readKey()
      let key = scanner.string(token)
      guard extras[key] == nil else {
        throw JSONReadFailure(at: token.offset, "duplicate key \"\(key)\" in an object", pointer: base + "/extras")
      }
      extras[key] = try readValue(depth: depth + 1, pointer: base + "/extras/" + JSONPointer.escape(key))
      more = try scanner.hasNextMember()
    }
    return extras
  }

  /// Reads an unknown key's value and records it for a warning.
  mutating func readUnknown(_ token: JSONStringToken, depth: Int, base: String,
                            into set: inout JSONKeySet, among members: [JSONMember]) throws -> JSONMember {
    let key = scanner.string(token)
    guard set.insert(key, members: members) else {
      throw JSONReadFailure(at: token.offset, "duplicate key \"\(key)\" in an object", pointer: base)
    }
    let pointer = base + "/" + JSONPointer.escape(key)
    unknownKeys.append(UnknownKey(offset: token.offset, pointer: pointer, key: key))
    return JSONMember(key, try readValue(depth: depth, pointer: pointer))
  }

  /// ``JSONScanner/readValue(depth:)`` with failures located under `pointer` (the scanner's
  /// pointers are relative to the value it reads).
  mutating func readValue(depth: Int, pointer: @autoclosure () -> String) throws -> JSONValue {
    do {
      return try scanner.readValue(depth: depth)
    } catch var failure as JSONReadFailure {
      failure.pointer = pointer() + (failure.pointer ?? "")
      throw failure
    }
  }

  /// Unknown keys go to `extras["json"]`. An explicit `extras.json` of the same object (it
  /// can only come from hand-editing) is kept too when both fit in one object: it must be an
  /// object with no key in common with the unknown keys, whose members then come first.
  /// Otherwise one of them would be lost or written twice, so the object is refused.
  mutating func keep(_ unknown: [JSONMember], in extras: inout Extras, base: @autoclosure () -> String) throws {
    guard !unknown.isEmpty else { return }
    guard let explicit = extras["json"] else {
      extras["json"] = .object(unknown)
      return
    }
    let base = base()
    extras["json"] = .object(try merge(explicit, unknown, inline: base, namespace: base + "/extras/json",
                                       holder: "this object's \"extras\": {\"json\": ...}"))
  }

  /// `explicit`'s members followed by `unknown` (members of the object at `inline`), or the
  /// failure that says why they do not fit together: `explicit` (at `namespace`, described as
  /// `holder`) is not an object, or has a key of `unknown`.
  mutating func merge(_ explicit: JSONValue, _ unknown: [JSONMember], inline: String,
                      namespace: String, holder: String) throws -> [JSONMember] {
    let note = "unknown keys are kept there (\(namespace)); remove or rename one of the two"
    guard case .object(let members) = explicit else {
      let key = unknown[0].key
      throw JSONReadFailure(at: unknownKeyOffset(inline, key),
                            "unknown key \"\(key)\" cannot be kept: \(holder) is not an object",
                            pointer: inline + "/" + JSONPointer.escape(key), note: note)
    }
    let explicitKeys = Set(members.map(\.key))
    for member in unknown where explicitKeys.contains(member.key) {
      throw JSONReadFailure(at: unknownKeyOffset(inline, member.key),
                            "unknown key \"\(member.key)\" is also a key of \(holder)",
                            pointer: inline + "/" + JSONPointer.escape(member.key), note: note)
    }
    return members + unknown
  }

  /// Where the unknown key `key` of the object at `base` was read (an error path only).
  func unknownKeyOffset(_ base: String, _ key: String) -> Int {
    let pointer = base + "/" + JSONPointer.escape(key)
    return unknownKeys.last { $0.pointer == pointer }?.offset ?? scanner.position
  }

}
