import Foundation
import TrackerTestSupport
import Testing

@Suite struct InfoCommandTests {
  @Test func everyCodeIsDocumentedInRulesMarkdown() throws {
    let result = try CLI.run(["rules", "--json"])
    #expect(result.status == 0)
    let rules = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["rules"] as? [[String: Any]])
    let docs = try String(contentsOf: CLI.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    let codes = rules.compactMap { $0["code"] as? String }
    #expect(codes.count >= 31)
    for code in codes {
      #expect(docs.contains("`\(code)`"), "docs/rules.md does not document \(code)")
    }
  }

  @Test func formatsListsTheBuiltIns() throws {
    let result = try CLI.run(["formats"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("json"))
    #expect(result.stdout.contains(".trackport.json"))
  }

  @Test func helpTextsHaveNoRunsOfSpaces() throws {
    // A missing line continuation in a multi-line help string shows as a gap in --help and in
    // the man page: look at every abstract, discussion and argument help the tool declares.
    let result = try CLI.run(["--experimental-dump-help"])
    #expect(result.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    var texts: [String] = []
    func collect(_ command: [String: Any]) {
      for key in ["abstract", "discussion"] { if let text = command[key] as? String { texts.append(text) } }
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        for key in ["abstract", "discussion"] { if let text = argument[key] as? String { texts.append(text) } }
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] { collect(sub) }
    }
    collect(try #require(root["command"] as? [String: Any]))
    #expect(texts.count > 50)
    for text in texts {
      #expect(!text.contains("  "), "\(text)")
    }
  }

  @Test func anEmptyDefaultCategoryIsAUsageError() throws {
    let result = try CLI.run(["convert", CLI.demo, "-", "--to", "json", "--default-category", " "])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--default-category"))
  }

  @Test func formatsSaysWhatEachFormatCannotCarry() throws {
    let result = try CLI.run(["formats"])
    #expect(result.status == 0)
    // After the table: `ID cannot carry: a, b,` (or `ID --to-shape NAME cannot carry:`), going on
    // on lines indented by two spaces; no line wider than 100 columns.
    var listed: [String: [String]] = [:]
    var current: String?
    func items(_ text: Substring) -> [String] {
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    for line in result.stdout.split(separator: "\n") {
      if line.hasPrefix("  "), let subject = current {
        listed[subject, default: []] += items(line)
      } else if let range = line.range(of: " cannot carry:") {
        current = String(line[..<range.lowerBound])
        listed[current!] = items(line[range.upperBound...])
      } else {
        current = nil
      }
      if current != nil { #expect(line.count <= 100, "\(line)") }
    }
    // The lists are the descriptors' (which CannotCarryTests checks against the loss reports).
    let json = try CLI.run(["formats", "--json"])
    let formats = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["formats"] as? [[String: Any]])
    var expected: [String: [String]] = [:]
    for format in formats where format["writes"] as? Bool == true {
      let id = try #require(format["id"] as? String)
      let shapes = format["shapes"] as? [[String: Any]] ?? []
      for shape in shapes {
        let fields = shape["cannotCarry"] as? [String] ?? []
        if !fields.isEmpty { expected["\(id) --to-shape \(shape["name"] as? String ?? "")"] = fields }
      }
      let fields = format["cannotCarry"] as? [String] ?? []
      if shapes.isEmpty && !fields.isEmpty { expected[id] = fields }
    }
    #expect(listed == expected)
    // Loop drops events and their records, and keeps the other records; HabitBull writes an
    // event with days as a habit; the CSV package loses nothing, its tables do.
    #expect(listed["loop"]?.contains("trackers[kind=event]") == true)
    #expect(listed["loop"]?.contains("records[of events]") == true)
    #expect(listed["loop"]?.contains("records") == false)
    #expect(listed["habitbull"]?.contains("trackers.kind") == true)
    #expect(listed["habitbull"]?.contains("trackers[kind=event]") == false)
    #expect(listed["csv --to-shape log"]?.contains("trackers.id") == true)
    #expect(listed["csv --to-shape trackers"]?.contains("records") == true)
    #expect(listed["csv"] == nil && listed["csv --to-shape package"] == nil)
  }

  /// `formats --format json` (what `--json` prints too) carries the migration matrix: a route
  /// from every reader to every writer and shape, whose losses are the target's declared ones
  /// that the source can hold, and every field it names has a summary.
  @Test func formatsJSONHasTheMigrationMatrix() throws {
    let result = try CLI.run(["formats", "--format", "json"])
    #expect(result.status == 0)
    #expect(try CLI.run(["formats", "--json"]).stdout == result.stdout)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let formats = try #require(document["formats"] as? [[String: Any]])
    let routes = try #require(document["migrations"] as? [[String: Any]])
    let summaries = try #require(document["fields"] as? [[String: String]])
    let named = Set(summaries.compactMap { $0["name"] })
    #expect(named.contains("trackers.emoji") && summaries.allSatisfy { !($0["summary"] ?? "").isEmpty })
    let readers = formats.filter { $0["reads"] as? Bool == true }.count
    var targets: [String: [String]] = [:]
    for f in formats where f["writes"] as? Bool == true {
      let shapes = f["shapes"] as? [[String: Any]] ?? []
      for shape in shapes.isEmpty ? [f] : shapes {
        targets["\(f["id"]!)|\(shapes.isEmpty ? "" : shape["name"] as? String ?? "")"] = shape["cannotCarry"] as? [String] ?? []
      }
    }
    #expect(routes.count == readers * targets.count)
    for r in routes {
      let key = "\(r["to"]!)|\(r["shape"] as? String ?? "")"
      let lost = r["lost"] as? [String] ?? []
      #expect(Set(lost).isSubset(of: Set(targets[key] ?? [])), "\(r)")
      #expect(Set(lost + (r["inPart"] as? [String] ?? [])).isSubset(of: named), "\(r)")
    }
    // Loop has no categories and no emoji: they are never lost from it; its schedule is, to
    // an app that plans every habit every day.
    let loopToHabo = try #require(routes.first { $0["from"] as? String == "loop" && $0["to"] as? String == "habo" })
    #expect((loopToHabo["lost"] as? [String])?.contains("trackers.emoji") == false)
    #expect((loopToHabo["lost"] as? [String])?.contains("categories.id") == false)
    #expect((loopToHabo["lost"] as? [String])?.contains("trackers.schedule") == true)
  }

  @Test func detectRecognisesPlainJSONByContent() throws {
    let folder = try CLI.temporaryFolder()
    let plain = folder.appendingPathComponent("export.json")
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(CLI.demo), to: plain)
    let result = try CLI.run(["detect", plain.path])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("json\t"))

    let other = folder.appendingPathComponent("package.json")
    try Data("{\"name\": \"left-pad\"}".utf8).write(to: other)
    let refused = try CLI.run(["detect", other.path])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("cannot tell the format"))
  }

  @Test func generateIsDeterministicAndValid() throws {
    let folder = try CLI.temporaryFolder()
    let a = folder.appendingPathComponent("a.trackport.json").path
    let b = folder.appendingPathComponent("b.trackport.json").path
    for path in [a, b] {
      let result = try CLI.run(["generate", "--trackers", "40", "--days", "90", "--seed", "5", "-o", path])
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    let validation = try CLI.run(["validate", a, "--today", "2026-11-22", "--strict"])
    #expect(validation.status == 0, "\(validation.stdout)")
  }
}
