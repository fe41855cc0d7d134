import Foundation
import TrackerTestSupport
import Testing

@Suite struct ReportCommandTests {
  @Test func statsJSONHasExactlyTheDocumentedKeys() throws {
    let result = try CLI.run(["stats", CLI.demo, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Set(stats.keys) == ["trackersCompleted", "perfectDays", "bestPeriod", "average"])
    let completed = try #require(stats["trackersCompleted"] as? Int)
    // Independent count: the demo's records, counted from the file's text.
    let text = try String(contentsOf: CLI.root.appendingPathComponent(CLI.demo), encoding: .utf8)
    #expect(completed == text.components(separatedBy: "\"trackerId\"").count - 1)
    // The average is printed with exactly two decimals.
    #expect(result.stdout.range(of: #""average": \d+\.\d\d\}"#, options: .regularExpression) != nil)
  }

  @Test func statsOfAnEmptyDatasetShowTheAppsPlaceholder() throws {
    let empty = Data(#"{"trackport": 1, "categories": [], "trackers": [], "records": [], "tasks": []}"#.utf8)
    let ru = try CLI.run(["stats", "-", "--from", "json", "--locale", "ru"], input: empty)
    #expect(ru.status == 0)
    #expect(ru.stdout == "Анализировать пока нечего\n")
    let json = try CLI.run(["stats", "-", "--from", "json", "--json"], input: empty)
    #expect(json.stdout.contains("\"trackersCompleted\": 0"))
    #expect(json.stdout.contains("\"average\": 0.00"))
  }

  @Test func agendaJSONHasTheDocumentedShapeAndPinnedFirst() throws {
    let result = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let agenda = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Set(agenda.keys) == ["date", "filter", "groups"])
    #expect(agenda["date"] as? String == "2026-11-20")
    #expect(agenda["filter"] as? String == "all")
    let groups = try #require(agenda["groups"] as? [[String: Any]])
    #expect(groups.first?["pinned"] as? Bool == true)
    #expect(groups.dropFirst().allSatisfy { $0["pinned"] as? Bool == false })
    let item = try #require((groups.first?["trackers"] as? [[String: Any]])?.first)
    #expect(Set(item.keys) == ["id", "name", "emoji", "color", "done", "completedDays"])
  }

  @Test func agendaFiltersAndSearch() throws {
    let done = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--filter", "completed", "--json"])
    #expect(!done.stdout.contains("\"done\": false"))
    #expect(done.stdout.contains("\"done\": true"))
    let open = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--filter", "not-completed", "--json"])
    #expect(!open.stdout.contains("\"done\": true"))
    // ё in the query finds е in the name, and case is ignored.
    let search = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--search", "МЁДИТАЦИЯ", "--json"])
    #expect(search.stdout.contains("Медитация 10 минут"))
    #expect(!search.stdout.contains("Зарядка"))
  }

  @Test func agendaTodayFilterMovesTheDate() throws {
    let result = try CLI.run(["agenda", CLI.demo, "--date", "2026-01-01", "--filter", "today", "--today", "2026-11-20", "--json"])
    #expect(result.stdout.contains("\"date\": \"2026-11-20\""))
  }

  @Test func agendaPlaceholdersInBothLanguages() throws {
    let nothingPlanned = try CLI.run(["agenda", CLI.demo, "--date", "2020-01-01", "--locale", "ru"])
    #expect(nothingPlanned.stdout.contains("Что будем отслеживать?"))
    let nothingFound = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--search", "zzz"])
    #expect(nothingFound.stdout.contains("Nothing found"))
  }

  @Test func agendaCountsDaysWithRussianPlurals() throws {
    let result = try CLI.run(["agenda", CLI.demo, "--date", "2026-11-20", "--locale", "ru"])
    #expect(result.stdout.range(of: #"· \d+ (день|дня|дней)\n"#, options: .regularExpression) != nil)
  }

  @Test func badDatesAreUsageErrors() throws {
    #expect(try CLI.run(["agenda", CLI.demo, "--date", "2026-02-30"]).status == 64)
    #expect(try CLI.run(["agenda", CLI.demo, "--filter", "someday"]).status == 64)
  }
}

/// `agenda` and `stats` on a format version 2 dataset: skipped cards, amounts, entries that are
/// not completions. Needs the JSON reader of version 2.
@Suite struct ReportCommandEntryTests {
  static let week = Data("""
    {"trackport": 2, "categories": [{"id": "c1", "title": "Здоровье"}],
     "trackers": [
       {"id": "R", "kind": "habit", "name": "Бег", "categoryId": "c1", "emoji": "🥇", "color": "#FF881E",
        "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false,
        "goal": {"target": 5, "direction": "atLeast", "unit": "km"}},
       {"id": "M", "kind": "habit", "name": "Медитация", "categoryId": "c1", "emoji": "🤔", "color": "#8D72E6",
        "schedule": ["mon", "tue", "wed", "thu", "fri"], "pinned": false}],
     "records": [{"trackerId": "R", "date": "2026-01-05", "amount": 6.25}, {"trackerId": "M", "date": "2026-01-05"},
                 {"trackerId": "M", "date": "2026-01-06"}],
     "entries": [{"trackerId": "R", "date": "2026-01-06", "skipped": true}, {"trackerId": "R", "date": "2026-01-07", "amount": 2.5}],
     "tasks": []}
    """.utf8)

  @Test func agendaTextMarksSkippedAndShowsAmounts() throws {
    let monday = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-05"], input: Self.week)
    #expect(monday.status == 0, "\(monday.stderr)")
    #expect(monday.stdout == "2026-01-05 (Mon)\n\nЗдоровье\n  [x] 🥇 Бег · 6.25 km · 1 day\n  [x] 🤔 Медитация · 2 days\n")
    let tuesday = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-06"], input: Self.week)
    #expect(tuesday.stdout.contains("  [-] 🥇 Бег · 1 day\n"))
    let wednesday = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-07", "--filter", "not-completed"], input: Self.week)
    #expect(wednesday.stdout.contains("  [ ] 🥇 Бег · 2.5 km · 1 day\n"))
    let skippedIsNotToDo = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-06", "--filter", "not-completed"], input: Self.week)
    #expect(!skippedIsNotToDo.stdout.contains("Бег"))
  }

  @Test func agendaJSONAddsSkippedAmountAndUnitOnlyWhereThereAreAny() throws {
    let result = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-06", "--json"], input: Self.week)
    let agenda = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let cards = try #require((agenda["groups"] as? [[String: Any]])?.first?["trackers"] as? [[String: Any]])
    #expect(cards.count == 2)
    #expect(cards[0]["skipped"] as? Bool == true && cards[0]["amount"] == nil)
    #expect(Set(cards[1].keys) == ["id", "name", "emoji", "color", "done", "completedDays"])
    let monday = try CLI.run(["agenda", "-", "--from", "json", "--date", "2026-01-05", "--json"], input: Self.week)
    #expect(monday.stdout.contains(#""done": true, "amount": 6.25, "unit": "km", "completedDays": 1"#))
  }

  @Test func statsCountRecordsOnlyAndSkipSkippedDays() throws {
    // Mon: R M done; Tue: M done, R skipped → perfect; Wed is outside the records' range.
    let result = try CLI.run(["stats", "-", "--from", "json", "--json"], input: Self.week)
    #expect(result.stdout == #"{"trackersCompleted": 3, "perfectDays": 2, "bestPeriod": 2, "average": 1.50}"# + "\n")
  }
}
