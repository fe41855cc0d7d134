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
  /// formats share one).
  @Test(arguments: StandardCodecs.all.filter(\.descriptor.canWrite).map(\.descriptor.id))
  func everyWritableFormatHasImportSteps(id: String) throws {
    let script = WebPage.script
    let key = ["json", "xml", "csv"].contains(id) ? "own" : id
    let table = try #require(script.range(of: "const STEPS = {"))
    let english = try #require(script.range(of: "\n  en: {", range: table.upperBound..<script.endIndex))
    let russian = try #require(script.range(of: "\n  ru: {", range: english.upperBound..<script.endIndex))
    let quoted = key.contains("-") ? "\"\(key)\": [" : "\n    \(key): ["
    let steps = script[english.upperBound...]
    #expect(steps[..<russian.lowerBound].contains(quoted), "English steps for \(id)")
    #expect(script[russian.upperBound...].contains(quoted), "Russian steps for \(id)")
  }

  static func block(_ tag: String) -> String? {
    let html = Self.html
    guard let open = html.range(of: "<\(tag)>"), let close = html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex)
    else { return nil }
    return String(html[open.upperBound..<close.lowerBound])
  }
}
