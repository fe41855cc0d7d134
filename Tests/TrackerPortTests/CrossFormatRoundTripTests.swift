import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Nothing is lost between the formats that carry the whole model: a generated dataset that uses
/// every field of format version 2 (`generate --rich`) goes JSON → XML → CSV package →
/// iCalendar → JSON through real files, and comes back equal, for many seeds and sizes.
@Suite struct CrossFormatRoundTripTests {
  /// The chain, each step a file of its own written by one codec and read by the same codec.
  static let chain = ["trackport.json", "trackport.xml", "zip", "ics", "trackport.json"]

  static let cases: [(seed: UInt64, trackers: Int, days: Int)] = (0..<12).map { (i: Int) -> (seed: UInt64, trackers: Int, days: Int) in
    let seed = UInt64(1000 + i * 7)
    let trackers = 3 + (i * 5) % 25
    let days = 20 + (i * 37) % 200
    return (seed, trackers, days)
  }

  @Test(arguments: cases.indices)
  func aRichDatasetSurvivesEveryCanonicalFormat(_ i: Int) throws {
    let (seed, trackers, days) = Self.cases[i]
    let original = DatasetGenerator(trackers: trackers, days: days, seed: seed, rich: true).generate()
    #expect(original.formatVersionNeeded == 2)
    let folder = try temporaryFolder("trackport-chain")
    defer { try? FileManager.default.removeItem(at: folder) }
    var dataset = original
    for (step, ending) in Self.chain.enumerated() {
      let path = folder.appendingPathComponent("step\(step).\(ending)").path
      let codec = try StandardCodecs.registry.detectOutput(CodecOutput(path: path))
      let losses = codec.losses(writing: dataset, to: CodecOutput(path: path), options: [:])
      #expect(losses.isEmpty, "\(codec.descriptor.id) reports losses: \(losses.map(\.message))")
      var writing = CodecContext(fileName: path)
      try codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
      let file = try DatasetFile.load(path)
      #expect(file.codec.id == codec.descriptor.id)
      #expect(file.readErrors.isEmpty, "\(file.readErrors.map(\.message))")
      let same = file.dataset == dataset
      #expect(same, "seed \(seed): \(codec.descriptor.id) changed the dataset: \(dataset.firstDifference(from: file.dataset) ?? "none")")
      dataset = file.dataset
    }
    #expect(dataset == original)
  }
}

/// `generate --rich` keeps the generator's promise: every rule passes, the new ones included.
@Suite struct RichDatasetRuleTests {
  @Test(arguments: [UInt64(3), 17, 99])
  func aRichDatasetBreaksNoRule(_ seed: UInt64) {
    let dataset = DatasetGenerator(trackers: 60, days: 300, seed: seed, rich: true).generate()
    let findings = Validator(options: ValidationOptions(today: LocalDate("2099-01-01"))).validate(dataset)
    #expect(findings.isEmpty, "\(findings.prefix(5).map { "\($0.code) \($0.location.pointer ?? "")" })")
  }
}
