import Foundation
import Testing
import TrackerModel
@testable import TrackerValidation

/// `SampleData/invalid/`: each dataset yields exactly the codes its manifest lists, and the
/// malformed files are malformed the way their names say.
@Suite struct SampleDataTests {
  static func manifest() throws -> [String: Any] { try SampleDataDecoder.object("expected.json") }

  @Test func everyRuleHasASampleThatYieldsExactlyItsCodes() throws {
    let manifest = try Self.manifest()
    let today = try #require(LocalDate(manifest["today"] as? String ?? ""))
    let samples = manifest.filter { $0.key.hasSuffix(".trackport.json") }
    #expect(Set(samples.keys) == Set(Validator.descriptors.map { "\($0.code).trackport.json" }))
    for (name, codes) in samples {
      let dataset = try SampleDataDecoder.dataset(name)
      let found = Validator(options: ValidationOptions(today: today)).validate(dataset).map(\.code)
      #expect(found.sorted() == (codes as? [String] ?? []).sorted(), "\(name)")
    }
  }

  @Test func futureRecordSampleIsSilentWithoutToday() throws {
    let dataset = try SampleDataDecoder.dataset("record-in-future.trackport.json")
    #expect(Validator().validate(dataset).isEmpty)
  }

  @Test func malformedSamplesAreMalformedAsNamed() throws {
    let malformed = try #require(try Self.manifest()["malformed"] as? [String: Int])
    #expect(malformed.count == 4)
    #expect(malformed.values.allSatisfy { $0 == 65 })
    #expect(throws: (any Error).self) { try SampleDataDecoder.object("malformed-truncated.trackport.json") }
    #expect(try SampleDataDecoder.object("malformed-unknown-version.trackport.json")["trackport"] as? Int == 2)
    #expect(try SampleDataDecoder.object("malformed-missing-version.trackport.json")["trackport"] == nil)
    let wrongType = try SampleDataDecoder.object("malformed-wrong-type.trackport.json")
    let trackers = try #require(wrongType["trackers"] as? [[String: Any]])
    #expect(trackers.contains { $0["pinned"] as? String == "yes" })
  }
}
