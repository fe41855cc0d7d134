import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Detection by content: a `.zip` (or folder) is Habit Builder's when it holds `habits.csv`
/// beside `actions.csv` or `metadata.txt`, whatever its name.
@Suite struct HabitBuilderDetectionTests {
  @Test(arguments: ["everyday", "export", "import"])
  func theFixtureFoldersAreDetected(_ name: String) throws {
    let codec = try StandardCodecs.registry.detect(CodecInput(path: CodecFixtures.path("HabitBuilderCodecTests", name)))
    #expect(codec.descriptor.id == "habitbuilder")
  }

  /// What the writer makes is detected again, under the app's own name and under another.
  @Test(arguments: ["HabitTracker-backup-2024-12-31.zip", "phone.zip"])
  func aWrittenBackupIsDetected(_ name: String) throws {
    let folder = try temporaryFolder("trackport-habitbuilder")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    let dataset = try DatasetFile.load(Repository.demoPath).dataset
    var context = CodecContext(fileName: path)
    try HabitBuilderCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    #expect(try StandardCodecs.registry.detect(CodecInput(path: path)).descriptor.id == "habitbuilder")
  }

  @Test func itReadsAndWritesZipsByContent() {
    let d = HabitBuilderCodec.descriptor
    #expect(d.id == "habitbuilder" && d.canRead && d.canWrite && d.sniffedExtensions == ["zip"] && d.extensions.isEmpty)
  }
}
