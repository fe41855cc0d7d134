import Foundation
import TrackerTestSupport
import Testing

@Suite struct ValidateCommandTests {
  @Test func theDemoDatasetIsValid() throws {
    let result = try CLI.run(["validate", CLI.demo, "--today", "2026-11-22"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("valid (0 errors, 0 warnings)"))
  }

  /// docs/ci.md's recipe in a repository with no datasets yet: `$(git ls-files …)` is empty.
  @Test func validatingNoFilesPassesAndSaysSo() throws {
    let text = try CLI.run(["validate"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout == "no files given: nothing to validate\n")
    let json = try CLI.run(["validate", "--format", "json"])
    #expect(json.status == 0)
    #expect(json.stdout.contains("\"valid\": true") || json.stdout.contains("\"valid\":true"), "\(json.stdout)")
  }

  /// `-q` on every command that reads a dataset: one command line for scripts. Each run
  /// passes; `validate -q` prints its findings without the per-file lines, `generate -q` and
  /// `convert -q` print nothing on success.
  @Test func everyCommandThatReadsADatasetTakesQuiet() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = { (name: String) in folder.appendingPathComponent(name).path }
    let runs: [[String]] = [
      ["validate", CLI.demo, "-q", "--today", "2026-11-22"], ["stats", CLI.demo, "-q"], ["agenda", CLI.demo, "--date", "2026-11-20", "-q"],
      ["diff", CLI.demo, CLI.demo, "-q"], ["report", CLI.demo, "-o", out("r.html"), "-q"], ["convert", CLI.demo, out("c.habo.json"), "-q"],
      ["merge", CLI.demo, CLI.demo, "-o", out("m.trackport.json"), "-q"], ["generate", "-o", out("g.habo.json"), "-q"],
    ]
    for arguments in runs {
      let result = try CLI.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
    }
    #expect(try CLI.run(["validate", CLI.demo, "-q", "--today", "2026-11-22"]).stdout.isEmpty)
    let invalid = try CLI.run(["validate", "SampleData/invalid/name-too-long.trackport.json", "-q"], in: CLI.root)
    #expect(invalid.status == 1)
    #expect(invalid.stdout.contains("[name-too-long]") && !invalid.stdout.contains("invalid ("), "\(invalid.stdout)")
  }

  /// An app's file reads with the reader's notes (Habo has no emoji or weekdays): shown, but
  /// counted apart from rule findings, and `--strict`, which is about rules, still passes.
  @Test func theReadersNotesAreCountedApartAndStrictIgnoresThem() throws {
    let habo = "Tests/HaboCodecTests/Fixtures/envelope.json"
    let text = try CLI.run(["validate", habo, "--strict", "--today", "2026-11-22"], in: CLI.root)
    #expect(text.status == 0, "\(text.stdout)")
    #expect(text.stdout.contains("warning: Habo has no emoji, colours or weekdays"))
    #expect(text.stdout.contains(habo + ": valid (0 errors, 0 warnings; 3 notes from reading)"), "\(text.stdout)")
    let json = try CLI.run(["validate", habo, "--format", "json", "--today", "2026-11-22"], in: CLI.root)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(report["warnings"] as? Int == 0 && report["notes"] as? Int == 3, "\(json.stdout)")
    let github = try CLI.run(["validate", habo, "--format", "github", "--today", "2026-11-22"], in: CLI.root)
    #expect(github.stdout.hasPrefix("::notice file="), "\(github.stdout)")
    let junit = try CLI.run(["validate", habo, "--format", "junit", "--strict", "--today", "2026-11-22"], in: CLI.root)
    #expect(junit.status == 0 && !junit.stdout.contains("<failure"), "\(junit.stdout)")
    let sarif = try CLI.run(["validate", habo, "--format", "sarif", "--today", "2026-11-22"], in: CLI.root)
    #expect(sarif.stdout.contains("\"level\": \"note\""))
  }

  /// An unknown code is known to be one only once the plugins are: the usage shown is still
  /// `validate`'s, not the top level's.
  @Test func anUnknownSelectedCodeShowsValidatesUsage() throws {
    let result = try CLI.run(["validate", CLI.demo, "--select", "nosuch-code"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: unknown code 'nosuch-code'; 'trackport rules' lists them\nUsage: trackport validate"), "\(result.stderr)")
    #expect(result.stderr.contains("See 'trackport validate --help'"))
    #expect(!result.stderr.contains("<subcommand>"))
  }

  @Test func textFindingsNameFileLineColumnAndCode() throws {
    let result = try CLI.run(["validate", "SampleData/invalid/name-too-long.trackport.json"])
    #expect(result.status == 1)
    let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("[name-too-long]") })
    #expect(line.wholeMatch(of: /SampleData\/invalid\/name-too-long\.trackport\.json:\d+:\d+: error: .+ \[name-too-long\]/) != nil)
  }

  @Test func jsonReportHasTheDocumentedShape() throws {
    let result = try CLI.run(["validate", "SampleData/invalid/name-too-long.trackport.json", "--format", "json"])
    #expect(result.status == 1)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["valid"] as? Bool == false)
    #expect((report["errors"] as? Int ?? 0) >= 1)
    #expect(report["warnings"] is Int)
    let first = try #require((report["diagnostics"] as? [[String: Any]])?.first)
    #expect(Set(first.keys) == ["file", "code", "severity", "message", "line", "column", "pointer"])
    #expect(first["line"] is Int && first["column"] is Int)
    #expect((first["pointer"] as? String)?.hasPrefix("/trackers/") == true)
  }

  @Test func githubAnnotations() throws {
    let result = try CLI.run(["validate", "SampleData/invalid/name-too-long.trackport.json", "--format", "github"])
    #expect(result.status == 1)
    let line = try #require(result.stdout.split(separator: "\n").first)
    #expect(line.wholeMatch(of: /::error file=SampleData\/invalid\/name-too-long\.trackport\.json,line=\d+,col=\d+,title=name-too-long::.+/) != nil)
  }

  @Test func warningsFailOnlyWithStrict() throws {
    let file = "SampleData/invalid/color-off-palette.trackport.json"
    #expect(try CLI.run(["validate", file]).status == 0)
    #expect(try CLI.run(["validate", file, "--strict"]).status == 1)
    #expect(try CLI.run(["validate", file, "--strict", "--ignore", "color-off-palette"]).status == 0)
  }

  @Test func selectKeepsOnlyTheNamedCodes() throws {
    let result = try CLI.run(["validate", "SampleData/invalid/name-too-long.trackport.json", "--select", "color-invalid"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("[name-too-long]"))
  }

  @Test func unknownCodesAreRefused() throws {
    let result = try CLI.run(["validate", CLI.demo, "--ignore", "name-to-long"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown code 'name-to-long'"))
  }

  @Test func todayDecidesWhatIsInTheFuture() throws {
    let file = "SampleData/invalid/record-in-future.trackport.json"
    let pinned = try CLI.run(["validate", file, "--today", "2026-11-22", "--format", "json"])
    #expect(pinned.stdout.contains("\"record-in-future\""))
    let later = try CLI.run(["validate", file, "--today", "2100-01-01", "--format", "json"])
    #expect(!later.stdout.contains("\"record-in-future\""))
  }

  @Test func everyFileIsReportedAndTheWorstStatusWins() throws {
    let result = try CLI.run(["validate", CLI.demo, "SampleData/invalid/malformed-truncated.trackport.json",
                              "SampleData/invalid/name-too-long.trackport.json"])
    #expect(result.status == 65)
    #expect(result.stdout.contains("[malformed-input]"))
    #expect(result.stdout.contains("[name-too-long]"))
    #expect(result.stdout.contains("\(CLI.demo): valid"))
  }

  @Test func unsupportedVersionIsExit65() throws {
    let result = try CLI.run(["validate", "SampleData/invalid/malformed-unknown-version.trackport.json"])
    #expect(result.status == 65)
    #expect(result.stdout.contains("[unsupported-version]"))
  }

  @Test func standardInputIsValidatedUnderTheNameDash() throws {
    let bytes = try Data(contentsOf: CLI.root.appendingPathComponent("SampleData/invalid/name-too-long.trackport.json"))
    let result = try CLI.run(["validate", "-"], input: bytes)
    #expect(result.status == 1)
    #expect(result.stdout.contains("-:17:15: error:"))
  }

  @Test func githubAnnotationsEscapeCommasAndColonsInFileNames() throws {
    let folder = try CLI.temporaryFolder()
    let odd = folder.appendingPathComponent("a,b:c.trackport.json")
    try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("SampleData/invalid/name-too-long.trackport.json"), to: odd)
    let result = try CLI.run(["validate", odd.path, "--format", "github"])
    #expect(result.stdout.contains("a%2Cb%3Ac.trackport.json,line="))
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
  func aReportThatCannotBeWrittenIsExit74() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CLI.binary)
    process.arguments = ["validate", CLI.root.appendingPathComponent(CLI.demo).path]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
  }
}
