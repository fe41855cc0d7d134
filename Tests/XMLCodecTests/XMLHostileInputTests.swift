import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import XMLCodec

/// Hostile files: each gives a clear CodecError, never a crash, a hang or a file read.
@Suite struct XMLHostileInputTests {
  static let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
  static let passwdMarker = "root:x:0:0"

  /// Fails when anything of /etc/passwd appears in the error (its first line is enough).
  func expectNoPasswd(_ error: CodecError?) {
    let text = "\(error.map { "\($0)" } ?? "")"
    #expect(!text.contains(Self.passwdMarker))
  }

  @Test func externalEntityIsRefused() {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE trackport [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <trackport xmlns="urn:trackport:1" version="1"><categories><category id="c" title="&xxe;"/></categories></trackport>
      """
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("DOCTYPE") == true)
    #expect(error?.location.line == 2)
    #expect(error?.location.column == 1)
    expectNoPasswd(error)
  }

  @Test func externalEntityInUTF16IsRefusedWithoutReadingTheFile() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-16"?>
      <!DOCTYPE trackport [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <trackport xmlns="urn:trackport:1" version="1"><categories><category id="c" title="x"/></categories><extras>&xxe;</extras></trackport>
      """
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    do {
      let (dataset, _) = try Harness.decode(bytes)
      Issue.record("decoded: \(dataset)")
    } catch let error as CodecError {
      #expect(error.kind == .malformedInput)
      expectNoPasswd(error)
    }
  }

  @Test func billionLaughsIsRefusedQuickly() {
    var entities = "<!ENTITY lol0 \"lol\">"
    for i in 1...10 { entities += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }
    let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE trackport [\(entities)]>\n"
      + "<trackport xmlns=\"urn:trackport:1\" version=\"1\"><extras>&lol10;</extras></trackport>"
    let clock = ContinuousClock()
    let started = clock.now
    let error = Harness.failure(text)
    #expect(clock.now - started < .seconds(5))
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("DOCTYPE") == true)
  }

  @Test func externalDTDIsRefused() {
    let text = """
      <!-- a comment first -->
      <!DOCTYPE trackport SYSTEM "file:///etc/passwd">
      <trackport xmlns="urn:trackport:1" version="1"/>
      """
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("DOCTYPE") == true)
    expectNoPasswd(error)
  }

  @Test func deepNestingIsRefused() {
    let text = "<trackport xmlns=\"urn:trackport:1\" version=\"1\">" + String(repeating: "<a>", count: 10_000)
      + String(repeating: "</a>", count: 10_000) + "</trackport>"
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.line == 1)
  }

  @Test func fiftyMegabyteAttributeIsRefused() {
    var bytes = Array("<trackport xmlns=\"urn:trackport:1\" version=\"1\"><categories><category id=\"c\" title=\"".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024)
    bytes += Array("\"/></categories></trackport>".utf8)
    let error = Harness.failure(bytes)
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.line == 1)
  }

  @Test func truncatedInputIsRefused() throws {
    let whole = try Harness.fixture("golden.trackport.xml")
    for cut in [10, whole.count / 3, whole.count / 2, whole.count - 3] {
      let error = Harness.failure(Array(whole.prefix(cut)))
      #expect(error?.kind == .malformedInput, "cut at \(cut)")
      #expect(error?.location.line != nil)
    }
  }

  @Test func invalidUTF8IsRefused() {
    var bytes = Array("<trackport xmlns=\"urn:trackport:1\" version=\"1\">\n<categories><category id=\"".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("\" title=\"t\"/></categories></trackport>".utf8)
    let error = Harness.failure(bytes)
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.line == 2)
  }

  @Test(arguments: [
    #"<trackport xmlns="urn:trackport:2" version="1"/>"#,
    #"<trackport version="1"/>"#,
    #"<dataset xmlns="urn:trackport:1" version="1"/>"#,
  ])
  func wrongNamespaceOrRootIsRefused(text: String) {
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("urn:trackport:1") == true)
    #expect(error?.location.line == 1)
    #expect(error?.location.column == 1)
  }

  @Test(arguments: ["4", "0", "02", "+2", "2.0", " 2", ""])
  func unknownVersionIsRefused(version: String) {
    let error = Harness.failure("<trackport xmlns=\"urn:trackport:1\"\n  version=\"\(version)\"/>")
    #expect(error?.kind == .unsupportedVersion)
    #expect(error?.message == "format version \(version) is not supported")
    #expect(error?.note == #"this build reads TrackerPort XML with version="1" or version="2" or version="3""#)
    #expect(error?.location.line == 1)
    #expect(error?.location.column == 1)
  }

  @Test func missingVersionIsMalformed() {
    #expect(Harness.failure(#"<trackport xmlns="urn:trackport:1"/>"#)?.kind == .malformedInput)
  }

  @Test(arguments: [
    #"<category id="c" title="~b64~!!!"/>"#,
    #"<category id="c" title="~b64~/w=="/>"#,
    #"<category id="c"/>"#,
    #"<category id="c" title="t"><extras>[1]</extras></category>"#,
    #"<category id="c" title="t"><extras>{"a":</extras></category>"#,
  ])
  func impossibleValuesAreRefused(category: String) {
    let text = #"<trackport xmlns="urn:trackport:1" version="1"><categories>"# + category + "</categories></trackport>"
    #expect(Harness.failure(text)?.kind == .malformedInput)
  }

  @Test func badTrackerValuesAreRefusedWithPointers() {
    let text = "<trackport xmlns=\"urn:trackport:1\" version=\"1\">\n  <trackers>\n    <tracker id=\"t\" kind=\"habit\" name=\"n\" categoryId=\"c\" schedule=\"mon funday\"/></trackers></trackport>"
    let error = Harness.failure(text)
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.pointer == "/trackers/0/schedule")
    #expect(error?.location.line == 3)
    #expect(error?.location.column == 5)
  }
}
