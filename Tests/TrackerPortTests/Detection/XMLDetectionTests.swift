import Foundation
import Testing
import TrackerPort
import TrackerTestSupport

/// Among every built-in codec, XML files are the XML codec's (moved from XMLGoldenTests: it
/// needs every codec).
@Suite struct XMLDetectionTests {
  @Test func registryClaimsTheEndings() throws {
    let registry = StandardCodecs.registry
    #expect(try registry.detect(CodecInput(.bytes([], name: "a.trackport.xml"))).descriptor.id == "xml")
    let xml = Array("<trackport xmlns=\"urn:trackport:1\" version=\"1\"/>".utf8)
    #expect(try registry.detect(CodecInput(.bytes(xml, name: "a.xml"))).descriptor.id == "xml")
    #expect(StandardCodecs.all.last?.descriptor.id == "csv")
  }
}
