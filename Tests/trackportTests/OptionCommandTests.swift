import Foundation
import Testing
import TrackerTestSupport

/// `--option KEY=VALUE` end to end: declared options are listed and accepted, a key no format
/// of the command takes is refused with exit 64, never ignored.
@Suite struct OptionCommandTests {
  /// The user's own try: a misspelt `email` is refused, named, and corrected; nothing is written.
  @Test func aMisspeltOptionIsRefusedWithTheNearestKey() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(CLI.demo), to: folder.appendingPathComponent("data.json"))
    let result = try CLI.run(["convert", "data.json", "out.beaverhabits.json", "--option", "emial=me@example.org"], in: folder)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("unknown option 'emial': not an option of reading json or writing beaverhabits [unknown-option]"),
            "\(result.stderr)")
    #expect(result.stderr.contains("did you mean 'email'?"))
    #expect(result.stderr.contains("writing beaverhabits takes default-category=TEXT, email=TEXT, exported-at=TEXT"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.beaverhabits.json").path))

    let spelt = try CLI.run(["convert", "data.json", "out.beaverhabits.json", "--option", "email=me@example.org"], in: folder)
    #expect(spelt.status == 0, "\(spelt.stderr)")
    let written = try String(contentsOf: folder.appendingPathComponent("out.beaverhabits.json"), encoding: .utf8)
    #expect(written.contains("me@example.org"))
  }

  /// An option of the other direction is refused too, and the note says which direction takes it.
  @Test func anOptionOfTheOtherDirectionIsRefused() throws {
    let result = try CLI.run(["convert", CLI.demo, "-", "--to", "csv", "--encoding", "windows-1251"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown option 'encoding'"), "\(result.stderr)")
    #expect(result.stderr.contains("csv takes encoding only when reading"), "\(result.stderr)")
  }

  /// A dedicated flag maps to an option key: one no format of the command takes is refused.
  @Test func aDedicatedFlagNoFormatTakesIsRefused() throws {
    let result = try CLI.run(["convert", CLI.demo, "-", "--to", "json", "--spreadsheet-safe"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown option 'spreadsheet-safe': not an option of reading json or writing json"), "\(result.stderr)")
    #expect(result.stderr.contains("reading json takes no options"))
  }

  /// A value outside a declared list is refused naming the values; one inside is accepted.
  @Test func enumeratedValuesAreChecked() throws {
    let shape = try CLI.run(["convert", CLI.demo, "-", "--to", "csv", "--option", "to-shape=table"])
    #expect(shape.status == 64)
    #expect(shape.stderr.contains("CSV option to-shape: 'table' is not 'package', 'trackers' or 'log'"), "\(shape.stderr)")
    let history = try CLI.run(["convert", CLI.demo, "-", "--to", "ics", "--option", "history=maybe"])
    #expect(history.status == 64)
    #expect(history.stderr.contains("iCalendar option history: 'maybe' is not true or false"), "\(history.stderr)")
    let start = try CLI.run(["convert", CLI.demo, "-", "--to", "ics", "--option", "start=someday"])
    #expect(start.status == 64)
    #expect(start.stderr.contains("is not a day written YYYY-MM-DD"), "\(start.stderr)")
    // `yes` is a boolean the writer now honours, as the host accepted it.
    let yes = try CLI.run(["convert", CLI.demo, "-", "--to", "ics", "--option", "history=yes"])
    #expect(yes.status == 0, "\(yes.stderr)")
    #expect(yes.stdout.contains("X-TRACKPORT-HISTORY:TRUE"))
  }

  /// Every reading command refuses a key its reader does not take.
  @Test(arguments: [["validate"], ["stats"], ["agenda", "--date", "2026-01-05"], ["report", "--output", "-"]])
  func readingCommandsRefuseAnUnknownKey(_ command: [String]) throws {
    let result = try CLI.run([command[0], CLI.demo] + command.dropFirst() + ["--option", "delimter=;"])
    #expect(result.status == 64, "\(command): \(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("unknown option 'delimter': not an option of reading json"), "\(result.stderr)")
  }

  /// Several inputs: an option is accepted when one of their formats takes it.
  @Test func validateAcceptsAnOptionOneOfItsFilesTakes() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "name;schedule\nWalk;mon\n".write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
    let both = try CLI.run(["validate", CLI.root.appendingPathComponent(CLI.demo).path, "t.csv", "--delimiter", ";"], in: folder)
    #expect(both.status != 64, "\(both.stdout)\(both.stderr)")
    #expect(!both.stderr.contains("unknown-option"))
    let jsonOnly = try CLI.run(["validate", CLI.root.appendingPathComponent(CLI.demo).path, "--delimiter", ";"], in: folder)
    #expect(jsonOnly.status == 64)
  }

  /// `formats --json` lists each format's options with their values, default, help and direction.
  @Test func formatsJSONListsOptions() throws {
    let result = try CLI.run(["formats", "--json"])
    #expect(result.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let formats = try #require(root["formats"] as? [[String: Any]])
    func options(_ id: String) throws -> [[String: Any]] {
      let format = try #require(formats.first { $0["id"] as? String == id })
      return try #require(format["options"] as? [[String: Any]])
    }
    #expect(try options("json").isEmpty)
    let email = try #require(try options("beaverhabits").first { $0["key"] as? String == "email" })
    #expect(email["type"] as? String == "text")
    #expect(email["reads"] as? Bool == false && email["writes"] as? Bool == true)
    #expect((email["help"] as? String)?.isEmpty == false)
    let shape = try #require(try options("csv").first { $0["key"] as? String == "to-shape" })
    #expect(shape["values"] as? [String] == ["package", "trackers", "log"])
    let dayStart = try #require(try options("habitica").first { $0["key"] as? String == "day-start" })
    #expect(dayStart["minimum"] as? Int == 0 && dayStart["maximum"] as? Int == 23)
    let encoding = try #require(try options("csv").first { $0["key"] as? String == "encoding" })
    #expect(encoding["default"] as? String == "utf-8")
  }

  /// The text listing: an `ID options:` block per format that takes any.
  @Test func formatsTextListsOptions() throws {
    let result = try CLI.run(["formats"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex(of: "beaverhabits options:"))
    #expect(lines[start + 2].hasPrefix("  email=TEXT") && lines[start + 2].contains("-w"), "\(lines[start + 2])")
    #expect(!lines.contains("json options:"))
  }
}
