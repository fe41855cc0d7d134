import Foundation
import MCP
import Testing
import TrackerPort
import TrackerServeAPI
import TrackerTestSupport
@testable import TrackerMCP

@Suite struct MCPToolboxTests {
  /// Three habits over 20 days (the second done every other day, the third archived), written
  /// as canonical JSON in a new folder.
  static func dataset() -> TrackerDataset {
    let first = LocalDate(year: 2026, month: 3, day: 2)!
    let trackers = (1...3).map { n in
      Tracker(id: "h\(n)", kind: .habit, name: ["Read", "Run", "Stretch"][n - 1], categoryId: "c", emoji: nil, color: nil,
              schedule: Weekday.allCases, createdOn: first)
    }
    var archived = trackers
    archived[2].archived = true
    let records = (0..<20).flatMap { day in
      [TrackerRecord(trackerId: "h1", date: first.adding(days: day))]
        + (day % 2 == 0 ? [TrackerRecord(trackerId: "h2", date: first.adding(days: day))] : [])
    } + [TrackerRecord(trackerId: "h3", date: first)]
    return TrackerDataset(categories: [TrackerCategory(id: "c", title: "Health")], trackers: archived, records: records)
  }

  static func toolbox(limits: MCPLimits = MCPLimits()) throws -> (MCPToolbox, URL) {
    let folder = try temporaryFolder("trackport-mcp")
    let path = folder.appendingPathComponent("habits.trackport.json").path
    try write(dataset(), to: path, overwrite: false)
    let catalog = MCPDatasetCatalog(sources: MCPDatasetSource.named([(path, path, false)]),
                                    reading: .inProcess(ServeAPI(limits: limits.reading)))
    return (MCPToolbox(catalog: catalog, folders: try MCPFolders(allowRead: [], allowWrite: nil), limits: limits,
                       today: LocalDate(year: 2026, month: 3, day: 21)), folder)
  }

  static func write(_ dataset: TrackerDataset, to path: String, overwrite: Bool) throws {
    var context = CodecContext(fileName: path)
    try JSONCodec().encode(dataset, to: CodecOutput(path: path, overwrite: overwrite), context: &context)
  }

  static func call(_ toolbox: MCPToolbox, _ name: String, _ arguments: [String: Value] = [:]) async throws -> (object: [String: Any], isError: Bool) {
    let result = await toolbox.call(name, arguments: arguments)
    guard case .text(let text, _, _)? = result.content.first else { throw MCPToolError("test", "no text") }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return (object, result.isError == true)
  }

  static func errorCode(_ answer: (object: [String: Any], isError: Bool)) -> String? {
    guard answer.isError else { return nil }
    return (answer.object["error"] as? [String: Any])?["code"] as? String
  }

  @Test func listHabitsPagesGiveEveryHabitOnceWithItsCounts() async throws {
    let (toolbox, folder) = try Self.toolbox()
    defer { try? FileManager.default.removeItem(at: folder) }
    var seen: [String: Int] = [:]
    var cursor: Value = .null
    var pages = 0
    repeat {
      let answer = try await Self.call(toolbox, "list_habits", ["limit": 1, "cursor": cursor])
      for habit in try #require(answer.object["habits"] as? [[String: Any]]) {
        seen[try #require(habit["id"] as? String)] = habit["records"] as? Int
      }
      cursor = (answer.object["nextCursor"] as? String).map { .string($0) } ?? .null
      pages += 1
    } while cursor != .null && pages < 10
    #expect(pages == 3)
    #expect(seen == ["h1": 20, "h2": 10, "h3": 1])
    let active = try await Self.call(toolbox, "list_habits", ["include_archived": false])
    #expect((active.object["habits"] as? [Any])?.count == 2)
  }

  @Test func aCursorKeptAcrossAChangeOfTheFileIsRefused() async throws {
    let (toolbox, folder) = try Self.toolbox()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await Self.call(toolbox, "list_habits", ["limit": 1])
    let cursor = try #require(first.object["nextCursor"] as? String)
    var changed = Self.dataset()
    changed.trackers.removeLast()
    let path = folder.appendingPathComponent("habits.trackport.json").path
    try Self.write(changed, to: path, overwrite: true)
    #expect(Self.errorCode(try await Self.call(toolbox, "list_habits", ["limit": 1, "cursor": .string(cursor)])) == "stale-cursor")
    #expect(Self.errorCode(try await Self.call(toolbox, "list_habits", ["cursor": "nonsense"])) == "bad-cursor")
    #expect((try await Self.call(toolbox, "list_habits").object["total"] as? Int) == 2)
  }

  @Test func statisticsAreThoseOfStatsOverallAndPerHabit() async throws {
    let (toolbox, folder) = try Self.toolbox()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answer = try await Self.call(toolbox, "statistics")
    let overall = try #require(answer.object["overall"] as? [String: Any])
    let stats = TrackerStatistics(Self.dataset())
    #expect(overall["trackersCompleted"] as? Int == stats.trackersCompleted)
    #expect(overall["perfectDays"] as? Int == stats.perfectDays)
    let run = try #require((answer.object["habits"] as? [[String: Any]])?.first { $0["id"] as? String == "h2" })
    #expect((run["statistics"] as? [String: Any])?["trackersCompleted"] as? Int == 10)
    let ranged = try await Self.call(toolbox, "statistics", ["habit": "read", "from": "2026-03-02", "until": "2026-03-06"])
    #expect((ranged.object["overall"] as? [String: Any])?["trackersCompleted"] as? Int == 5)
    #expect((ranged.object["habits"] as? [Any])?.count == 1)
  }

  @Test func habitHistoryGivesTheDaysOfOneHabitInTheRange() async throws {
    let (toolbox, folder) = try Self.toolbox()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answer = try await Self.call(toolbox, "habit_history", ["habit": "Run", "until": "2026-03-07"])
    let days = try #require(answer.object["days"] as? [[String: Any]]).compactMap { $0["date"] as? String }
    #expect(days == ["2026-03-02", "2026-03-04", "2026-03-06"])
    #expect(Self.errorCode(try await Self.call(toolbox, "habit_history", ["habit": "Swim"])) == "unknown-habit")
    #expect(Self.errorCode(try await Self.call(toolbox, "habit_history", [:])) == "bad-argument")
  }

  @Test func refusalsCarryStableCodes() async throws {
    let (toolbox, folder) = try Self.toolbox()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Self.errorCode(try await Self.call(toolbox, "delete_everything")) == "unknown-tool")
    #expect(Self.errorCode(try await Self.call(toolbox, "list_habits", ["colour": "red"])) == "bad-argument")
    #expect(Self.errorCode(try await Self.call(toolbox, "list_habits", ["limit": 0])) == "bad-argument")
    #expect(Self.errorCode(try await Self.call(toolbox, "list_habits", ["dataset": "/etc/passwd"])) == "unknown-dataset")
    #expect(Self.errorCode(try await Self.call(toolbox, "agenda", ["date": "tomorrow"])) == "bad-argument")
    #expect(Self.errorCode(try await Self.call(toolbox, "inspect_file", ["path": "/etc/passwd"])) == "not-allowed")
    #expect(Self.errorCode(try await Self.call(toolbox, "convert_file", ["output": "x.csv"])) == "write-not-allowed")
  }

  @Test func resourcesAreBoundedAndNamed() async throws {
    var limits = MCPLimits()
    limits.maxResourceBytes = 512
    let (toolbox, folder) = try Self.toolbox(limits: limits)
    defer { try? FileManager.default.removeItem(at: folder) }
    let resources = MCPResources(toolbox: toolbox)
    #expect(resources.all.map(\.uri) == ["trackport://formats", "trackport://datasets/habits.trackport.json/canonical.json",
                                         "trackport://datasets/habits.trackport.json/report.html"])
    for (uri, code) in [("trackport://datasets/habits.trackport.json/canonical.json", "too-large"),
                        ("trackport://datasets/other.json/canonical.json", "unknown-resource"), ("file:///etc/passwd", "unknown-resource")] {
      do {
        _ = try await resources.read(uri)
        Issue.record("\(uri) was read")
      } catch {
        #expect(error.code == code)
      }
    }
  }
}
