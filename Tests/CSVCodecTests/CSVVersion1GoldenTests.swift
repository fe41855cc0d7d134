import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import CSVCodec

/// A dataset that uses nothing of format version 2 is written byte for byte as TrackerPort
/// wrote it before version 2 (the fixtures are that build's output), and reads back the same.
@Suite struct CSVVersion1GoldenTests {
  /// What `trackport generate --trackers 6 --days 40 --seed 11` makes.
  static let dataset = DatasetGenerator(trackers: 6, days: 40, seed: 11).generate()

  static func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
    return try Data(contentsOf: url)
  }

  @Test func theDatasetUsesNothingOfVersion2() {
    #expect(Self.dataset.formatVersionNeeded == 1)
  }

  @Test func aPackageIsWrittenAsBefore() throws {
    let folder = try temporaryFolder("csv-v1")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("package").path
    var context = CodecContext(fileName: path)
    try CSVCodec().encode(Self.dataset, to: CodecOutput(path: path), context: &context)
    let written = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    #expect(written == ["categories.csv", "datapackage.json", "records.csv", "tasks.csv", "trackers.csv"])
    for name in written {
      let same = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)) == Self.fixture("v1-package/" + name)
      #expect(same, "\(name) differs from the version-1 writer's")
    }
    var reading = CodecContext(fileName: "v1-package")
    let input = CodecInput(path: try #require(Bundle.module.url(forResource: "Fixtures/v1-package", withExtension: nil)).path)
    #expect(try CSVCodec().decode(input, context: &reading) == Self.dataset)
    #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
  }

  @Test(arguments: ["log", "trackers"])
  func aSingleTableIsWrittenAsBefore(_ shape: String) throws {
    let (text, _) = try encodeCSV(Self.dataset, options: ["to-shape": shape])
    #expect(Data(text.utf8) == (try Self.fixture("v1-\(shape).csv")))
  }
}
