import Foundation
import TrackerPort

enum Harness {
  static let codec = ICalendarCodec()
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func decode(_ text: String, options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    try decode(Array(text.utf8), options: options)
  }

  static func decode(_ bytes: [UInt8], options: [String: String] = [:]) throws -> (TrackerDataset, CodecContext) {
    var context = CodecContext(fileName: "test.ics", options: options)
    let dataset = try codec.decode(CodecInput(.bytes(bytes, name: "test.ics")), context: &context)
    return (dataset, context)
  }

  static func encode(_ dataset: TrackerDataset, options: [String: String] = [:]) throws -> [UInt8] {
    let memory = MemoryOutput()
    var context = CodecContext(fileName: "(memory)", options: options)
    try codec.encode(dataset, to: CodecOutput(.memory(memory)), context: &context)
    return memory.bytes
  }

  static func failure(_ text: String) -> CodecError? {
    do { _ = try decode(text); return nil } catch let error as CodecError { return error } catch { return CodecError(.io, "\(error)") }
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
