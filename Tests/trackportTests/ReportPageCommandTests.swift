import Foundation
import TrackerTestSupport
import Testing

/// The numbers of ``ReportPageCommandTests/known`` worked out by hand (the same dataset as
/// `TrackerReportTests.KnownDataset`, without its repeated id): from 2026-03-02 to 2026-03-15
/// with today 2026-03-12, "Run" (Mon/Wed/Fri) is done on 5 days, "Read" (daily, pinned) on 3,
/// the event "Dentist" on its day.
enum KnownReport {
  static let json = #"""
  {
    "trackport": 2,
    "categories": [{"id": "c1", "title": "Health"}, {"id": "c2", "title": "Events"}],
    "trackers": [
      {"id": "a", "kind": "habit", "name": "NAME_A", "categoryId": "c1", "emoji": "🙂", "color": "#FD4C49",
       "schedule": ["mon", "wed", "fri"], "pinned": false, "createdOn": "2026-03-02"},
      {"id": "b", "kind": "habit", "name": "Read", "categoryId": "c1", "emoji": "🥦", "color": "#35347C",
       "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": true,
       "goal": {"target": 10, "direction": "atLeast", "unit": "pages"}},
      {"id": "c", "kind": "event", "name": "Dentist", "categoryId": "c2", "emoji": "😱", "color": "#007BFA",
       "date": "2026-03-05", "pinned": false}
    ],
    "records": [
      {"trackerId": "a", "date": "2026-03-02"}, {"trackerId": "a", "date": "2026-03-04"},
      {"trackerId": "a", "date": "2026-03-06"}, {"trackerId": "a", "date": "2026-03-07"},
      {"trackerId": "a", "date": "2026-03-11"},
      {"trackerId": "b", "date": "2026-03-10", "amount": 10}, {"trackerId": "b", "date": "2026-03-11", "amount": 20},
      {"trackerId": "b", "date": "2026-03-12", "amount": 30},
      {"trackerId": "c", "date": "2026-03-05"}
    ],
    "entries": [
      {"trackerId": "b", "date": "2026-03-09", "skipped": true},
      {"trackerId": "b", "date": "2026-03-08", "amount": 5}
    ],
    "tasks": [
      {"id": "t1", "title": "One", "category": "urgent", "done": true},
      {"id": "t2", "title": "Two", "category": "urgent", "done": false}
    ]
  }
  """#

  static let window = ["--start", "2026-03-02", "--until", "2026-03-15", "--today", "2026-03-12"]

  /// Writes the dataset, with `name` for tracker "a" (JSON-escaped here), into `folder`.
  static func write(into folder: URL, name: String = "Run") throws -> String {
    let quoted = try String(decoding: JSONSerialization.data(withJSONObject: [name]), as: UTF8.self)
    let text = json.replacingOccurrences(of: "\"NAME_A\"", with: String(quoted.dropFirst().dropLast()))
    let path = folder.appendingPathComponent("known.trackport.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

@Suite struct ReportPageCommandTests {
  @Test func writesThePageAndRefusesToReplaceItWithoutForce() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try KnownReport.write(into: folder)
    let page = folder.appendingPathComponent("report.html").path
    let first = try CLI.run(["report", input, "-o", page] + KnownReport.window)
    #expect(first.status == 0, "\(first.stderr)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>2026-03-04 · done</title>"))
    let again = try CLI.run(["report", input, "-o", page] + KnownReport.window)
    #expect(again.status == 73)
    #expect(again.stderr.contains("output file exists"))
    let forced = try CLI.run(["report", input, "-o", page, "--force", "--locale", "ru"] + KnownReport.window)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try String(contentsOfFile: page, encoding: .utf8).contains("выполнено"))
    // Never the input, even with --force.
    let overInput = try CLI.run(["report", input, "-o", input, "--force"] + KnownReport.window)
    #expect(overInput.status == 73)
    // No temporary file is left beside the output.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.sorted() == ["known.trackport.json", "report.html"])
  }

  @Test func markdownByNameOrFlag() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try KnownReport.write(into: folder)
    let out = try CLI.run(["report", input, "-o", "-", "--format", "markdown"] + KnownReport.window)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout.contains("| 🙂 Run | 1 day | 3 days | 67% | 80% | 80% | 80% | 5 days |"))
    let file = folder.appendingPathComponent("summary.md").path
    let byName = try CLI.run(["report", input, "-o", file] + KnownReport.window)
    #expect(byName.status == 0, "\(byName.stderr)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == out.stdout)
  }

  @Test func yearAndLimit() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = try KnownReport.write(into: folder)
    let year = try CLI.run(["report", input, "-o", "-", "--year", "2026", "--today", "2026-03-12", "--limit", "1"])
    #expect(year.status == 0, "\(year.stderr)")
    #expect(year.stdout.contains("<title>Habit report · 2026-01-01 – 2026-12-31</title>"))
    #expect(year.stdout.components(separatedBy: "<section class=\"tracker\"").count - 1 == 1)
    #expect(year.stdout.contains("Showing the 1 busiest of 3 trackers"))
    let all = try CLI.run(["report", input, "-o", "-", "--year", "2026", "--today", "2026-03-12", "--limit", "1", "--all"])
    #expect(all.stdout.components(separatedBy: "<section class=\"tracker\"").count - 1 == 3)
  }

  @Test func usageErrors() throws {
    let cases: [[String]] = [
      ["--year", "2026", "--start", "2026-01-01"],
      ["--start", "2026-13-01"],
      ["--start", "2026-03-02", "--until", "2026-03-01"],
      ["--start", "2000-01-01", "--until", "2026-01-01"],
      ["--theme", "sepia"],
      ["--limit", "0"],
    ]
    for args in cases {
      let result = try CLI.run(["report", CLI.demo, "-o", "-"] + args)
      #expect(result.status == 64, "\(args): \(result.stderr)")
    }
  }

  @Test func malformedInputIsLocatedAndWritesNothing() throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("bad.trackport.json").path
    try #"{"trackport": 1, "categories": [}"#.write(toFile: input, atomically: true, encoding: .utf8)
    let page = folder.appendingPathComponent("report.html").path
    let result = try CLI.run(["report", input, "-o", page])
    #expect(result.status == 65)
    #expect(result.stderr.contains("bad.trackport.json:1:"))
    #expect(!FileManager.default.fileExists(atPath: page))
  }
}
