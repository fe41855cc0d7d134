import Foundation
import TrackerCodec
import TrackerModel
import XMLCodec

/// Decoding and encoding in memory, fixtures and the repository root.
enum Harness {
  static let codec = XMLCodec()
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func decode(_ text: String, name: String = "test.trackport.xml") throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), name: name)
  }

  static func decode(_ bytes: [UInt8], name: String = "test.trackport.xml",
                     options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: name, options: options)
    let dataset = try codec.decode(CodecInput(.bytes(bytes, name: name)), context: &context)
    return (dataset, context)
  }

  static func encode(_ dataset: TrackerDataset) throws -> [UInt8] {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "(memory)")
    try codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return memory.bytes
  }

  /// The error decoding `bytes` throws, or `nil` when it decodes.
  static func failure(_ bytes: [UInt8]) -> CodecError? {
    do {
      _ = try decode(bytes)
      return nil
    } catch let error as CodecError {
      return error
    } catch {
      return CodecError(.io, "unexpected error \(error)")
    }
  }

  static func failure(_ text: String) -> CodecError? { failure(Array(text.utf8)) }

  static func fixture(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
      throw CodecError(.cannotReadInput, "missing fixture \(name)")
    }
    return Array(try Data(contentsOf: url))
  }

  /// `xmllint`, when installed.
  static let xmllint: String? = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
    FileManager.default.isExecutableFile(atPath: $0)
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
