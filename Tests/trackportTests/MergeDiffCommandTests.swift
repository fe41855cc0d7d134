import Foundation
import TrackerTestSupport
import Testing

/// The shared Loop fixtures, read in place (never changed: copies are made for each scenario).
private let loopDatabase = SharedFixtures.path("loop_uhabits/loop.db")

/// `trackport diff` and `trackport merge` end to end: exit statuses, every output format, the
/// plan, atomic output, and the scenarios people meet (overlapping monthly exports, one history
/// in two apps, a series of exports whose older days were dropped).
struct MergeDiffCommandTests {
  let demo = "SampleData/demo.trackport.json"

  /// `demo` changed: a colour, three records fewer, one day more.
  func changedDemo(in folder: URL) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.root.appendingPathComponent(demo))) as! [String: Any]
    var dataset = object
    var trackers = dataset["trackers"] as! [[String: Any]]
    trackers[0]["color"] = "#112233"
    dataset["trackers"] = trackers
    var records = dataset["records"] as! [[String: Any]]
    records.removeFirst(3)
    records.append(["trackerId": trackers[1]["id"]!, "date": "2030-01-01"])
    dataset["records"] = records
    let path = folder.appendingPathComponent("changed.trackport.json").path
    try JSONSerialization.data(withJSONObject: dataset, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func diffIsZeroForEqualDatasetsInAnyTwoFormatsAndOneWhenTheyDiffer() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = folder.appendingPathComponent("demo.trackport.xml").path
    #expect(try CLI.run(["convert", demo, xml]).status == 0)
    let same = try CLI.run(["diff", demo, xml])
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
    #expect(same.stdout.contains("no differences"))
    let changed = try changedDemo(in: folder)
    let differs = try CLI.run(["diff", xml, changed])
    #expect(differs.status == 1)
    #expect(differs.stdout.contains("color: #33CF69 → #112233"), "\(differs.stdout)")
    #expect(differs.stdout.contains("records: +1 (2030-01-01)"))
    #expect(differs.stdout.contains("records: +1 -3"))
  }

  /// A multi-line value (a task's description) stays on its field's line in the text diff.
  @Test func diffTextKeepsAMultiLineValueOnOneLine() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var dataset = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.root.appendingPathComponent(demo))) as! [String: Any]
    var tasks = dataset["tasks"] as! [[String: Any]]
    tasks[0]["description"] = "Line one\nLine two\tend"
    dataset["tasks"] = tasks
    let changed = folder.appendingPathComponent("t.trackport.json").path
    try JSONSerialization.data(withJSONObject: dataset, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: changed))
    let result = try CLI.run(["diff", demo, changed], in: CLI.root)
    #expect(result.status == 1, "\(result.stderr)")
    let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("description:") })
    #expect(line.hasSuffix("→ Line one\\nLine two\\tend"), "\(result.stdout)")
    #expect(!result.stdout.contains("\nLine two"))
  }

  @Test func diffOfAnUnreadableInputUsesTheUsualCodes() throws {
    #expect(try CLI.run(["diff", demo, "no-such-file.json"]).status == 66)
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("broken.trackport.json")
    try Data("{\"trackport\": {\"version\": 1}, \"trackers\": [".utf8).write(to: broken)
    let result = try CLI.run(["diff", demo, broken.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("broken.trackport.json:1:"), "\(result.stderr)")
  }

  @Test func diffFormatsJSONMarkdownAndGitHub() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let json = try CLI.run(["diff", demo, changed, "--format", "json"])
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["equal"] as? Bool == false)
    #expect(object["recordsAdded"] as? Int == 1 && object["recordsRemoved"] as? Int == 3)
    let trackers = try #require(object["trackers"] as? [[String: Any]])
    let fields = trackers.compactMap { $0["fields"] as? [[String: Any]] }.flatMap { $0 }
    #expect(fields.contains { $0["field"] as? String == "color" && $0["new"] as? String == "#112233" })

    let markdown = try CLI.run(["diff", demo, changed, "--format", "markdown"])
    #expect(markdown.stdout.contains("| trackers | 0 | 0 | 4 |"), "\(markdown.stdout)")
    #expect(markdown.stdout.contains("| records | 1 | 3 | 0 |"))

    // Annotations land on the lines of the new file: the colour's own line.
    let github = try CLI.run(["diff", demo, changed, "--format", "github"])
    let colorLine = try #require(github.stdout.split(separator: "\n").first { $0.contains("color:") })
    let text = try String(contentsOfFile: changed, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(colorLine.split(separator: ",").first { $0.hasPrefix("line=") }.flatMap { Int($0.dropFirst(5)) })
    #expect(colorLine.hasPrefix("::notice file=\(changed),"))
    #expect(text[line - 1].contains("\"color\" : \"#112233\""), "line \(line): \(text[line - 1])")
  }

  @Test func mergeWritesTheUnionOnceAndAgainChangesNoByte() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let once = folder.appendingPathComponent("once.trackport.json").path
    let twice = folder.appendingPathComponent("twice.trackport.json").path
    let merged = try CLI.run(["merge", demo, changed, "-o", once])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stderr.contains("[merge-conflict]") && merged.stderr.contains("color: base #33CF69, incoming #112233; kept incoming"))
    #expect(merged.stderr.contains("records: 1 new, 1,292 already there"), "\(merged.stderr)")
    #expect(try CLI.run(["merge", once, changed, "-o", twice]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: once)) == Data(contentsOf: URL(fileURLWithPath: twice)))
    // Every day of both: nothing of the base was lost, the new day is in.
    let fromBase = try CLI.run(["diff", demo, once, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(fromBase.stdout.utf8)) as? [String: Any])
    #expect(object["recordsRemoved"] as? Int == 0 && object["recordsAdded"] as? Int == 1)
  }

  /// The conflict warning points at the kept value in the written file (its element in XML),
  /// and names the incoming file in a note; with --dry-run, at the incoming file.
  @Test(arguments: ["trackport.json", "trackport.xml"])
  func aConflictIsLocatedAtTheKeptValueInTheWrittenOutput(_ ending: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let out = folder.appendingPathComponent("merged." + ending).path
    let merged = try CLI.run(["merge", demo, changed, "-o", out])
    #expect(merged.status == 0, "\(merged.stderr)")
    let warning = try #require(merged.stderr.split(separator: "\n").first { $0.contains("[merge-conflict]") })
    #expect(warning.hasPrefix(out + ":"), "\(warning)")
    let place = warning.dropFirst(out.count + 1).split(separator: ":").prefix(2).compactMap { Int($0) }
    try #require(place.count == 2, "\(warning)")
    #expect(merged.stderr.contains("\n  note: the incoming value is from \(changed)\n"), "\(merged.stderr)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let line = String(lines[place[0] - 1])
    let fromColumn = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(place[1] - 1)))
    if ending.hasSuffix("json") {
      #expect(fromColumn.hasPrefix("\"#112233\""), "\(line)")
    } else {
      #expect(fromColumn.hasPrefix("<tracker ") && fromColumn.contains("color=\"#112233\""), "\(line)")
    }
    let dryRun = try CLI.run(["merge", demo, changed, "--dry-run"])
    #expect(dryRun.stderr.hasPrefix(changed + ": warning: "), "\(dryRun.stderr)")
  }

  @Test func dryRunWritesNothingAndPrintsThePlan() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let out = folder.appendingPathComponent("out.trackport.json")
    let result = try CLI.run(["merge", demo, changed, "-o", out.path, "--dry-run"])
    #expect(result.status == 0)
    #expect(result.stdout == "12 trackers: 0 new, 12 matched (0 by name), 1 in conflict; 1,293 records: 1 new, 1,292 already there; 5 tasks: 0 new, 5 matched; 1 conflict\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func preferBaseKeepsTheBaseValue() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let out = folder.appendingPathComponent("out.trackport.json").path
    let result = try CLI.run(["merge", demo, changed, "-o", out, "--prefer", "base"])
    #expect(result.stderr.contains("kept base"))
    let diff = try CLI.run(["diff", demo, out])
    #expect(!diff.stdout.contains("color"), "\(diff.stdout)")
  }

  @Test func theOutputIsNeverAnInputAndNeverReplacedWithoutForce() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: changed))
    let intoInput = try CLI.run(["merge", demo, changed, "-o", changed, "--force"])
    #expect(intoInput.status == 73)
    #expect(try Data(contentsOf: URL(fileURLWithPath: changed)) == before)
    let existing = folder.appendingPathComponent("exists.trackport.json")
    try Data("keep me".utf8).write(to: existing)
    #expect(try CLI.run(["merge", demo, changed, "-o", existing.path]).status == 73)
    #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
    #expect(try CLI.run(["merge", demo, changed, "-o", existing.path, "--force"]).status == 0)
    #expect(try CLI.run(["merge", demo]).status == 64)
  }

  @Test func failOnLossRefusesAnOutputThatWouldDropData() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = try changedDemo(in: folder)
    let out = folder.appendingPathComponent("out.habitbull.csv").path
    let result = try CLI.run(["merge", demo, changed, "-o", out, "--fail-on-loss"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("[dropped-field]") && result.stderr.contains("nothing written"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// Habitica keeps 60 days of daily history and condenses the rest: a series of exports each
  /// lacking older days. (JSON stand-ins until a Habitica series is built from its importer.)
  @Test func aSeriesOfExportsThatDropOlderDaysKeepsEveryDay() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let full = folder.appendingPathComponent("full.trackport.json").path
    #expect(try CLI.run(["generate", "--trackers", "8", "--days", "200", "--seed", "7", "-o", full]).status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: full))) as! [String: Any]
    let dates = (object["records"] as! [[String: Any]]).map { $0["date"] as! String }.sorted()
    // Each export holds half of the history, starting a quarter later than the one before.
    let windows = [(dates[0], dates[dates.count / 2]), (dates[dates.count / 4], dates[dates.count * 3 / 4]),
                   (dates[dates.count / 2], dates[dates.count - 1])]
    var exports: [String] = []
    for (n, window) in windows.enumerated() {
      var dataset = object
      dataset["records"] = (object["records"] as! [[String: Any]]).filter {
        let day = $0["date"] as! String
        return day >= window.0 && day <= window.1
      }
      let path = folder.appendingPathComponent("export-\(n).trackport.json").path
      try JSONSerialization.data(withJSONObject: dataset).write(to: URL(fileURLWithPath: path))
      exports.append(path)
    }
    let merged = folder.appendingPathComponent("merged.trackport.json").path
    let result = try CLI.run(["merge"] + exports + ["-o", merged])
    #expect(result.status == 0, "\(result.stderr)")
    let diff = try CLI.run(["diff", full, merged])
    #expect(diff.status == 0, "\(diff.stdout)")
  }

  @Test(.enabled(if: SharedFixtures.available(loopDatabase) && CLI.tool("sqlite3") != nil))
  func twoOverlappingLoopExportsGiveEveryDayOfBoth() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sqlite3 = try #require(CLI.tool("sqlite3"))
    let first = folder.appendingPathComponent("january.db").path
    let second = folder.appendingPathComponent("february.db").path
    try FileManager.default.copyItem(atPath: loopDatabase, toPath: first)
    try FileManager.default.copyItem(atPath: loopDatabase, toPath: second)
    // The first export ends on 2016-02-09, the second starts on 2016-01-17: they overlap.
    #expect(try CLI.run([first, "DELETE FROM Repetitions WHERE timestamp >= 1455000000000"], executable: sqlite3).status == 0)
    #expect(try CLI.run([second, "DELETE FROM Repetitions WHERE timestamp < 1453000000000"], executable: sqlite3).status == 0)
    let merged = folder.appendingPathComponent("merged.trackport.json").path
    let result = try CLI.run(["merge", first, second, "-o", merged])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("149 records: 115 new, 34 already there"), "\(result.stderr)")
    let diff = try CLI.run(["diff", loopDatabase, merged])
    #expect(diff.status == 0, "every day of the full backup, none twice: \(diff.stdout)")
  }

  @Test(.enabled(if: SharedFixtures.available(loopDatabase) && CLI.tool("sqlite3") != nil))
  func theSameHabitsFromLoopAndHabitBullAreMatchedByName() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sqlite3 = try #require(CLI.tool("sqlite3"))
    // HabitBull knows habits by name only: the fixture's habits that share a name are left out.
    let loop = folder.appendingPathComponent("loop.db").path
    try FileManager.default.copyItem(atPath: loopDatabase, toPath: loop)
    let unique = "DELETE FROM Repetitions WHERE habit IN (SELECT id FROM Habits WHERE name IN (SELECT name FROM Habits GROUP BY name HAVING count(*) > 1)); "
      + "DELETE FROM Habits WHERE name IN (SELECT name FROM Habits GROUP BY name HAVING count(*) > 1);"
    #expect(try CLI.run([loop, unique], executable: sqlite3).status == 0)
    let habitbull = folder.appendingPathComponent("export.habitbull.csv").path
    #expect(try CLI.run(["convert", loop, habitbull]).status == 0)
    let merged = folder.appendingPathComponent("merged.trackport.json").path
    let result = try CLI.run(["merge", loop, habitbull, "-o", merged, "--prefer", "base"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("by name)"), "\(result.stderr)")
    #expect(result.stderr.contains("0 new,"), "no tracker or day twice: \(result.stderr)")
    let diff = try CLI.run(["diff", loop, merged])
    #expect(diff.status == 0, "\(diff.stdout)")
  }

  /// A Habitica userdata.json with one daily: `entries` are (day offset from 2026-01-01, value,
  /// completed flag or nil for a condensed monthly average).
  static func habiticaExport(_ entries: [(Int, Double, Bool?)]) -> String {
    let start = 1_767_225_600_000  // 2026-01-01T00:00:00Z in milliseconds
    let history = entries.map { day, value, completed in
      let date = start + day * 86_400_000 + 12 * 3_600_000
      return "{\"date\": \(date), \"value\": \(value)" + (completed.map { ", \"isDue\": true, \"completed\": \($0)" } ?? "") + "}"
    }
    return """
      {"_id": "U-1", "preferences": {"timezoneOffset": 0, "dayStart": 0}, "tags": [],
       "tasks": {"habits": [], "todos": [], "rewards": [], "dailys": [
         {"_id": "D-1", "type": "daily", "text": "Stretch", "frequency": "daily", "everyX": 1,
          "repeat": {"m": true, "t": true, "w": true, "th": true, "f": true, "s": true, "su": true},
          "startDate": "2026-01-01T00:00:00.000Z", "tags": [],
          "history": [\(history.joined(separator: ", "))]}]}}
      """
  }

  /// Habitica keeps 60 days of a daily's history and condenses older ones into monthly
  /// averages: a later export has lost the early days, which the earlier export still has.
  @Test func aSeriesOfHabiticaExportsKeepsTheDaysTheLaterOneCondensed() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Done on every third day; the value rises by 1 on a completion.
    let done = Set(stride(from: 0, to: 150, by: 3))
    let daily = (0..<150).map { day in (day, Double(day), done.contains(day)) }
    // Export 1, on day 100: every day since the start, day by day.
    let first = folder.appendingPathComponent("habitica-1.json")
    try Data(Self.habiticaExport(daily.filter { $0.0 <= 100 }.map { ($0.0, $0.1, Optional($0.2)) }).utf8).write(to: first)
    // Export 2, on day 149: days before April (day 90) condensed into one average per month.
    let condensed: [(Int, Double, Bool?)] = [(15, 5, nil), (45, 15, nil), (74, 25, nil)]
    let second = folder.appendingPathComponent("habitica-2.json")
    try Data(Self.habiticaExport(condensed + daily.filter { $0.0 >= 90 }.map { ($0.0, $0.1, Optional($0.2)) }).utf8).write(to: second)

    let later = try CLI.run(["convert", second.path, folder.appendingPathComponent("later.trackport.json").path])
    #expect(later.status == 0, "\(later.stderr)")
    #expect(later.stderr.contains("[habitica-condensed-history]"), "\(later.stderr)")
    let merged = folder.appendingPathComponent("merged.trackport.json").path
    let result = try CLI.run(["merge", first.path, second.path, "-o", merged])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: merged))) as? [String: Any])
    let days = Set(try #require(object["records"] as? [[String: Any]]).compactMap { $0["date"] as? String })
    let expected = Set(done.map { day -> String in
      let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Date(timeIntervalSince1970: 1_767_225_600))!
      let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
      return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    })
    #expect(days == expected, "missing: \(expected.subtracting(days).sorted()), extra: \(days.subtracting(expected).sorted())")
  }

  /// A description holding CRLF and a workflow command must not become a command of its own;
  /// in markdown, line breaks stay in their cell and names stay text.
  @Test func annotationsAndMarkdownKeepHostileTextInside() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.root.appendingPathComponent(demo))) as! [String: Any]
    var trackers = object["trackers"] as! [[String: Any]]
    trackers[0]["description"] = "ok\r\n::error file=README.md,line=1::injected\rline | [link](http://x) **bold**"
    object["trackers"] = trackers
    object["trackport"] = 2
    let hostile = folder.appendingPathComponent("hostile.trackport.json").path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: hostile))
    let github = try CLI.run(["diff", demo, hostile, "--format", "github"])
    #expect(github.status == 1)
    #expect(!github.stdout.split(separator: "\n").contains { $0.hasPrefix("::error") }, "\(github.stdout)")
    #expect(github.stdout.contains("%0D%0A::error"))
    let markdown = try CLI.run(["diff", demo, hostile, "--format", "markdown"])
    let row = try #require(markdown.stdout.split(separator: "\n").first { $0.contains("description:") })
    #expect(row.contains("ok<br>::error") && row.contains("injected<br>line \\| \\[link\\](http://x) \\*\\*bold\\*\\*"), "\(row)")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: loopDatabase)))
  func aMonthlyLoopExportNeverRevertsTheUsersEdits() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let converted = folder.appendingPathComponent("mine.trackport.json").path
    #expect(try CLI.run(["convert", loopDatabase, converted]).status == 0)
    // The user gives a habit a category and an emoji of their own, and pins it. (Not a colour:
    // Loop keeps a colour, so a colour changed on one side only is a real disagreement.)
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: converted))) as! [String: Any]
    var categories = object["categories"] as! [[String: Any]]
    categories.append(["id": "health", "title": "Health"])
    object["categories"] = categories
    var trackers = object["trackers"] as! [[String: Any]]
    trackers[0]["categoryId"] = "health"
    trackers[0]["emoji"] = "🏃"
    trackers[0]["pinned"] = true
    object["trackers"] = trackers
    let mine = folder.appendingPathComponent("edited.trackport.json").path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: mine))
    let merged = folder.appendingPathComponent("merged.trackport.json").path
    let result = try CLI.run(["merge", mine, loopDatabase, "-o", merged])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("[merge-conflict]"), "\(result.stderr)")
    let diff = try CLI.run(["diff", mine, merged])
    #expect(diff.status == 0, "\(diff.stdout)")
  }

  /// `diff <(git show main:file) file`: the shell's process substitution is a pipe, read once.
  @Test(.enabled(if: CLI.tool("bash") != nil))
  func aPipeFromProcessSubstitutionIsAnInput() throws {
    let bash = try #require(CLI.tool("bash"))
    let result = try CLI.run(["-c", "\"$0\" diff <(cat \(demo)) \(demo) --format json", CLI.binary], executable: bash)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"equal\": true"))
  }
}
