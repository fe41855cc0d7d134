import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
import XMLCodec

/// decode(encode(d)) == d, with no JSON in between for generated data.
@Suite struct XMLRoundTripTests {
  @Test func demoDatasetSurvivesXML() throws {
    try expectLosslessRoundTrip(XMLCodec(), try Harness.demo(), name: "test.trackport.xml")
  }

  @Test(arguments: 0..<220)
  func nastyGeneratedDatasetSurvives(seed: Int) throws {
    let dataset = nastyDataset(seed: UInt64(seed))
    let bytes = try Harness.encode(dataset)
    #expect(String(validating: bytes, as: UTF8.self) != nil)
    // Spelled out for the type checker, which timed out on the one-line closure under load.
    let allowed: Set<UInt8> = [0x09, 0x0A, 0x0D]
    let forbidden = bytes.contains { (byte: UInt8) -> Bool in byte < 0x20 && !allowed.contains(byte) }
    #expect(!forbidden, "a C0 control written raw")
    let (decoded, context) = try Harness.decode(bytes)
    #expect(decoded == dataset)
    #expect(context.diagnostics.filter { $0.code == "xml-schema" }.isEmpty)
  }

  @Test func edgeSpacesLineEndsAndMarkerSurviveAsAttributes() throws {
    let names = ["  lead", "trail  ", "a\r\nb", "\r", "\t\t", "~b64~plain", "x\u{1}y", "\u{FFFE}", "]]>&<\"'"]
    var dataset = TrackerDataset(categories: names.enumerated().map { TrackerCategory(id: "c\($0.offset)", title: $0.element) })
    dataset.extras = ["s": .string("\u{FFFF}\r\u{1}")]
    let bytes = try Harness.encode(dataset)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("title=\"a&#13;&#10;b\""))
    #expect(text.contains("title=\"&#9;&#9;\""))
    #expect(text.contains("title=\"~b64~"))
    #expect(try Harness.decode(bytes).0 == dataset)
  }
}
