import Foundation
import Testing
import TrackerTestSupport
import JSONCodec
import TrackerCodec
import TrackerModel
import TrackerValidation
import XMLCodec

/// Rule findings on a decoded XML file point at the entity's element.
@Suite struct XMLLocatorTests {
  @Test func validatorFindingHasLineAndColumn() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <trackport xmlns="urn:trackport:1" version="1">
        <categories>
          <category id="c" title="Home"/>
        </categories>
        <trackers>
          <tracker id="t1" kind="habit" name="Water" categoryId="c" emoji="🌺" color="#33CF69" schedule="mon" pinned="false"/>
          <tracker
             id="t2" kind="habit" name="Run" categoryId="missing" emoji="🌺" color="#33CF69" schedule="mon" pinned="false"/>
        </trackers>
      </trackport>
      """
    let (dataset, context) = try Harness.decode(text)
    let findings = Validator(options: ValidationOptions()).validate(dataset).located(by: context.sourceLocator, file: "f.xml")
    let unknown = try #require(findings.first { $0.code == "category-unknown" })
    #expect(unknown.location.pointer?.hasPrefix("/trackers/1") == true)
    #expect(unknown.location.line == 8)
    #expect(unknown.location.column == 5)
    let locations = context.sourceLocator?.locate(["/categories/0/title", "/trackers/0", "/records", ""])
    #expect(locations?["/categories/0/title"]?.line == 4)
    #expect(locations?["/categories/0/title"]?.column == 5)
    #expect(locations?["/trackers/0"]?.line == 7)
    #expect(locations?[""]?.line == 2)
  }
}
