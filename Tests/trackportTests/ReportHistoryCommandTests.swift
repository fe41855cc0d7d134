import Foundation
import TrackerTestSupport
import Testing

/// A dataset whose history ends in March 2016: "Gym" 3 times in 7 days, "Floss" every day
/// (the same days as `Tests/TrackerReportTests/ReportHistoryTests.swift`).
enum OldReport {
  static let json = #"""
  {
    "trackport": 2,
    "categories": [{"id": "c", "title": "Health"}],
    "trackers": [
      {"id": "g", "kind": "habit", "name": "Gym", "categoryId": "c", "emoji": "🏋️", "color": "#FD4C49",
       "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "createdOn": "2016-02-29",
       "frequency": {"times": 3, "days": 7}},
      {"id": "f", "kind": "habit", "name": "Floss", "categoryId": "c", "emoji": "🦷", "color": "#007BFA",
       "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "createdOn": "2016-03-07"}
    ],
    "records": [
      {"trackerId": "g", "date": "2016-02-29"}, {"trackerId": "g", "date": "2016-03-02"},
      {"trackerId": "g", "date": "2016-03-04"}, {"trackerId": "g", "date": "2016-03-07"},
      {"trackerId": "g", "date": "2016-03-09"}, {"trackerId": "g", "date": "2016-03-11"},
      {"trackerId": "f", "date": "2016-03-10"}, {"trackerId": "f", "date": "2016-03-11"}
    ],
    "tasks": []
  }
  """#

  static func write(into folder: URL) throws -> String {
    let path = folder.appendingPathComponent("old.trackport.json").path
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

private let loopExport = SharedFixtures.path("loop_uhabits/csv_export")

@Suite struct ReportHistoryCommandTests {
  func markdown(_ args: [String]) throws -> CLI.Result {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try OldReport.write(into: folder)
    return try CLI.run(["report", input, "-o", "-", "--format", "markdown", "--today", "2026-11-28"] + args)
  }

  @Test func theDefaultRangeEndsWhereTheDataEnds() throws {
    let result = try markdown([])
    #expect(result.status == 0, "\(result.stderr)")
    // The data's own span (from 2016-02-29), at least four weeks: not a year grid 95 % empty.
    #expect(result.stdout.hasPrefix("# Habit report · 2016-02-13 – 2016-03-11\n\nThe data ends on 2016-03-11; nothing after it counts as missed.\n"),
            "\(result.stdout.prefix(200))")
    // Gym: 12 days in a row (six of them covered by its frequency), 100% over the last week.
    #expect(result.stdout.contains("| 🏋️ Gym | 12 days | 12 days | 100% | 100% | 100% | 100% | 6 days |"), "\(result.stdout)")
    #expect(result.stdout.contains("| 🦷 Floss | 2 days | 2 days | 40% | 40% | 40% | 40% | 2 days |"), "\(result.stdout)")
    // stats agrees with the page: one definition of a done day.
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stats = try CLI.run(["stats", try OldReport.write(into: folder)])
    #expect(stats.stdout == "7     Best period\n9     Perfect days\n8     Trackers completed\n0.67  Average\n")
    #expect(result.stdout.contains("| 7 | 9 | 8 | 0.67 |"))
  }

  @Test func yearsShowsSeveralYearsUpToTheLastDay() throws {
    let two = try markdown(["--years", "2"])
    #expect(two.status == 0, "\(two.stderr)")
    #expect(two.stdout.hasPrefix("# Habit report · 2014-03-12 – 2016-03-11\n"))
    let all = try markdown(["--years", "all"])
    #expect(all.stdout.hasPrefix("# Habit report · 2016-02-29 – 2016-03-11\n"))
    let until = try markdown(["--years", "1", "--until", "2016-12-31"])
    #expect(until.stdout.hasPrefix("# Habit report · 2016-01-01 – 2016-12-31\n"))
    // A range past the data's end still says where the data ends.
    #expect(until.stdout.contains("The data ends on 2016-03-11"))
    // Today inside the data: no note, the range ends today.
    let current = try markdown(["--today", "2016-03-11"])
    #expect(current.stdout.hasPrefix("# Habit report · 2016-02-13 – 2016-03-11\n\n| Best period"))
    // --start still shows what it asks for.
    let asked = try markdown(["--start", "2015-03-13"])
    #expect(asked.stdout.hasPrefix("# Habit report · 2015-03-13 – 2016-03-11\n"))
  }

  @Test func yearsRefusesWhatItCannotShow() throws {
    for bad in [["--years", "0"], ["--years", "11"], ["--years", "some"], ["--years", "2", "--start", "2016-01-01"],
                ["--years", "2", "--year", "2016"]] {
      let result = try markdown(bad)
      #expect(result.status == 64, "\(bad): \(result.status) \(result.stderr)")
      #expect(result.stderr.contains("--years"), "\(bad): \(result.stderr)")
    }
  }

  @Test func yearsAllShowsTheLastDecadeOfALongerHistory() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("long.trackport.json").path
    let longer = OldReport.json.replacingOccurrences(of: #"{"trackerId": "g", "date": "2016-02-29"}"#,
                                                     with: #"{"trackerId": "g", "date": "2001-05-01"}"#)
    try longer.write(toFile: input, atomically: true, encoding: .utf8)
    let result = try CLI.run(["report", input, "-o", "-", "--format", "markdown", "--today", "2026-11-28", "--years", "all"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# Habit report · 2006-03-05 – 2016-03-11\n"))
    #expect(result.stderr.contains("note: the data starts on 2001-05-01"))
    let quiet = try CLI.run(["report", input, "-o", "-", "--format", "markdown", "--today", "2026-11-28", "--years", "all", "-q"])
    #expect(quiet.stderr.isEmpty)
  }

  /// Loop's own export says which days its frequency filled in (`YES_AUTO` in Checkmarks.csv):
  /// the page shows exactly those as done by frequency.
  @Test(.enabled(if: SharedFixtures.available(loopExport + "/Habits.csv")))
  func coveredDaysAreLoopsOwnAutomaticCheckmarks() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("loop.html").path
    let made = try CLI.run(["report", loopExport, "-o", page, "--today", "2026-11-28"])
    #expect(made.status == 0, "\(made.stderr)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("The data ends on 2015-01-25"))
    let checkmarks = try String(contentsOfFile: loopExport + "/002 Wake up early/Checkmarks.csv", encoding: .utf8)
    let automatic = Set(checkmarks.split(separator: "\n").filter { $0.contains(",YES_AUTO,") }.map { String($0.prefix(10)) })
    #expect(automatic.count == 3)
    let section = try #require(html.components(separatedBy: "<section class=\"tracker\"").first { $0.contains("Wake up early") })
    let covered = Set(section.components(separatedBy: "<title>").dropFirst()
      .filter { $0.hasPrefix("20") && $0.contains(" · done by frequency</title>") }.map { String($0.prefix(10)) })
    #expect(covered == automatic)
  }
}
