import Foundation
import Testing
import TrackerPort
import TrackerTestSupport
@testable import TrackerServeAPI

/// The page of `GET /` as markup; Tests/serve/page_test.py drives it in Chromium.
@Suite struct WebPageTests {
  static let page = ServeAPI().respond(method: "GET", path: "/", contentType: nil, body: [])
  static var html: String { String(decoding: page.body, as: UTF8.self) }

  @Test func isServedWithAPolicyThatAllowsItsOwnStyleAndScriptOnly() throws {
    #expect(Self.page.status == 200)
    #expect(Self.page.header("Content-Type") == "text/html; charset=utf-8")
    let policy = try #require(Self.page.header("Content-Security-Policy"))
    #expect(policy.hasPrefix("default-src 'none'; "))
    #expect(!policy.contains("unsafe"))
    // The hashes, computed by Python's hashlib from the blocks as served.
    let script = try #require(Self.block("script"))
    let style = try #require(Self.block("style"))
    let hashes = try Python.run(oracle: "csp_hash.py", [], input: Data((script + "\u{0}" + style).utf8))
      .split(separator: "\n").map(String.init)
    #expect(hashes.count == 2)
    #expect(policy.contains("script-src '\(hashes.first ?? "-")';"))
    #expect(policy.contains("style-src '\(hashes.last ?? "-")';"))
    #expect(ServeAPI().respond(method: "POST", path: "/", contentType: nil, body: []).status == 405)
  }

  /// One style, one script, nothing else inline that the policy would block, nothing loaded
  /// from elsewhere.
  @Test func isSelfContained() {
    let html = Self.html
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.components(separatedBy: "<style").count == 2)
    #expect(html.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "no event-handler attribute")
    #expect(html.range(of: #"\sstyle\s*="#, options: .regularExpression) == nil, "no style attribute")
    #expect(html.range(of: #"(src|href)\s*=\s*"(https?:)?//"#, options: .regularExpression) == nil, "nothing from elsewhere")
    #expect(!html.contains("innerHTML") && !html.contains("insertAdjacentHTML") && !html.contains("document.write"),
            "text from files reaches the page only as text")
    #expect(html.contains("kept nowhere") && html.contains("нигде не хранится"))
  }

  /// Every app the server writes has its import steps in both languages (TrackerPort's own
  /// formats share one), read from ``ImportSteps``, the one source of the page's steps.
  @Test(arguments: StandardCodecs.all.filter(\.descriptor.canWrite).map(\.descriptor.id))
  func everyWritableFormatHasImportSteps(id: String) throws {
    for language in ImportSteps.languages {
      let steps = try #require(ImportSteps.steps(for: id, language: language), "\(language) steps for \(id)")
      #expect(!steps.isEmpty && steps.allSatisfy { !$0.isEmpty }, "\(language) steps for \(id)")
    }
  }

  /// The script carries ``ImportSteps`` as data: its `STEPS` object, read back as JSON, is the
  /// Swift table, with the same keys in every language; `OWN` names the formats that share steps.
  @Test func theScriptCarriesTheStepsAsJSON() throws {
    let script = WebPage.script
    func value(_ name: String) throws -> Any {
      let start = try #require(script.range(of: "const \(name) = "), "no \(name) in the script")
      let end = try #require(script.range(of: ";\n", range: start.upperBound..<script.endIndex))
      return try JSONSerialization.jsonObject(with: Data(script[start.upperBound..<end.lowerBound].utf8))
    }
    let steps = try #require(try value("STEPS") as? [String: [String: [String]]])
    #expect(Set(steps.keys) == Set(ImportSteps.languages))
    for language in ImportSteps.languages {
      let table = try #require(ImportSteps.table[language])
      #expect(steps[language] == Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.steps) }), "\(language)")
      #expect(Set(table.map(\.key)) == Set(try #require(ImportSteps.table["en"]).map(\.key)), "\(language) has other apps than English")
    }
    #expect(try value("OWN") as? [String] == ImportSteps.ownFormats)
    // Inside <script>, no step may close it: < is written \u003c.
    #expect(!script.contains("<bundle id>") && script.contains("\\u003cbundle id\\u003e"))
  }

  static func block(_ tag: String) -> String? {
    let html = Self.html
    guard let open = html.range(of: "<\(tag)>"), let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex)
    else { return nil }
    return String(html[open.upperBound..<close.lowerBound])
  }
}
