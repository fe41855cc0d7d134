import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
import XMLCodec

/// The golden pair: the XML fixture is exactly what the codec writes for the JSON fixture, and
/// reads back into the same dataset.
@Suite struct XMLGoldenTests {
  static func expected() throws -> TrackerDataset {
    let url = try #require(Bundle.module.url(forResource: "golden.expected.json", withExtension: nil, subdirectory: "Fixtures"))
    return try TrackerTestSupport.decode(JSONCodec(), path: url.path).0
  }

  @Test func decodesTheGoldenFile() throws {
    let (dataset, context) = try Harness.decode(try Harness.fixture("golden.trackport.xml"))
    #expect(dataset == (try Self.expected()))
    #expect(context.diagnostics.isEmpty)
  }

  @Test func encodesTheGoldenFile() throws {
    #expect(try Harness.encode(try Self.expected()) == (try Harness.fixture("golden.trackport.xml")))
  }

  @Test func sniffsByNamespace() {
    #expect(Harness.codec.sniff(Array("\u{FEFF}  <?xml version=\"1.0\"?>\n<trackport xmlns=\"urn:trackport:1\" version=\"1\"/>".utf8)))
    #expect(!Harness.codec.sniff(Array("<rss version=\"2.0\"/>".utf8)))
    #expect(!Harness.codec.sniff(Array("{\"trackport\": 1}".utf8)))
  }

  @Test func extrasMayBeCDATAWithComments() throws {
    let text = #"<trackport xmlns="urn:trackport:1" version="1"><extras> <!-- a note --><![CDATA[{"a":"<&>"}]]> </extras></trackport>"#
    let (dataset, _) = try Harness.decode(text)
    #expect(dataset.extras == ["a": .string("<&>")])
  }

  @Test func emptyRootReadsAsAnEmptyDataset() throws {
    let (dataset, _) = try Harness.decode(#"<tp:trackport xmlns:tp="urn:trackport:1" version="1"/>"#)
    #expect(dataset == TrackerDataset())
  }
}
