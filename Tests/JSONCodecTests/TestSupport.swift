import Foundation
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// Decoding and encoding in memory, and fixture access.
enum Harness: TestHelpers {
  static let codec = JSONCodec()

  static func decode(_ text: String, name: String = "test.trackport.json") throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), name: name)
  }

  static func decode(_ bytes: [UInt8], name: String = "test.trackport.json") throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(codec, bytes: bytes, name: name)
  }

  static func encode(_ dataset: TrackerDataset) throws -> [UInt8] {
    try TrackerTestSupport.encode(codec, dataset).0
  }

  /// The error decoding `text` throws, or `nil` when it decodes.
  static func failure(_ text: String) -> CodecError? {
    failure(Array(text.utf8))
  }

  static func failure(_ bytes: [UInt8]) -> CodecError? {
    TrackerTestSupport.decodeError(codec, bytes: bytes, name: "test.trackport.json")
  }

  static func fixture(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
      throw CodecError(.cannotReadInput, "missing fixture \(name)")
    }
    return Array(try Data(contentsOf: url))
  }

  static func fixtureURL(_ name: String) -> URL? {
    Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")
  }
}

/// Random datasets full of the text that breaks writers: quotes, backslashes, control
/// characters, emoji, Cyrillic, combining marks, U+2028, and extras of every shape.
struct DatasetMaker {
  var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  private static let pieces: [String] = [
    "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "e\u{301}",
    "\"\u{301}", "Поливать", "ё", "🌺", "❤️", "👩‍👩‍👧", "\u{2028}", "\u{2029}", "\u{FEFF}", "{", "}", "[", "]",
    ":", ",", "~", "~1", "日本", "\r\n", "\u{10FFFF}", "null", "0",
  ]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func text(maxPieces: Int = 6) -> String {
    var s = ""
    for _ in 0..<int(0...maxPieces) { s += DatasetMaker.pieces[int(0...(DatasetMaker.pieces.count - 1))] }
    return s
  }

  mutating func date() -> LocalDate {
    LocalDate(dayNumber: int(-700_000...2_900_000))
  }

  mutating func dateTime() -> LocalDateTime? {
    LocalDateTime(date: date(), hour: int(0...23), minute: int(0...59))
  }

  mutating func number() -> String {
    ["0", "-0", "12", "-0.5e10", "3.25", "1E+9", "-7", "123456789012345678901234567890", "0.000001", "2e-3"][int(0...9)]
  }

  mutating func value(depth: Int = 0) -> JSONValue {
    switch int(depth > 3 ? 0...3 : 0...5) {
    case 0: return .null
    case 1: return .bool(chance(50))
    case 2: return .number(number())
    case 3: return .string(text())
    case 4: return .array((0..<int(0...3)).map { _ in value(depth: depth + 1) })
    default: return .object(members(depth: depth + 1))
    }
  }

  /// Members with unique keys (JSON objects with duplicate keys are refused on reading).
  mutating func members(depth: Int, excluding: Set<String> = []) -> [JSONMember] {
    var keys = Set<String>()
    var result: [JSONMember] = []
    for _ in 0..<int(0...3) {
      let key = text(maxPieces: 3)
      guard !keys.contains(key), !excluding.contains(key) else { continue }
      keys.insert(key)
      result.append(JSONMember(key, value(depth: depth)))
    }
    return result
  }

  /// Extras in other namespaces, and sometimes unknown keys as a JSON source keeps them.
  mutating func extras(known: Set<String>) -> Extras {
    var extras: Extras = [:]
    guard chance(30) else { return extras }
    for _ in 0..<int(0...2) { extras[["loop", "habitica", "x/y", text(maxPieces: 2)][int(0...3)]] = value() }
    if chance(50) {
      let unknown = members(depth: 1, excluding: known.union(["extras"]))
      if !unknown.isEmpty { extras["json"] = .object(unknown) }
    } else if chance(20) {
      // A "json" namespace that cannot go inline (collides with a known key): kept under extras.
      extras["json"] = chance(50) ? .object([JSONMember("id", .number("1"))]) : .string(text())
    }
    return extras
  }

  /// Amounts and targets that are hard to write: edges of `Double`, fractions with no short
  /// decimal form, and random finite bit patterns.
  mutating func amount() -> Double {
    let awkward: [Double] = [0, -0.0, 0.1, 1e21, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 9_007_199_254_740_994,
                             1.0 / 3, -2.5, 6, 1e16, .leastNormalMagnitude, 123_456_789.125]
    if chance(50) { return awkward[int(0...(awkward.count - 1))] }
    while true {
      let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
      if value.isFinite { return value }
    }
  }

  mutating func weekdays() -> [Weekday] { (0..<int(0...8)).map { _ in Weekday.allCases[int(0...6)] } }

  /// A random dataset; `rich` uses the fields of format version 2 (archived, description,
  /// goal, frequency, reminders, amounts, notes, entries), `nil` sometimes.
  mutating func dataset(rich: Bool? = nil) -> TrackerDataset {
    let rich = rich ?? chance(40)
    let categories = (0..<int(0...3)).map { _ in
      TrackerCategory(id: text(), title: text(), extras: extras(known: ["id", "title"]))
    }
    let trackerKeys: Set<String> = ["id", "kind", "name", "categoryId", "emoji", "color", "schedule", "date", "pinned",
                                    "createdOn", "archived", "description", "goal", "frequency", "reminders"]
    let trackers = (0..<int(0...4)).map { _ in
      var tracker = Tracker(
        id: text(), kind: chance(50) ? .habit : .event, name: text(maxPieces: 12), categoryId: text(),
        emoji: chance(70) ? text(maxPieces: 2) : nil, color: chance(70) ? text(maxPieces: 2) : nil,
        schedule: chance(60) ? weekdays() : nil,
        date: chance(40) ? date() : nil, pinned: chance(30), createdOn: chance(40) ? date() : nil,
        extras: extras(known: trackerKeys))
      guard rich else { return tracker }
      tracker.archived = chance(30)
      tracker.description = chance(40) ? text(maxPieces: 10) : nil
      if chance(50) {
        tracker.goal = TrackerGoal(target: amount(), direction: chance(50) ? .atLeast : .atMost,
                                   unit: chance(60) ? text(maxPieces: 2) : nil)
        if chance(20) { tracker.extras["json-goal"] = .object(members(depth: 1, excluding: ["target", "direction", "unit", "extras"])) }
      }
      if chance(30) {
        tracker.frequency = TrackerFrequency(times: int(-2...10), days: int(-1...400))
        if chance(20) { tracker.extras["json-frequency"] = .object(members(depth: 1, excluding: ["times", "days", "extras"])) }
      }
      tracker.reminders = (0..<int(0...2)).map { _ in
        TrackerReminder(time: chance(70) ? "\(int(0...23)):\(int(10...59))" : text(maxPieces: 3),
                        days: chance(50) ? weekdays() : nil)
      }
      if !tracker.reminders.isEmpty, chance(20) {
        tracker.extras["json-reminders"] = .array(tracker.reminders.map { _ in
          let m = members(depth: 1, excluding: ["time", "days", "extras"])
          return m.isEmpty ? .null : .object(m)
        })
      }
      return tracker
    }
    let ids = trackers.map(\.id) + ["", "ghost"]
    let records = (0..<int(0...12)).map { _ in
      TrackerRecord(trackerId: ids[int(0...(ids.count - 1))], date: date(),
                    amount: rich && chance(40) ? amount() : nil, note: rich && chance(30) ? text() : nil,
                    extras: chance(20) ? extras(known: ["trackerId", "date", "amount", "note"]) : [:])
    }
    let entries = (0..<(rich ? int(0...6) : 0)).map { _ in
      TrackerEntry(trackerId: ids[int(0...(ids.count - 1))], date: date(), skipped: chance(50),
                   amount: chance(40) ? amount() : nil, note: chance(40) ? text() : nil,
                   extras: chance(20) ? extras(known: ["trackerId", "date", "skipped", "amount", "note"]) : [:])
    }
    let taskKeys: Set<String> = ["id", "title", "description", "color", "category", "start", "end", "done",
                                 "reminders", "attachments", "position"]
    let tasks = (0..<int(0...3)).map { n in
      let attachments = (0..<int(0...2)).map { _ in TaskAttachment(name: text(), uri: text()) }
      var extras = extras(known: taskKeys)
      if !attachments.isEmpty, chance(30) {
        extras["json-attachments"] = .array(attachments.map { _ in
          let m = members(depth: 1, excluding: ["name", "uri", "extras"])
          return m.isEmpty ? .null : .object(m)
        })
      }
      return PlanTask(id: text(), title: text(), description: chance(60) ? text() : nil,
                      color: chance(60) ? text() : nil,
                      category: chance(80) ? TaskCategory.allCases[int(0...4)].rawValue : text(),
                      start: chance(50) ? dateTime() : nil, end: chance(50) ? dateTime() : nil,
                      done: chance(50), reminders: (0..<int(0...3)).compactMap { _ in dateTime() },
                      attachments: attachments, position: chance(80) ? n : int(-5...100), extras: extras)
    }
    let order = chance(70) ? TaskCategory.allCases.map(\.rawValue) : (0..<int(0...6)).map { _ in text(maxPieces: 2) }
    var top: Extras = [:]
    if chance(50) { top["loop"] = value() }
    if chance(40) {
      let unknown = members(depth: 1, excluding: ["trackport", "categories", "trackers", "records", "entries", "tasks",
                                                  "taskCategoryOrder", "extras"])
      if !unknown.isEmpty { top["json"] = .object(unknown) }
    }
    return TrackerDataset(categories: categories, trackers: trackers, records: records, entries: entries, tasks: tasks,
                          taskCategoryOrder: order, extras: top)
  }
}
