import Foundation
import Testing
import TrackerTestSupport

/// A misspelt subcommand, format id or double ending gets "did you mean", exit 64, and writes
/// nothing, as a misspelt option already does (issue 45, "Command line").
@Suite struct MisspellingCommandTests {
  @Test func aMisspeltSubcommandIsNamedWithTheNearest() throws {
    for (arguments, word, nearest, usage) in [(["conver", "a", "b"], "conver", "convert", "trackport"),
                                              (["calender", "push"], "calender", "calendar", "trackport"),
                                              (["hub", "rn", "/tmp/x"], "rn", "run", "trackport hub"),
                                              (["hub", "token", "ad", "/tmp/x"], "ad", "add", "trackport hub token")] {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("unknown command '\(word)'. Did you mean '\(nearest)'?"), "\(result.stderr)")
      #expect(result.stderr.contains("See '\(usage) --help'"), "\(result.stderr)")
    }
    // Far from every subcommand: the parser's own words, still 64.
    let far = try CLI.run(["xyzzy"])
    #expect(far.status == 64 && !far.stderr.contains("Did you mean"), "\(far.stderr)")
    // A subcommand's positional argument is never taken for a misspelt subcommand.
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let positional = try CLI.run(["validate", "conver"], in: folder)
    #expect(!positional.stderr.contains("Did you mean"), "\(positional.stderr)")
  }

  @Test func aMisspeltFormatIdIsNamedWithTheNearestThatCanDoIt() throws {
    let to = try CLI.run(["convert", CLI.demo, "-", "--to", "tabelhabit"])
    #expect(to.status == 64)
    #expect(to.stderr.contains("unknown format 'tabelhabit'") && to.stderr.contains("did you mean 'tablehabit'?"), "\(to.stderr)")
    let from = try CLI.run(["convert", CLI.demo, "-", "--from", "lopo", "--to", "json"])
    #expect(from.status == 64)
    #expect(from.stderr.contains("did you mean 'loop'?"), "\(from.stderr)")
    // tickmate is read only: never suggested for --to.
    let readOnly = try CLI.run(["convert", CLI.demo, "-", "--to", "tickmat"])
    #expect(readOnly.status == 64 && !readOnly.stderr.contains("did you mean 'tickmate'"), "\(readOnly.stderr)")
  }

  @Test func aMisspeltInnerEndingIsRefusedNotWrittenAsCanonicalJSON() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = CLI.root.appendingPathComponent(CLI.demo).path
    let wrong = try CLI.run(["convert", demo, "out.tablehabbit.json"], in: folder)
    #expect(wrong.status == 64, "\(wrong.stderr)")
    #expect(wrong.stderr.contains("'.tablehabbit' is no format's ending") && wrong.stderr.contains("did you mean '.tablehabit.json'?"),
            "\(wrong.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.tablehabbit.json").path))
    // --to decides; a name with no format near its inner part, or whose nearest is what the outer
    // ending writes anyway, is written as before.
    let named = try CLI.run(["convert", demo, "out.tablehabbit.json", "--to", "tablehabit"], in: folder)
    #expect(named.status == 0, "\(named.stderr)")
    for (name, marker) in [("habits.2026.json", "\"trackport\""), ("x.trackprot.json", nil), ("x.loops.db", "SQLite format 3")] {
      let result = try CLI.run(["convert", demo, name], in: folder)
      if let marker {
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let head = try Data(contentsOf: folder.appendingPathComponent(name)).prefix(64)
        #expect(String(decoding: head, as: UTF8.self).contains(marker), "\(name)")
      } else {
        #expect(result.status == 64 && result.stderr.contains("did you mean '.trackport.json'?"), "\(name): \(result.stderr)")
      }
    }
  }
}
