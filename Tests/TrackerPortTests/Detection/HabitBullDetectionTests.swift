import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Among every built-in codec, a HabitBull export is HabitBull's and an ordinary table stays
/// the CSV codec's (moved from HabitBullCodecTests: it needs every codec).
@Suite struct HabitBullDetectionTests {
  @Test func detectionTellsAHabitBullFileFromAnOrdinaryTable() throws {
    let registry = StandardCodecs.registry
    #expect(try registry.detect(CodecInput(path: SharedFixtures.path("loop_uhabits/habitbull2.csv"))).descriptor.id == "habitbull")
    let table = CodecInput(.bytes(Array("tracker,category,date\nRun,Sport,2024-01-02\n".utf8), name: "log.csv"))
    #expect(try registry.detect(table).descriptor.id == "csv")
    let near = CodecInput(.bytes(Array("HabitName,Description,Category\nRun,,\n".utf8), name: "near.csv"))
    #expect(try registry.detect(near).descriptor.id == "csv")
    // Writing: `.csv` stays the CSV table; `.habitbull.csv` or --to habitbull writes HabitBull.
    #expect(try registry.detectOutput(CodecOutput(path: "/tmp/out.csv")).descriptor.id == "csv")
    #expect(try registry.detectOutput(CodecOutput(path: "/tmp/out.habitbull.csv")).descriptor.id == "habitbull")
  }
}
