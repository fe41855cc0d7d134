import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// A write-only codec that cannot carry records or tasks, to see losses reported and refused.
struct SummaryCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(
    id: "summary", name: "Summary", summary: "tracker names only", extensions: ["summary.txt"],
    canRead: false, cannotCarry: [.records, .tasks, .trackerEmoji])

  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    // A different kind than the registry's refusal, so the test sees which one stopped it.
    throw CodecError(.io, "decode must never be called on a write-only codec")
  }

  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.write { w in for t in dataset.trackers { w.write(t.name + "\n") } }
  }
}

@Suite struct ConversionTests {
  var registry: CodecRegistry {
    var registry = StandardCodecs.registry
    try? registry.register(SummaryCodec())
    return registry
  }
  let demo = SampleDataTests.root.appendingPathComponent("SampleData/demo.trackport.json").path

  @Test func lossesAreReportedFieldByField() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).summary.txt").path
    let result = try Conversion(input: demo, output: out).run(registry: registry)
    #expect(result.wrote)
    let dropped = result.diagnostics.filter { $0.code == "dropped-field" }
    #expect(dropped.map(\.location.pointer) == ["/records", "/tasks", "/trackers.emoji"])
    #expect(dropped.allSatisfy { $0.location.file == out && $0.severity == .warning })
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test func refusingLossWritesNothing() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).summary.txt").path
    let result = try Conversion(input: demo, output: out).run(registry: registry, refuseLoss: true)
    #expect(!result.wrote)
    #expect(result.losses == 3)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aWriteOnlyFormatCannotBeRead() {
    #expect {
      try DatasetFile.load(demo, format: "summary", registry: registry)
    } throws: { ($0 as? CodecError)?.kind == .unsupportedOperation }
  }

  @Test func theBuiltInListHasOneCodecPerId() {
    let ids = StandardCodecs.all.map(\.descriptor.id)
    #expect(Set(ids).count == ids.count)
    #expect(ids.contains("json"))
  }
}
