import Foundation
import ICalendarCodec
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

enum Harness: TestHelpers {
  static let codec = ICalendarCodec()

  /// The demo dataset (`SampleData/demo.trackport.json`), read with the JSON codec.
  static func demo() throws -> TrackerDataset {
    try TrackerTestSupport.decode(JSONCodec(), path: Repository.demoPath).0
  }

  static func decode(_ text: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), options: options)
  }

  static func decode(_ bytes: [UInt8], options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(codec, bytes: bytes, name: "test.ics", options: options)
  }

  static func encode(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> [UInt8] {
    try TrackerTestSupport.encode(codec, dataset, options: options).0
  }

  static func failure(_ text: String) -> CodecError? {
    TrackerTestSupport.decodeError(codec, bytes: Array(text.utf8), name: "test.ics")
  }
}

/// Generated data with strings that stress TEXT escaping and folding.
func nastyDataset(seed: UInt64) -> TrackerDataset {
  var dataset = DatasetGenerator(trackers: Int(seed % 7), days: Int(seed % 20) + 1, seed: seed, tasks: Int(seed % 4)).generate()
  var rng = SplitMix64(seed: seed &* 31 &+ 7)
  let pool = ["a,b;c\\d", "line\nbreak", "Ünïcödé 🏃‍♂️ run", "🙂", String(repeating: "é🙂x", count: 40), " lead", "trail ",
              "\"quoted\":colon", "cr\rlf", "tab\tx", "", "\\n literal", String(repeating: "long name ", count: 20)]
  for i in dataset.categories.indices { dataset.categories[i].title = rng.pick(pool) }
  for i in dataset.trackers.indices {
    dataset.trackers[i].name = rng.pick(pool)
    if rng.chance(0.3) { dataset.trackers[i].emoji = rng.pick(pool) }
    if rng.chance(0.2) { dataset.trackers[i].color = nil }
    if rng.chance(0.2) { dataset.trackers[i].schedule = [] }
    if rng.chance(0.3) { dataset.trackers[i].extras = ["loop": .object([JSONMember(rng.pick(pool), .array([.number("-0.5e10"), .null, .bool(true)]))])] }
  }
  for i in dataset.records.indices where rng.chance(0.02) { dataset.records[i].extras = ["note": .string(rng.pick(pool))] }
  for i in dataset.tasks.indices {
    dataset.tasks[i].title = rng.pick(pool)
    dataset.tasks[i].description = rng.chance(0.5) ? rng.pick(pool) : nil
    dataset.tasks[i].attachments = [TaskAttachment(name: rng.pick(pool), uri: rng.chance(0.5) ? "files/plan.pdf" : rng.pick(pool))]
  }
  if rng.chance(0.5) { dataset.taskCategoryOrder = [rng.pick(pool), "none"] }
  if rng.chance(0.5) { dataset.extras = [rng.pick(pool): .string(rng.pick(pool))] }
  return dataset
}

/// ``nastyDataset(seed:)`` using every field of format version 2 in the ways hardest to carry:
/// archived habits, descriptions with controls, goals with fractions and huge or tiny targets,
/// frequencies out of range, reminders with bad times, repeated times and limited days,
/// records with amounts and notes, and entries (skipped, below the goal, notes, extras, of no
/// tracker, out of order or in the order the per-tracker lists rebuild).
func richDataset(seed: UInt64) -> TrackerDataset {
  var dataset = nastyDataset(seed: seed)
  var rng = SplitMix64(seed: seed &* 131 &+ 3)
  let pool = ["Утром, до работы", "line\nbreak", "a,b;c\\d", "cr\rlf", "", "🏃 5 km", String(repeating: "é🙂x", count: 30)]
  let amounts: [Double] = [0, 1, 6.25, 0.1, 1e-7, 123_456_789.125, -3, 1e20, 2.5, 1e15, 0.1 + 0.2, 5.5]
  let times = ["07:30", "00:00", "23:59", "7:30", "", "25:00", "19:00", "07:30"]
  func weekdays() -> [Weekday] { (0..<rng.below(4)).map { _ in rng.pick(Weekday.allCases) } }
  for i in dataset.trackers.indices {
    if rng.chance(0.3) { dataset.trackers[i].archived = true }
    if rng.chance(0.5) { dataset.trackers[i].description = rng.pick(pool) }
    if rng.chance(0.4) {
      dataset.trackers[i].goal = TrackerGoal(target: rng.pick(amounts), direction: rng.chance(0.5) ? .atLeast : .atMost,
                                             unit: rng.chance(0.6) ? rng.pick(["km", "pages", "", "стаканы, мл"]) : nil)
    }
    if rng.chance(0.3) { dataset.trackers[i].frequency = TrackerFrequency(times: rng.below(5), days: rng.below(9) - 1) }
    if rng.chance(0.5) {
      dataset.trackers[i].reminders = (0..<rng.below(4) + 1).map { _ in
        TrackerReminder(time: rng.pick(times), days: rng.chance(0.5) ? nil : weekdays())
      }
    }
  }
  for i in dataset.records.indices where rng.chance(0.3) {
    if rng.chance(0.7) { dataset.records[i].amount = rng.pick(amounts) }
    if rng.chance(0.5) { dataset.records[i].note = rng.pick(pool) }
  }
  let recorded = Set(dataset.records.map { "\($0.trackerId) \($0.date)" })
  let days = dataset.records.map(\.date)
  if let first = days.min(), let last = days.max() {
    var taken: Set<String> = []
    for _ in 0..<rng.below(30) {
      let trackerId = dataset.trackers.isEmpty || rng.chance(0.05) ? "no-such-tracker" : rng.pick(dataset.trackers).id
      let date = first.adding(days: rng.below(first.days(to: last) + 8))
      guard !recorded.contains("\(trackerId) \(date)"), taken.insert("\(trackerId) \(date)").inserted else { continue }
      var entry = TrackerEntry(trackerId: trackerId, date: date)
      switch rng.below(4) {
      case 0: entry.skipped = true
      case 1: entry.amount = rng.pick(amounts)
      case 2: entry.note = rng.pick(pool)
      default: entry.skipped = true; entry.note = rng.pick(pool)
      }
      if rng.chance(0.1) { entry.extras = ["loop": .object([JSONMember("value", .number("2500"))])] }
      dataset.entries.append(entry)
    }
    // Half the time in the order the per-tracker lists rebuild, so no calendar-wide list is written.
    if rng.chance(0.5) {
      let order = Dictionary(dataset.trackers.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      dataset.entries.removeAll { order[$0.trackerId] == nil }
      dataset.entries.sort { ($0.date, order[$0.trackerId] ?? 0) < ($1.date, order[$1.trackerId] ?? 0) }
    }
  }
  return dataset
}
