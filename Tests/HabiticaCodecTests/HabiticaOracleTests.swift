import Foundation
import Testing
import TrackerTestSupport
import HabiticaCodec
import TrackerCodec
import TrackerModel

/// Completed days of the fixture account (history 2014–2022, condensed entries included),
/// counted by the reader and by an independent Python script applying habitica.md's rules,
/// for users east and west of UTC, with and without a custom day start, with the export's
/// offset and with IANA zones; and its history as `history.csv`.
@Suite(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures (TRACKPORT_SHARED_FIXTURES)"))
struct HabiticaOracleTests {
  static let cases: [(offset: Int, dayStart: Int)] = [(-180, 0), (-180, 5), (300, 0), (300, 5), (-60, 3)]

  @Test(arguments: cases)
  func completedDaysMatchTheOracle(offset: Int, dayStart: Int) throws {
    let path = try Habitica.file(try Habitica.fixtureExport(timezoneOffset: offset, dayStart: dayStart))
    var context = CodecContext(fileName: path)
    let dataset = try HabiticaCodec().decode(CodecInput(path: path), context: &context)
    let expected = try Habitica.oracle(path)
    let got = Habitica.days(dataset)
    #expect(got.count == 153, "111 habits and 42 dailies")
    #expect(Set(got.keys) == Set(expected.days.keys))
    for (id, days) in expected.days where got[id] != days {
      Issue.record("\(id): \(got[id] ?? []) expected \(days)")
    }
    #expect(dataset.records.count == expected.days.values.reduce(0) { $0 + $1.count })
    #expect(dataset.records.count > 20, "the fixture has completions")
    #expect(Habitica.condensedCount(context) == expected.condensed)
    #expect(expected.condensed > 100)
  }

  @Test(arguments: [("Europe/Moscow", 0), ("America/New_York", 5), ("Asia/Kathmandu", 3)])
  func namedZonesMatchTheOracle(zone: String, dayStart: Int) throws {
    let path = try Habitica.file(try Habitica.fixtureExport())
    var context = CodecContext(fileName: path, options: ["timezone": zone, "day-start": String(dayStart)])
    let dataset = try HabiticaCodec().decode(CodecInput(path: path), context: &context)
    let expected = try Habitica.oracle(path, arguments: ["--timezone", zone, "--day-start", String(dayStart)])
    let got = Habitica.days(dataset)
    for (id, days) in expected.days where got[id] != days {
      Issue.record("\(zone): \(id): \(got[id] ?? []) expected \(days)")
    }
    #expect(Habitica.condensedCount(context) == expected.condensed)
  }

  /// The zone and day start change which day a completion lands on.
  @Test func theDayDependsOnZoneAndDayStart() throws {
    let east = try Habitica.decode(try Habitica.fixtureExport(timezoneOffset: -180, dayStart: 0)).0
    let west = try Habitica.decode(try Habitica.fixtureExport(timezoneOffset: 300, dayStart: 5)).0
    #expect(Set(east.records.map { "\($0.trackerId) \($0.date)" }) != Set(west.records.map { "\($0.trackerId) \($0.date)" }))
  }

  /// The same history as `history.csv` (UTC dates without a marker, values only): the value
  /// rule on every row, naive days.
  @Test(arguments: [[String](), ["--timezone", "Europe/Moscow", "--day-start", "5"]])
  func historyCSVMatchesTheOracle(arguments: [String]) throws {
    let path = try Self.historyCSV()
    var options: [String: String] = [:]
    if arguments.count == 4 {
      options = ["timezone": arguments[1], "day-start": arguments[3]]
    }
    var context = CodecContext(fileName: path, options: options)
    let dataset = try HabiticaCodec().decode(CodecInput(path: path), context: &context)
    let expected = try Habitica.oracle(path, arguments: arguments + ["--csv"])
    let got = Habitica.days(dataset)
    #expect(got.count == expected.days.count, "the tasks with history")
    #expect(got.count > 100)
    for (id, days) in expected.days where got[id] != days {
      Issue.record("csv \(id): \(got[id] ?? []) expected \(days)")
    }
    #expect(Habitica.condensedCount(context) == expected.condensed)
    #expect(context.diagnostics.contains { $0.code == "habitica-csv-no-schedule" })
    #expect(dataset.trackers.allSatisfy { $0.schedule?.count == 7 })
  }

  /// `history.csv` of the fixture's habits and dailies, as Habitica writes it.
  static func historyCSV() throws -> String {
    guard let tasks = try Habitica.json(Habitica.fixture("habitica/tasks.json")) as? [[String: Any]] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    var text = "Task Name,Task ID,Task Type,Date,Value\n"
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    for task in tasks where ["habit", "daily"].contains(task["type"] as? String ?? "") {
      for entry in task["history"] as? [Any] ?? [] {
        guard let entry = entry as? [String: Any], let date = entry["date"] as? Double, let value = entry["value"] else { continue }
        let when = formatter.string(from: Date(timeIntervalSince1970: date / 1000))
        text += [task["text"] as? String ?? "", task["_id"] as? String ?? "", task["type"] as? String ?? "", when, "\(value)"]
          .map(Self.quoted).joined(separator: ",") + "\n"
      }
    }
    let path = try Habitica.temporaryFolder().appendingPathComponent("habitica-tasks-history.csv").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func quoted(_ cell: String) -> String {
    guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return cell }
    return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
