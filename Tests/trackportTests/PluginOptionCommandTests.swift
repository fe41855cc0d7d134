import Foundation
import Testing
import TrackerTestSupport

/// Plugins' declared options end to end: listed, passed when declared, refused when not.
@Suite struct PluginOptionCommandTests {
  /// A read-only plugin `trackport-codec-NAME` whose descriptor has `extra` members and whose
  /// `decode` writes a one-tracker dataset named by its arguments (the options it was given).
  static func writePlugin(_ name: String, extra: String = "", in folder: URL) throws {
    try PluginCommandTests.writeScript(#"""
      #!/bin/sh
      if [ "$1" = describe ]; then
        echo '{"id": "\#(name)", "name": "\#(name)", "version": "1", "extensions": ["\#(name)"], "reads": true, "writes": false\#(extra)}'
        exit 0
      fi
      shift
      cat > /dev/null
      printf '{"trackport": 1, "categories": [{"id": "c", "title": "C"}], "trackers": [{"id": "t", "kind": "habit", "name": "args:%s", "categoryId": "c", "emoji": "🙂", "color": "#33CF69", "schedule": ["mon"]}], "records": []}\n' "$*"

      """#, to: folder.appendingPathComponent("trackport-codec-\(name)"))
  }

  @Test func aPluginThatDeclaresNoOptionsTakesNone() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writePlugin("bare", in: folder)
    try Data("x".utf8).write(to: folder.appendingPathComponent("in.bare"))
    let plain = try CLI.run(["convert", "in.bare", "-", "--to", "json", "--plugin-path", "."], in: folder)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("\"args:\""))
    let refused = try CLI.run(["convert", "in.bare", "-", "--to", "json", "--plugin-path", ".", "--option", "mood=keep"], in: folder)
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("unknown option 'mood': not an option of reading bare or writing json [unknown-option]"), "\(refused.stderr)")
    #expect(refused.stderr.contains("reading bare takes no options"))
  }

  @Test func aPluginIsPassedOnlyTheOptionsItDeclares() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writePlugin("moody", extra: #", "options": [{"key": "mood", "type": "choice", "values": ["keep", "drop"], "help": "moods"}]"#, in: folder)
    try Data("x".utf8).write(to: folder.appendingPathComponent("in.moody"))
    // `delimiter` is the CSV writer's: accepted, and never passed to the plugin.
    let result = try CLI.run(["convert", "in.moody", "out.csv", "--plugin-path", ".", "--option", "mood=KEEP", "--delimiter", ";"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let written = try String(contentsOf: folder.appendingPathComponent("out.csv"), encoding: .utf8)
    #expect(written.contains("args:--option mood=KEEP") && !written.contains("delimiter") && written.contains(";"), "\(written)")
    let bad = try CLI.run(["convert", "in.moody", "-", "--to", "json", "--plugin-path", ".", "--option", "mood=sad"], in: folder)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("moody option mood: 'sad' is not 'keep' or 'drop'"), "\(bad.stderr)")
    let misspelt = try CLI.run(["convert", "in.moody", "-", "--to", "json", "--plugin-path", ".", "--option", "mod=keep"], in: folder)
    #expect(misspelt.status == 64)
    #expect(misspelt.stderr.contains("did you mean 'mood'?"), "\(misspelt.stderr)")

    let formats = try CLI.run(["formats", "--plugin-path", "."], in: folder)
    let lines = formats.stdout.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex(of: "moody options:"), "\(formats.stdout)")
    #expect(lines[start + 1].hasPrefix("  mood=keep|drop") && lines[start + 1].contains("r-") && lines[start + 1].hasSuffix("moods"))
  }

  @Test func aBrokenOptionDeclarationMakesThePluginBrokenWithTheReason() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writePlugin("odd", extra: #", "options": [{"key": "mood", "type": "choice", "values": ["keep"]}]"#, in: folder)
    let formats = try CLI.run(["formats", "--plugin-path", "."], in: folder)
    #expect(formats.stdout.contains(#"(broken: "options"[1] ("mood"): "help" is missing)"#), "\(formats.stdout)")
  }

  /// The example plugin declares `category` and `date-order`: listed, passed through to rename
  /// the category, and a `choice` value it does not take is refused by the host.
  @Test func theExamplePluginsOptions() throws {
    let formats = try CLI.run(["formats", "--json", "--plugin-path", PluginCommandTests.examplePlugins])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(formats.stdout.utf8)) as? [String: Any])
    let habitify = try #require((root["formats"] as? [[String: Any]])?.first { $0["id"] as? String == "habitify" })
    #expect((habitify["options"] as? [[String: Any]])?.map { $0["key"] as? String } == ["category", "date-order"])
    let refused = try CLI.run(["convert", PluginCommandTests.habitify.path, "-", "--to", "json",
                               "--plugin-path", PluginCommandTests.examplePlugins, "--option", "date-order=ydm"])
    #expect(refused.status == 64, "\(refused.stderr)")
    let result = try CLI.run(["convert", PluginCommandTests.habitify.path, "-", "--to", "json",
                              "--plugin-path", PluginCommandTests.examplePlugins, "--option", "category=Настроение"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"title\": \"Настроение\""), "\(result.stdout.prefix(400))")
  }
}
