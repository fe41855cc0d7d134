import Testing
@testable import TrackerHub

@Suite struct HubConfigTests {
  @Test func renderedConfigReadsBackEqual() throws {
    let config = HubConfig(every: 21_600, settle: 5, prefer: .history,
                           sources: [HubSource(path: "~/Sync/Loop/Loop Habits Backup *.db", from: "loop"),
                                     HubSource(path: "exports/\"odd\" name.json", options: ["encoding": "windows-1251"], skipBadRows: true)],
                           outputs: [HubOutput(path: "calendar.ics"), HubOutput(path: "report.html", to: "report", options: ["locale": "ru"]),
                                     HubOutput(url: "https://dav.example.org/cal/me/habits/", options: ["user": "me", "password-file": "/run/secret"])])
    let text = config.render()
    #expect(try HubConfig.parse(text, file: "hub.toml") == config)
  }

  @Test func aMisspeltKeyIsRefusedWithItsLineAndTheKeyMeant() throws {
    let text = """
      every = "6h"

      [[source]]
      path = "a.db"

      [[source]]
      path = "b.json"
      form = "json"
      """
    let error = try #require(throws: HubError.self) { try HubConfig.parse(text, file: "hub.toml") }
    #expect(error.kind == .config)
    #expect(error.message.hasPrefix("hub.toml:8: error: unknown key 'form' in [[source]] 2"))
    #expect(error.note?.contains("did you mean 'from'?") == true)
  }

  @Test func aMisspeltTopKeyAndAnOptionOfTheWrongKind() throws {
    let top = try #require(throws: HubError.self) { try HubConfig.parse("# hub\nsetle = \"2s\"\n", file: "h.toml") }
    #expect(top.message.hasPrefix("h.toml:2: error: unknown key 'setle'") && top.note?.contains("'settle'") == true)
    let option = try #require(throws: HubError.self) {
      try HubConfig.parse("[[output]]\npath = \"x.ics\"\noptions = { alarm = [1, 2] }\n", file: "h.toml")
    }
    #expect(option.message.hasPrefix("h.toml:3: error: [[output]] 1: option 'alarm'"))
  }

  @Test func optionsAsATableOfTheirOwnAreLocatedToo() throws {
    let text = "[[source]]\npath = \"a.csv\"\n[source.options]\nencoding = \"latin1\"\nskip = [1]\n"
    let error = try #require(throws: HubError.self) { try HubConfig.parse(text, file: "h.toml") }
    #expect(error.message.hasPrefix("h.toml:5: error:"))
    let good = try HubConfig.parse("[[source]]\npath = \"a.csv\"\n[source.options]\nencoding = \"latin1\"\n", file: "h.toml")
    #expect(good.sources.first?.options == ["encoding": "latin1"])
  }

  @Test func syntaxErrorsCarryTomlsPosition() throws {
    let error = try #require(throws: HubError.self) { try HubConfig.parse("every = \"6h\nsettle = 1\n", file: "h.toml") }
    #expect(error.message.hasPrefix("h.toml:1:"))
  }

  @Test func valuesOfTheWrongKindAreRefused() throws {
    for (text, line) in [("every = \"soon\"\n", 1), ("\nprefer = \"newest\"\n", 2), ("[[output]]\nto = \"ics\"\n", 1),
                         ("[[source]]\npath = \"a\"\nskip-bad-rows = \"yes\"\n", 3), ("source = 3\n", 1)] {
      let error = try #require(throws: HubError.self) { try HubConfig.parse(text, file: "h.toml") }
      #expect(error.message.hasPrefix("h.toml:\(line): error:"), "\(text): \(error.message)")
    }
  }

  @Test func durations() {
    #expect(HubDuration.seconds("90s") == 90)
    #expect(HubDuration.seconds("1h30m") == 5_400)
    #expect(HubDuration.seconds("2") == 2)
    #expect(HubDuration.seconds("1d") == 86_400)
    #expect(HubDuration.seconds("6") == 6)
    #expect(HubDuration.seconds("h") == nil)
    #expect(HubDuration.seconds("-1") == nil)
    #expect(HubDuration.seconds("5x") == nil)
    #expect(HubDuration.text(21_600) == "6h")
    #expect(HubDuration.text(90) == "90s")
    #expect(HubDuration.text(0) == "0s")
  }

  @Test func temporaryNamesOfSyncTools() {
    for name in [".syncthing.Loop Habits Backup.db.tmp", "~syncthing~backup.db.tmp", "backup.db.part", ".hidden.json", "notes.org~",
                 "download.json.crdownload"] {
      #expect(HubSourceScan.isTemporaryName(name), "\(name)")
    }
    for name in ["Loop Habits Backup 2026-12-06 101500.db", "userdata.json", "table_habit.json"] {
      #expect(!HubSourceScan.isTemporaryName(name), "\(name)")
    }
  }
}
