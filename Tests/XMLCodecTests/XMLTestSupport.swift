import Foundation
import TrackerCodec
import JSONCodec
import TrackerModel
import TrackerTestSupport
import XMLCodec

/// Decoding and encoding in memory, fixtures and the repository root.
enum Harness: TestHelpers {
  static let codec = XMLCodec()

  /// The demo dataset (`SampleData/demo.trackport.json`), read with the JSON codec.
  static func demo() throws -> TrackerDataset {
    try TrackerTestSupport.decode(JSONCodec(), path: Repository.demoPath).0
  }

  static func decode(_ text: String, name: String = "test.trackport.xml") throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), name: name)
  }

  static func decode(_ bytes: [UInt8], name: String = "test.trackport.xml",
                     options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try TrackerTestSupport.decode(codec, bytes: bytes, name: name, options: options)
  }

  static func encode(_ dataset: TrackerDataset) throws -> [UInt8] {
    try TrackerTestSupport.encode(codec, dataset).0
  }

  /// The error decoding `bytes` throws, or `nil` when it decodes.
  static func failure(_ bytes: [UInt8]) -> CodecError? {
    TrackerTestSupport.decodeError(codec, bytes: bytes, name: "test.trackport.xml")
  }

  static func failure(_ text: String) -> CodecError? { failure(Array(text.utf8)) }

  static func fixture(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
      throw CodecError(.cannotReadInput, "missing fixture \(name)")
    }
    return Array(try Data(contentsOf: url))
  }

  /// `xmllint`, when installed.
  static let xmllint: String? = CLI.tool("xmllint")

  /// The published schema, `schema/trackport.xsd`.
  static let schema = root.appendingPathComponent("schema/trackport.xsd").path

  /// What xmllint, an independent validator, says of `bytes` checked against the schema at
  /// `schema`: its exit status (0: valid) and what it printed.
  static func validate(_ bytes: [UInt8], schema: String = Harness.schema) throws -> (status: Int32, message: String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("xmllint-\(UUID().uuidString).xml")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try CLI.run(["--schema", schema, "--noout", file.path], executable: xmllint ?? "/usr/bin/xmllint")
    return (result.status, result.stderr)
  }
}

/// Strings that break naive XML writers: markup characters, quotes, CDATA ends, emoji,
/// combining marks, line ends, tabs, edge spaces, every C0 control, U+FFFE and U+FFFF.
struct NastyStrings {
  static let pieces: [String] = [
    "<", ">", "&", "&amp;", "]]>", "\"", "'", "<!--", "-->", "<?x?>", "&#0;", "~b64~", "~b64~AA==",
    "🌺", "👩‍👩‍👧", "e\u{301}", "\u{0301}", "Домашний уют", "\r", "\r\n", "\n", "\t", " ", "  ",
    "\u{85}", "\u{2028}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}", "a", "plain", "\\", "{}", "%",
  ] + (1...0x1F).map { String(UnicodeScalar(UInt8($0))) } + ["\u{0}", "\u{7F}"]

  var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func next() -> String {
    let count = rng.below(6)
    var text = rng.chance(0.3) ? " " : ""
    for _ in 0..<count { text += rng.pick(NastyStrings.pieces) }
    if rng.chance(0.3) { text += " " }
    return text
  }
}

/// A generated dataset with every free-text value replaced by a nasty string, and extras.
func nastyDataset(seed: UInt64) -> TrackerDataset {
  var dataset = DatasetGenerator(trackers: Int(seed % 7), days: Int(seed % 20) + 1, seed: seed, tasks: Int(seed % 4)).generate()
  var nasty = NastyStrings(seed: seed &* 31 &+ 7)
  for i in dataset.categories.indices {
    dataset.categories[i].title = nasty.next()
    if i == 0 { dataset.categories[i].extras = ["x": .string(nasty.next())] }
  }
  for i in dataset.trackers.indices {
    dataset.trackers[i].name = nasty.next()
    if nasty.rng.chance(0.3) { dataset.trackers[i].emoji = nasty.next() }
    if nasty.rng.chance(0.2) { dataset.trackers[i].color = nil }
    if nasty.rng.chance(0.2) { dataset.trackers[i].schedule = [] }
    if nasty.rng.chance(0.3) {
      dataset.trackers[i].extras = ["loop": .object([JSONMember(nasty.next(), .array([.number("-0.5e10"), .null, .bool(true)]))])]
    }
  }
  for i in dataset.records.indices where nasty.rng.chance(0.02) {
    dataset.records[i].extras = ["note": .string(nasty.next())]
  }
  for i in dataset.tasks.indices {
    dataset.tasks[i].title = nasty.next()
    dataset.tasks[i].description = nasty.rng.chance(0.5) ? nasty.next() : nil
    dataset.tasks[i].category = nasty.rng.chance(0.5) ? nasty.next() : "urgent"
    dataset.tasks[i].attachments = [TaskAttachment(name: nasty.next(), uri: nasty.next())]
    dataset.tasks[i].position = nasty.rng.chance(0.5) ? -i : Int.max - i
  }
  dataset.taskCategoryOrder = nasty.rng.chance(0.5) ? [nasty.next(), "none"] : []
  if nasty.rng.chance(0.5) { dataset.extras = [nasty.next(): .string(nasty.next())] }
  return dataset
}

/// Amounts that break naive number writers: zeros of both signs, fractions with no short
/// decimal form, the edges of `Double`, whole numbers past 2^53.
let awkwardAmounts: [Double] = [
  0, -0.0, 1, -1, 6, 6.25, 0.1, 1.0 / 3, -2.5, 1e-5, 1e15, 1e20, 999_999_999_999_999.9, 9_007_199_254_740_991,
  9_007_199_254_740_992, 123_456_789_012_345_680, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
  -.greatestFiniteMagnitude, .pi, 1e300, -1e-300,
]

/// ``nastyDataset(seed:)`` with every field of format version 2 used somewhere: archived
/// trackers, descriptions, goals, frequencies, reminders (with and without days), record
/// amounts and notes, and entries — nasty strings, awkward amounts and random bit patterns.
func richDataset(seed: UInt64) -> TrackerDataset {
  var dataset = nastyDataset(seed: seed)
  var nasty = NastyStrings(seed: seed &* 131 &+ 3)
  func amount() -> Double {
    if nasty.rng.chance(0.5) { return nasty.rng.pick(awkwardAmounts) }
    var value = Double(bitPattern: nasty.rng.next())
    while !value.isFinite { value = Double(bitPattern: nasty.rng.next()) }
    return value
  }
  func weekdays() -> [Weekday] { Weekday.allCases.filter { _ in nasty.rng.chance(0.4) } }
  func integer() -> Int { nasty.rng.pick([0, 1, 3, 7, -1, Int.max, Int.min, Int(truncatingIfNeeded: nasty.rng.next())]) }
  for i in dataset.trackers.indices {
    dataset.trackers[i].archived = nasty.rng.chance(0.4)
    if nasty.rng.chance(0.5) { dataset.trackers[i].description = nasty.next() }
    if nasty.rng.chance(0.6) {
      dataset.trackers[i].goal = TrackerGoal(target: amount(), direction: nasty.rng.pick(TrackerGoal.Direction.allCases),
                                             unit: nasty.rng.chance(0.5) ? nasty.next() : nil)
    }
    if nasty.rng.chance(0.4) { dataset.trackers[i].frequency = TrackerFrequency(times: integer(), days: integer()) }
    dataset.trackers[i].reminders = (0..<nasty.rng.below(4)).map { _ in
      TrackerReminder(time: nasty.rng.chance(0.5) ? "07:30" : nasty.next(),
                      days: nasty.rng.chance(0.4) ? nil : weekdays())
    }
  }
  for i in dataset.records.indices where nasty.rng.chance(0.3) {
    if nasty.rng.chance(0.7) { dataset.records[i].amount = amount() }
    if nasty.rng.chance(0.5) { dataset.records[i].note = nasty.next() }
  }
  let ids = dataset.trackers.map(\.id) + [nasty.next()]
  for day in 0..<(Int(seed % 9) + 1) {
    var entry = TrackerEntry(trackerId: nasty.rng.pick(ids), date: LocalDate(year: 2026, month: 3, day: day + 1)!,
                             skipped: nasty.rng.chance(0.5))
    if nasty.rng.chance(0.5) { entry.amount = amount() }
    if nasty.rng.chance(0.5) { entry.note = nasty.next() }
    if nasty.rng.chance(0.2) { entry.extras = ["loop": .object([JSONMember("value", .number("2500"))])] }
    dataset.entries.append(entry)
  }
  return dataset
}
