import Foundation
import Testing
import TrackerCodec
import TrackerModel
import TrackerTestSupport
@testable import XMLCodec

#if canImport(Glibc)
import Glibc
#endif

/// The schema checked on a thread of its own (``XMLSchemaPass``, for big documents) against
/// one reader with the schema attached (small documents): the same dataset, the same
/// diagnostics in the same order with the same lines and columns, and an error of the same kind
/// at the same place, for
/// valid documents, schema violations (past the listed maximum too), malformed XML and a
/// reading error that stops the pass early. Small documents are forced through the pass.
@Suite struct XMLSchemaPassTests {
  /// Decodes `bytes` with the schema attached (`attached`) or checked beside the reading.
  private static func outcome(_ bytes: [UInt8], attached: Bool) -> Result<(TrackerDataset, [Diagnostic]), CodecError> {
    var context = CodecContext(fileName: "test.trackport.xml")
    do {
      let dataset = try XMLCodec().decode(CodecInput(.bytes(bytes, name: "test.trackport.xml")), context: &context,
                                          schemaPassFrom: attached ? Int.max : 0)
      return .success((dataset, context.diagnostics))
    } catch let error as CodecError {
      return .failure(error)
    } catch {
      return .failure(CodecError(.io, "unexpected error \(error)"))
    }
  }

  private static func expectSameBothWays(_ bytes: [UInt8], _ comment: Comment) {
    let attached = outcome(bytes, attached: true), beside = outcome(bytes, attached: false)
    switch (attached, beside) {
    case let (.success(a), .success(b)):
      #expect(a.0 == b.0, comment)
      #expect(a.1 == b.1, comment)
    case let (.failure(a), .failure(b)):
      // The same place and kind. The words may differ: a reader with the schema attached
      // sometimes loses libxml2's first parser error and reports its last one, capitalized
      // (the reader without it, and `schema=off`, report the first).
      #expect(a.kind == b.kind, comment)
      #expect(a.location == b.location, comment)
    default:
      Issue.record("one way succeeded and the other failed: \(attached) / \(beside); \(comment)")
    }
  }

  /// Categories with schema violations (an unknown attribute, a child element) every `every`.
  private static func document(categories: Int, violationEvery every: Int, tail: String = "</trackport>") -> [UInt8] {
    var text = #"<trackport xmlns="urn:trackport:1" version="1">"# + "\n<categories>\n"
    for i in 0..<categories {
      if every > 0, i % every == 0 {
        text += #"  <category id="c\#(i)" title="C \#(i)" bogus="\#(i)"><note>n</note></category>"# + "\n"
      } else {
        text += #"  <category id="c\#(i)" title="C \#(i)"/>"# + "\n"
      }
    }
    return Array((text + "</categories>\n" + tail).utf8)
  }

  @Test(.enabled(if: sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1, "one core: the check never runs on a thread of its own"))
  func thePassRunsWhereTheMachineHasASecondCore() throws {
    let bytes = Self.document(categories: 3, violationEvery: 2)
    let schema = try XMLSchemaHandle()
    try bytes.withUnsafeBytes { raw in
      let pass = try #require(XMLSchemaPass.start(raw, fileName: "t.xml", schema: schema, minimumBytes: 0))
      let log = try pass.finish()
      #expect(log.schemaErrors.count == 4)
      #expect(XMLSchemaPass.start(raw, fileName: "t.xml", schema: schema, minimumBytes: raw.count + 1) == nil)
    }
  }

  @Test func validDocumentsReadTheSame() throws {
    for name in ["golden.trackport.xml", "golden-v2.trackport.xml"] {
      Self.expectSameBothWays(try Harness.fixture(name), "\(name)")
    }
    Self.expectSameBothWays(try Harness.encode(try Harness.demo()), "the demo")
    Self.expectSameBothWays(try Harness.encode(nastyDataset(seed: 5)), "a nasty dataset")
  }

  @Test(arguments: [1, 3, 50])
  func violationsAreTheSame(every: Int) {
    Self.expectSameBothWays(Self.document(categories: 400, violationEvery: every), "every \(every)")
  }

  @Test func violationsPastTheMaximumAreCountedTheSame() {
    let bytes = Self.document(categories: XMLErrorLog.maximumSchemaErrors + 300, violationEvery: 1)
    Self.expectSameBothWays(bytes, "past the maximum")
    guard case let .success((_, diagnostics)) = Self.outcome(bytes, attached: false) else {
      Issue.record("the document did not read")
      return
    }
    #expect(diagnostics.contains { $0.code == "xml-schema" && $0.message.hasSuffix(" more schema violations not listed") })
  }

  @Test func malformedDocumentsFailTheSame() {
    let cases = [
      Self.document(categories: 200, violationEvery: 7, tail: "</categories>"),
      Self.document(categories: 200, violationEvery: 0, tail: "<trackers><tracker id=\"x\"</trackers></trackport>"),
      Array(#"<trackport xmlns="urn:trackport:1" version="1"><categories><category id="a" title="&bad;"/></categories></trackport>"#.utf8),
    ]
    for (i, bytes) in cases.enumerated() {
      Self.expectSameBothWays(bytes, "case \(i)")
      if case .success = Self.outcome(bytes, attached: false) { Issue.record("case \(i) read") }
    }
  }

  /// A reading error at the start of a long document: the pass is stopped, the error is the
  /// reader's.
  @Test func aReadingErrorStopsThePass() {
    var text = #"<trackport xmlns="urn:trackport:1" version="1"><categories><category title="no id"/>"#
    for i in 0..<20_000 { text += #"<category id="c\#(i)" title="t"/>"# }
    let bytes = Array((text + "</categories></trackport>").utf8)
    Self.expectSameBothWays(bytes, "an error first")
    guard case let .failure(error) = Self.outcome(bytes, attached: false) else {
      Issue.record("the document read")
      return
    }
    #expect(error.kind == .malformedInput)
  }
}
