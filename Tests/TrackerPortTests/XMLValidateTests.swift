import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// What `trackport validate` sees for an XML file: schema violations first, located, then the
/// model rules; `--select` of a codec code runs no rule.
@Suite struct XMLValidateTests {
  static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <trackport xmlns="urn:trackport:1" version="1">
      <categories>
        <category id="c" title="Home" colour="red"/>
      </categories>
      <trackers>
        <tracker id="t" kind="habit" name="Water" categoryId="nowhere" emoji="🌺" color="#33CF69" schedule="mon" pinned="false"/>
      </trackers>
    </trackport>
    """

  func load() throws -> (DatasetFile, URL) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString).xml")
    try Data(Self.text.utf8).write(to: url)
    return (try DatasetFile.load(url.path), url)
  }

  @Test func schemaFindingsComeFirstThenRules() throws {
    let (file, url) = try load()
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(file.codec.id == "xml", "detected by content from .xml")
    let found = file.validate(options: ValidationOptions()).map { [$0.code, "\($0.location.line ?? 0)"] }
    #expect(found.first == ["xml-schema", "4"])
    #expect(found.contains(["unknown-attribute", "4"]))
    #expect(found.contains(["category-unknown", "7"]))
  }

  @Test func selectingACodecCodeRunsNoRule() throws {
    let (file, url) = try load()
    defer { try? FileManager.default.removeItem(at: url) }
    let found = file.validate(options: ValidationOptions(select: ["unknown-element"]))
    #expect(found.isEmpty)
  }
}
