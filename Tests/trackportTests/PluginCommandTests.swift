import Foundation
import TrackerTestSupport
import Testing

/// The executable-plugin path end to end: the built `trackport` and the Python example plugin
/// in `Examples/habitify-plugin/`, on the hand-made export beside it.
@Suite struct PluginCommandTests {
  static let examplePlugins = CLI.root.appendingPathComponent("Examples/habitify-plugin").path
  static let habitify = CLI.root.appendingPathComponent("Examples/habitify-plugin/habitify_export.csv")

  /// Habits, completed, skipped and failed (habit, day) pairs, and the completed amounts' sum,
  /// counted apart from the plugin (`Tests/Oracles/habitify_counts.py`).
  static func countedIndependently() throws -> (habits: Int, completed: Int, skipped: Int, failed: Int, amount: Double) {
    let text = try Python.run(oracle: "habitify_counts.py", [habitify.path])
    let numbers = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let counts = try #require(numbers.count == 5 ? numbers : nil)
    return (Int(counts[0]), Int(counts[1]), Int(counts[2]), Int(counts[3]), counts[4])
  }

  /// Writes an executable script through a close-on-exec descriptor, so a process another
  /// test spawns meanwhile cannot inherit the write descriptor and keep the script busy
  /// (ETXTBSY) for its whole life.
  static func writeScript(_ text: String, to url: URL) throws {
    try TrackerTestSupport.writeScript(text, to: url.path)
  }

  /// Writes a read-only plugin `trackport-codec-NAME` into `folder` that creates the file
  /// `described` there whenever it runs; returns that file's URL.
  static func writeMarkingPlugin(_ name: String, in folder: URL) throws -> URL {
    let marker = folder.appendingPathComponent("described")
    try writeScript("""
      #!/bin/sh
      touch '\(marker.path)'
      echo '{"id": "\(name)", "name": "\(name)", "version": "1", "extensions": ["\(name)"], "reads": true, "writes": false}'

      """, to: folder.appendingPathComponent("trackport-codec-\(name)"))
    return marker
  }

  @Test func convertsTheHabitifySampleThroughTheExamplePlugin() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("habitify.trackport.json").path
    // No --from: the plugin's content prefix claims the .csv before the built-in CSV reader.
    let result = try CLI.run(["convert", Self.habitify.path, output, "--plugin-path", Self.examplePlugins])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("[defaulted-field]"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
    let trackers = try #require(json["trackers"] as? [[String: Any]])
    let records = try #require(json["records"] as? [[String: Any]])
    let entries = try #require(json["entries"] as? [[String: Any]])
    let expected = try Self.countedIndependently()
    #expect(expected.habits > 0 && expected.skipped > 0 && expected.failed > 0)
    #expect(trackers.count == expected.habits)
    #expect(records.count == expected.completed)
    let skipped = entries.filter { $0["skipped"] as? Bool == true }
    // A failed day is an entry when something was logged, else a day in its tracker's extras.
    let failed = entries.filter { (($0["extras"] as? [String: Any])?["habitify"] as? [String: Any])?["status"] as? String == "Failed" }
    let failedDays = trackers.flatMap { (($0["extras"] as? [String: Any])?["habitify"] as? [String: Any])?["failedDays"] as? [String] ?? [] }
    #expect(skipped.count == expected.skipped)
    #expect(!failed.isEmpty && !failedDays.isEmpty)
    #expect(failed.count + failedDays.count == expected.failed)
    #expect(failed.allSatisfy { ($0["amount"] as? NSNumber)?.doubleValue ?? 0 > 0 })
    #expect(skipped.count + failed.count == entries.count)
    let amount = records.compactMap { ($0["amount"] as? NSNumber)?.doubleValue }.reduce(0, +)
    #expect(abs(amount - expected.amount) < 1e-9, "\(amount) vs \(expected.amount)")
    let units = trackers.compactMap { (($0["extras"] as? [String: Any])?["habitify"] as? [String: Any])?["unit"] as? String }
    #expect(units.count == trackers.count)

    let validation = try CLI.run(["validate", output, "--today", "2026-11-21"])
    #expect(validation.status == 0, "\(validation.stdout)")
  }

  @Test func badHabitifyRowsAreReportedByRowAndKeptInExtras() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("export.csv")
    try Data("""
      habit , DATE,Total Log,Unit,status,Habit ID
      Walk,2026-03-01,2,km,Completed,w
      Walk,2026-02-30,2,km,Completed,w
      Walk,2026-03-02,2,km,Done,w
      Walk,2026-03-01,3,km,Failed,w
      Walk,2026-03-03,lots,km,Completed,w
      ,2026-03-03,1,,Completed,
      Read,03/02/2026,5,pages,completed,r

      """.utf8).write(to: input)
    let output = folder.appendingPathComponent("out.trackport.json")
    // --from: this header is not spelled as documented, so detection leaves it to the CSV reader.
    let result = try CLI.run(["convert", input.path, output.path, "--from", "habitify", "--plugin-path", Self.examplePlugins])
    #expect(result.status == 0, "\(result.stderr)")
    for expected in ["row 3: Date '2026-02-30' is not a day that exists; the row is not imported [habitify-bad-date]",
                     "row 4: Status 'Done' is not Completed, Skipped or Failed; the row is not imported [habitify-bad-status]",
                     "row 5: Walk already has a row on 2026-03-01 (row 2); the row is not imported [habitify-duplicate-day]",
                     "row 6: Total log 'lots' is not a number; the day is imported without an amount [habitify-bad-amount]",
                     "row 7: no Habit ID and no Habit name; the row is not imported [habitify-no-habit]",
                     "row 8: Date '03/02/2026' is not a date in a form it reads; the row is not imported [habitify-bad-date]"] {
      #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
    let records = try #require(json["records"] as? [[String: Any]]).compactMap { $0["date"] as? String }
    #expect(records == ["2026-03-01", "2026-03-03"])
    let kept = try #require(((json["extras"] as? [String: Any])?["habitify"] as? [String: Any])?["skippedRows"] as? [[String: Any]])
    #expect(kept.compactMap { $0["row"] as? Int } == [3, 4, 5, 7, 8])

    // The same date read as month/day/year once the user says so.
    let mdy = try CLI.run(["convert", input.path, "-", "--to", "json", "--from", "habitify", "--plugin-path", Self.examplePlugins,
                           "--option", "date-order=mdy"])
    #expect(mdy.status == 0, "\(mdy.stderr)")
    #expect(mdy.stdout.contains("\"date\": \"2026-03-02\""), "\(mdy.stdout)")
    #expect(!mdy.stderr.contains("row 8:"), "\(mdy.stderr)")
  }

  @Test func aFileWithoutHabitifyColumnsIsMalformed() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("export.csv")
    try Data("Habit,Day,Status\nWalk,2026-03-01,Completed\n".utf8).write(to: input)
    let result = try CLI.run(["stats", input.path, "--from", "habitify", "--plugin-path", Self.examplePlugins])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("not a Habitify export: no column Date"), "\(result.stderr)")
  }

  @Test func sarifDescribesAPluginsCodeWithThePluginsOwnSummary() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("export.csv")
    try Data("Habit,Date,Total log,Unit,Status,Habit ID\nWalk,2026-02-30,,,Completed,w\nWalk,2026-02-28,,,Completed,w\n".utf8)
      .write(to: input)
    let result = try CLI.run(["validate", input.path, "--plugin-path", Self.examplePlugins, "--format", "sarif"])
    let sarif = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    let rule = try #require(rules.first { $0["id"] as? String == "habitify-bad-date" })
    let summary = (rule["shortDescription"] as? [String: Any])?["text"] as? String
    // The descriptor's summary, not the message of the first finding.
    #expect(summary?.hasPrefix("A Habitify row whose Date is not") == true, "\(rule)")
  }

  @Test func theHabitifyPluginWritesUTF8WhateverTheLocale() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("export.csv")
    try Data("Habit,Date,Total log,Unit,Status,Habit ID\nCafé,2026-03-01,1,tasse,Completed,c\n".utf8)
      .write(to: input)
    let output = folder.appendingPathComponent("out.trackport.json")
    // As under a Latin-1 or ASCII locale: Python's text streams cannot say "é" or an emoji.
    let result = try CLI.run(["convert", input.path, output.path, "--plugin-path", Self.examplePlugins],
                             environment: ["PYTHONIOENCODING": "ascii", "LC_ALL": "C", "PYTHONUTF8": "0"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("[defaulted-field]"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
    let trackers = try #require(json["trackers"] as? [[String: Any]])
    #expect(trackers.first?["name"] as? String == "Café")
  }

  @Test func formatsListsThePluginWithItsOrigin() throws {
    let text = try CLI.run(["formats", "--plugin-path", Self.examplePlugins])
    #expect(text.status == 0)
    let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("habitify ") })
    #expect(line.contains("Habitify CSV 1.0.0"))
    #expect(line.contains(" r- "))
    #expect(line.hasSuffix("Examples/habitify-plugin/trackport-codec-habitify"))

    let json = try CLI.run(["formats", "--json"], environment: ["TRACKPORT_PLUGIN_PATH": Self.examplePlugins])
    let formats = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["formats"] as? [[String: Any]])
    let habitify = try #require(formats.first { $0["id"] as? String == "habitify" })
    #expect(habitify["origin"] as? String == Self.examplePlugins + "/trackport-codec-habitify")
    #expect(habitify["reads"] as? Bool == true && habitify["writes"] as? Bool == false)
    #expect(formats.first?["origin"] as? String == "built-in")
  }

  @Test func aPluginInTheWorkingFolderIsNotFoundThroughARelativePathEntry() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = try Self.writeMarkingPlugin("trap", in: folder)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let relative = try CLI.run(["formats"], in: folder,
                               environment: ["PATH": ".:bin:" + path, "TRACKPORT_PLUGIN_PATH": ".:./"])
    #expect(relative.status == 0, "\(relative.stderr)")
    #expect(!relative.stdout.contains("trap"))
    #expect(relative.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: marker.path))
    // Named on the command line, the working folder is searched.
    let named = try CLI.run(["formats", "--plugin-path", "."], in: folder)
    #expect(named.stdout.contains("trap"))
    #expect(FileManager.default.fileExists(atPath: marker.path))
  }

  @Test func convertQuietPrintsNoPluginWarnings() throws {
    let first = try CLI.temporaryFolder(), second = try CLI.temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    for folder in [first, second] {
      try Self.writeScript("#!/bin/sh\necho '{}'\n", to: folder.appendingPathComponent("trackport-codec-twin"))
    }
    let output = first.appendingPathComponent("out.trackport.json").path
    let arguments = ["convert", CLI.demo, output, "--plugin-path", first.path, "--plugin-path", second.path]
    let loud = try CLI.run(arguments)
    #expect(loud.status == 0, "\(loud.stderr)")
    #expect(loud.stderr.contains("[plugin-shadowed]"))
    let quiet = try CLI.run(arguments + ["--force", "--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
  }

  @Test func aClosedStandardOutputStillEndsTrackportQuietlyAfterAPluginRan() throws {
    let bash = try #require(CLI.tool("bash"))
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = try Self.writeMarkingPlugin("other", in: folder)
    let big = folder.appendingPathComponent("big.trackport.json").path
    #expect(try CLI.run(["generate", "--trackers", "20", "--days", "2000", "-o", big]).status == 0)
    // Detecting the input's format describes the plugin; then the output goes to `head`,
    // which stops reading: SIGPIPE ends trackport (status 141 in bash), without an error.
    let result = try CLI.run(["-c", #""$0" convert "$1" - --to json --plugin-path "$2" | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}""#,
                              CLI.binary, big, folder.path], executable: bash)
    #expect(FileManager.default.fileExists(atPath: marker.path))
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "141", "\(result.stderr)")
    #expect(result.stderr == "")
  }

  @Test func aPluginNamedLikeABuiltInIsRefusedVisibly() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fake = folder.appendingPathComponent("trackport-codec-json")
    try Self.writeScript("#!/bin/sh\nexit 1\n", to: fake)
    let formats = try CLI.run(["formats", "--plugin-path", folder.path])
    #expect(formats.stdout.contains("refused plugin \(fake.path): 'json' is a built-in format"))
    let detect = try CLI.run(["detect", CLI.demo, "--plugin-path", folder.path])
    #expect(detect.status == 0)
    #expect(detect.stdout.hasPrefix("json\t"))
    #expect(detect.stderr.contains("[plugin-refused]"))
  }

  @Test func aFailingPluginExits70QuotingItsStandardError() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = folder.appendingPathComponent("trackport-codec-boom")
    try Self.writeScript("""
      #!/bin/sh
      if [ "$1" = describe ]; then
        echo '{"id": "boom", "name": "Boom", "version": "1", "extensions": ["boom"], "reads": true, "writes": false}'
        exit 0
      fi
      echo "Traceback: it went boom" >&2
      exit 2

      """, to: plugin)
    let input = folder.appendingPathComponent("data.boom")
    try Data("x".utf8).write(to: input)
    let result = try CLI.run(["stats", input.path, "--plugin-path", folder.path])
    #expect(result.status == 70)
    #expect(result.stderr.contains("error: plugin 'boom' decode failed with exit status 2"))
    #expect(result.stderr.contains(plugin.path))
    #expect(result.stderr.contains("| Traceback: it went boom"))

    let timeout = try CLI.run(["formats", "--plugin-path", folder.path, "--plugin-timeout", "0"])
    #expect(timeout.status == 64)
  }

  /// A plugin whose `describe` fails says why in `formats` (its last line) and in the error
  /// when it is named (its last lines), not only "describe failed with exit status 3".
  @Test func aPluginWhoseDescribeFailsIsShownWithItsOwnWords() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeScript("#!/bin/sh\necho 'boom: cannot read input' >&2\nexit 3\n", to: folder.appendingPathComponent("trackport-codec-boom"))
    let formats = try CLI.run(["formats", "--plugin-path", folder.path])
    #expect(formats.status == 0)
    #expect(formats.stdout.contains("(broken: describe failed with exit status 3 (it said: boom: cannot read input))"), "\(formats.stdout)")
    let named = try CLI.run(["convert", CLI.demo, folder.appendingPathComponent("out.boom").path, "--to", "boom",
                             "--plugin-path", folder.path])
    #expect(named.status == 70)
    #expect(named.stderr.contains("error: plugin 'boom' is broken: describe failed with exit status 3 [plugin-failed]"), "\(named.stderr)")
    #expect(named.stderr.contains("    | boom: cannot read input"), "\(named.stderr)")
  }

  @Test func theTimeLimitComesFromTheEnvironmentAndKillsTheProcessGroup() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeScript("""
      #!/bin/sh
      if [ "$1" = describe ]; then
        echo '{"id": "nap", "name": "Nap", "version": "1", "extensions": ["nap"], "reads": true, "writes": false}'
        exit 0
      fi
      sleep 60

      """, to: folder.appendingPathComponent("trackport-codec-nap"))
    let input = folder.appendingPathComponent("data.nap")
    try Data("x".utf8).write(to: input)
    let start = Date()
    let result = try CLI.run(["validate", input.path], environment: ["TRACKPORT_PLUGIN_PATH": folder.path, "TRACKPORT_PLUGIN_TIMEOUT": "1.5"])
    #expect(Date().timeIntervalSince(start) < 20)
    #expect(result.status == 70)
    #expect(result.stdout.contains("plugin 'nap' decode was stopped after 1.5 s"), "\(result.stdout)")
    #expect(result.stdout.contains("[plugin-failed]"))
  }
}
