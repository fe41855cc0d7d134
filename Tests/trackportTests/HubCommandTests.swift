import Foundation
import Testing
import TrackerTestSupport

@Suite struct HubCommandTests {
  @Test func initAttachesEachSettingToTheSourceOrOutputBeforeIt() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let hub = folder.path + "/hub"
    let made = try CLI.run(["hub", "init", hub, "--source", "a/*.db", "--from", "loop", "--source", "b", "--option", "encoding=latin1",
                            "--skip-bad-rows", "--output", "cal.ics", "--output", "th.json", "--to", "tablehabit", "--every", "6h", "--prefer", "history"])
    #expect(made.status == 0, "\(made.stderr)")
    let toml = try String(contentsOfFile: hub + "/hub.toml", encoding: .utf8)
    #expect(toml.contains("every = \"6h\"") && toml.contains("prefer = \"history\""))
    #expect(toml.contains("[[source]]\npath = \"a/*.db\"\nfrom = \"loop\"\n"), "\(toml)")
    #expect(toml.contains("[[source]]\npath = \"b\"\nskip-bad-rows = true\noptions = { encoding = \"latin1\" }\n"), "\(toml)")
    #expect(toml.contains("[[output]]\npath = \"th.json\"\nto = \"tablehabit\"\n"), "\(toml)")
    // A hub is made once.
    #expect(try CLI.run(["hub", "init", hub]).status == 64)
    // hub source add and output add edit the file.
    #expect(try CLI.run(["hub", "source", "add", hub, "c.org", "--from", "org"]).status == 0)
    #expect(try String(contentsOfFile: hub + "/hub.toml", encoding: .utf8).contains("path = \"c.org\"\nfrom = \"org\""))
  }

  @Test func misspeltFlagsFormatsAndKeysAreRefusedWithTheirPlace() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let hub = folder.path + "/hub"
    let flag = try CLI.run(["hub", "init", hub, "--sorce", "x"])
    #expect(flag.status == 64 && flag.stderr.contains("did you mean '--source'?"), "\(flag.stderr)")
    let orphan = try CLI.run(["hub", "init", hub, "--to", "ics"])
    #expect(orphan.status == 64 && orphan.stderr.contains("--to belongs after an --output"), "\(orphan.stderr)")
    let format = try CLI.run(["hub", "init", hub, "--source", "x", "--from", "lopo"])
    #expect(format.status == 78 && format.stderr.contains("did you mean 'loop'?"), "\(format.stderr)")
    #expect(try CLI.run(["hub", "init", hub]).status == 0)
    try "every = \"6h\"\n\n[[source]]\npath = \"x\"\nform = \"loop\"\n".write(toFile: hub + "/hub.toml", atomically: true, encoding: .utf8)
    let key = try CLI.run(["hub", "run", hub])
    #expect(key.status == 78, "\(key.stderr)")
    #expect(key.stderr.hasPrefix("\(hub)/hub.toml:5: error: unknown key 'form' in [[source]] 1"), "\(key.stderr)")
    #expect(key.stderr.contains("did you mean 'from'?"))
    let notAHub = try CLI.run(["hub", "run", folder.path + "/nothing"])
    #expect(notAHub.status == 66 && notAHub.stderr.contains("not a hub"), "\(notAHub.stderr)")
  }

  @Test func exportWritesTheHistoryAndLogSpeaksJSON() throws {
    let folder = try CLI.temporaryFolder()
    defer { removeFolder(folder) }
    let hub = folder.path + "/hub"
    try FileManager.default.createDirectory(atPath: folder.path + "/in", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLI.demo, toPath: folder.path + "/in/demo.trackport.json")
    #expect(try CLI.run(["hub", "init", hub, "--source", folder.path + "/in"]).status == 0)
    let run = try CLI.run(["hub", "run", hub, "--settle", "0"])
    #expect(run.status == 0 && run.stdout.contains("taken: #1 "), "\(run.stderr)")
    let log = try CLI.run(["hub", "log", hub, "--format", "json"])
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == 1 && entries[0]["status"] as? String == "imported" && entries[0]["undone"] as? Bool == false)
    let out = folder.path + "/back.trackport.json"
    #expect(try CLI.run(["hub", "export", hub, "-o", out]).status == 0)
    #expect(FileManager.default.contents(atPath: out) == FileManager.default.contents(atPath: CLI.demo))
    #expect(try CLI.run(["hub", "export", hub, "-o", out]).status == 73)
  }
}
