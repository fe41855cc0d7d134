import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
@testable import XMLCodec

/// The schema: the embedded copy is the published one, it accepts the codec's output (checked
/// by xmllint, an independent validator), and its violations become `xml-schema` diagnostics.
@Suite struct XMLSchemaTests {
  @Test func embeddedSchemaIsThePublishedFile() throws {
    let published = try Data(contentsOf: Harness.root.appendingPathComponent("schema/trackport.xsd"))
    #expect(Array(published) == Array(TrackportXSD.text.utf8))
  }

  @Test(.enabled(if: Harness.xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"),
        arguments: [0, 1, 2, 3, 17, 42, 99])
  func xmllintAcceptsTheOutput(seed: Int) throws {
    let dataset = seed == 0
      ? try Harness.demo()
      : nastyDataset(seed: UInt64(seed))
    let verdict = try Harness.validate(try Harness.encode(dataset))
    #expect(verdict.status == 0, "\(verdict.message)")
  }

  @Test func violationsAreDiagnosticsWithLines() throws {
    let text = """
      <trackport xmlns="urn:trackport:1" version="1">
        <categories>
          <category id="a" title="A" bogus="1"/>
          <category id="b" title="B"><note>hi</note></category>
        </categories>
      </trackport>
      """
    let (dataset, context) = try Harness.decode(text)
    #expect(dataset.categories.count == 2)
    let schema = context.diagnostics.filter { $0.code == "xml-schema" }
    #expect(schema.count == 2)
    #expect(schema.allSatisfy { $0.severity == .error })
    #expect(schema.map(\.location.line) == [3, 4])
    let unknown = context.diagnostics.filter { $0.code == "unknown-element" }
    #expect(unknown.count == 1)
    #expect(unknown.first?.location.line == 4)
    #expect(unknown.first?.location.column == 32)
    #expect(dataset.categories[1].extras["xml"] == .object([JSONMember("elements", .array([.string("<note xmlns=\"urn:trackport:1\">hi</note>")]))]))
    #expect(dataset.categories[0].extras["xml"] == .object([JSONMember("attributes", .object([JSONMember("bogus", .string("1"))]))]))
  }

  @Test func schemaCanBeSkipped() throws {
    let text = #"<trackport xmlns="urn:trackport:1" version="1"><categories><category id="a" title="A" bogus="1"/></categories></trackport>"#
    let (_, context) = try Harness.decode(Array(text.utf8), options: ["schema": "off"])
    #expect(context.diagnostics.map(\.code) == ["unknown-attribute"])
  }

  @Test func foreignNamespaceElementsAreKeptWithoutSchemaErrors() throws {
    let text = #"<trackport xmlns="urn:trackport:1" xmlns:x="urn:other" version="1"><categories><category id="a" title="A"><x:tag>1</x:tag></category></categories></trackport>"#
    let (dataset, context) = try Harness.decode(text)
    #expect(context.diagnostics.map(\.code) == ["unknown-element"])
    #expect(dataset.categories[0].extras["xml"] != nil)
  }
}
