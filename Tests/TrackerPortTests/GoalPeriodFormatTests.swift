import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// A goal per week, month or n days through every format (docs/json-format.md, "Version 3"):
/// the canonical ones carry it exactly and say version 3 only then; Loop stores it as its own
/// target per week or month; apps whose goals are daily report the period lost.
@Suite struct GoalPeriodFormatTests {
  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// Four habits: 20 km a week, at most 12 a month, 50 pages in 10 days, and one per day;
  /// every day's amount, a part of the period, as records, and a day of 0 as an entry.
  static func dataset() -> TrackerDataset {
    let goals: [(String, TrackerGoal)] = [
      ("run", TrackerGoal(target: 20, direction: .atLeast, unit: "km", period: .week)),
      ("smoke", TrackerGoal(target: 12, direction: .atMost, unit: "pcs", period: .month)),
      ("read", TrackerGoal(target: 50, direction: .atLeast, unit: "pages", period: .days(10))),
      ("walk", TrackerGoal(target: 5, direction: .atLeast, unit: "km")),
    ]
    return TrackerDataset(
      categories: [TrackerCategory(id: "C", title: "Health")],
      trackers: goals.map { id, goal in
        Tracker(id: id, kind: .habit, name: id.capitalized, categoryId: "C", emoji: "🏃", color: "#FF881E",
                schedule: Weekday.allCases, createdOn: day("2026-01-01"), goal: goal)
      },
      records: [TrackerRecord(trackerId: "run", date: day("2026-01-05"), amount: 5),
                TrackerRecord(trackerId: "run", date: day("2026-01-07"), amount: 8.5, note: "hills"),
                TrackerRecord(trackerId: "smoke", date: day("2026-01-05"), amount: 3),
                TrackerRecord(trackerId: "read", date: day("2026-01-06"), amount: 20),
                TrackerRecord(trackerId: "walk", date: day("2026-01-05"), amount: 6)],
      entries: [TrackerEntry(trackerId: "run", date: day("2026-01-06"), amount: 0)])
  }

  static func roundTrip(_ id: String, _ dataset: TrackerDataset, in folder: URL, as name: String = "goals") throws
    -> (TrackerDataset, String) {
    let writer = try #require(CannotCarryTests.writers.first { $0.codec.descriptor.id == id && $0.shape?.name != "log" })
    let path = folder.appendingPathComponent(name + "-" + writer.fileName).path
    var writing = CodecContext(fileName: path, options: writer.options)
    try writer.codec.encode(dataset, to: CodecOutput(path: path), context: &writing)
    var reading = CodecContext(fileName: path, options: writer.readOptions)
    let back = try writer.codec.decode(CodecInput(path: path), context: &reading)
    var isFolder: ObjCBool = false
    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let text = isFolder.boolValue
      ? try String(contentsOfFile: path + "/datapackage.json", encoding: .utf8) + String(contentsOfFile: path + "/trackers.csv", encoding: .utf8)
      : String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    return (back, text)
  }

  @Test(arguments: ["json", "xml", "csv", "ics"])
  func theCanonicalFormatsCarryThePeriodAndSayVersion3(_ id: String) throws {
    let folder = try temporaryFolder("trackport-goal-period")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (back, text) = try Self.roundTrip(id, Self.dataset(), in: folder)
    #expect(back.trackers.map(\.goal) == Self.dataset().trackers.map(\.goal))
    #expect(back.records == Self.dataset().records && back.entries == Self.dataset().entries)
    let marker = ["json": "\"trackport\": 3,", "xml": "version=\"3\"", "csv": "\"version\": 3", "ics": "X-TRACKPORT-VERSION:3"][id]!
    #expect(text.contains(marker), "\(id)")
    // Without a period the same data is version 2, as it was written before version 3.
    var daily = Self.dataset()
    for i in daily.trackers.indices { daily.trackers[i].goal?.period = .day }
    let (_, text2) = try Self.roundTrip(id, daily, in: folder, as: "daily")
    let key = ["json": "\"period\"", "xml": "period=", "csv": "goalPeriod", "ics": "\"period\""][id]!
    #expect(!text2.contains(marker) && !text2.contains(key), "\(id)")
  }

  @Test func theTrackersSheetCarriesThePeriodInAColumn() throws {
    let folder = try temporaryFolder("trackport-goal-period")
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("habits.csv").path
    try "name,goalTarget,goalUnit,goalPeriod\nRun,20,km,Week\nRead,50,pages,10d\nWalk,5,km,\nSwim,2,km,fortnight\n"
      .write(toFile: sheet, atomically: true, encoding: .utf8)
    let (dataset, context) = try decode(CSVCodec(), path: sheet)
    #expect(dataset.trackers.map { $0.goal?.period } == [.week, .days(10), .day, nil])
    let error = try #require(context.diagnostics.first { $0.location.field == "goalPeriod" })
    #expect(error.location.line == 5 && error.message.contains("fortnight"))
  }

  @Test func aVersion2FileKeepsAPeriodKeyAsAnUnknownKey() throws {
    let text = #"{"trackport": 2, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 20, "period": "week"}}]}"#
    let (dataset, context) = try decode(JSONCodec(), text: text, name: "old.trackport.json")
    #expect(dataset.trackers[0].goal == TrackerGoal(target: 20))
    #expect(dataset.trackers[0].extras["json-goal"]?["period"] == .string("week"))
    #expect(context.diagnostics.map(\.location.pointer) == ["/trackers/0/goal/period"])
    let out = String(decoding: try encode(JSONCodec(), dataset).0, as: UTF8.self)
    #expect(out.contains("\"trackport\": 2,") && out.contains(#""goal": { "target": 20, "direction": "atLeast", "period": "week" }"#), "\(out)")
  }

  @Test func aBadPeriodIsLocated() throws {
    let json = #"{"trackport": 3, "trackers": [{"id": "t", "kind": "habit", "name": "n", "categoryId": "c", "goal": {"target": 20, "period": "fortnight"}}]}"#
    let error = try #require(throws: CodecError.self) { try decode(JSONCodec(), text: json, name: "bad.trackport.json") }
    #expect(error.location.pointer == "/trackers/0/goal/period" && error.location.column == 125)
    #expect(error.message.contains("\"fortnight\""))
    let xml = #"<trackport xmlns="urn:trackport:1" version="3"><trackers><tracker id="t" kind="habit" name="n" categoryId="c"><goal target="20" period="0x"/></tracker></trackers></trackport>"#
    let xmlError = try #require(throws: CodecError.self) { try decode(XMLCodec(), text: xml, name: "bad.trackport.xml") }
    #expect(xmlError.location.line == 1 && xmlError.message.contains("period"))
  }

  /// The validator judges a day as a part of the period, and says the period; `diff` shows it.
  @Test func rulesAndDiffSayThePeriod() throws {
    var dataset = Self.dataset()
    dataset.records.append(TrackerRecord(trackerId: "run", date: Self.day("2026-01-08"), amount: 0))
    dataset.entries.append(TrackerEntry(trackerId: "run", date: Self.day("2026-01-09"), amount: 4))
    let found = Validator().validate(dataset)
    let below = try #require(found.first { $0.code == "amount-below-goal" })
    #expect(below.message == "amount 0 does not meet the goal of at least 20 km a week, so the day is not done")
    #expect(found.contains { $0.code == "entry-meets-goal" && $0.location.pointer == "/entries/1/amount" })
    // 5 km on a day of "at least 20 km a week" is a part, not an error (it would be per day).
    #expect(!Validator().validate(Self.dataset()).contains { $0.code == "amount-below-goal" })
    var daily = Self.dataset()
    daily.trackers[0].goal?.period = .day
    #expect(Validator().validate(daily).filter { $0.code == "amount-below-goal" }.count == 2)
    let diff = DatasetDiff(from: Self.dataset(), to: daily)
    #expect(diff.trackers.first?.fields == [FieldChange(field: "goal", old: "at least 20 km a week", new: "at least 20 km")])
  }

  @Test func loopStoresAWeekOrMonthAsItsOwnTargetAndBack() throws {
    let folder = try temporaryFolder("trackport-goal-period")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (back, _) = try Self.roundTrip("loop", Self.dataset(), in: folder)
    #expect(back.trackers.map(\.goal) == Self.dataset().trackers.map(\.goal))
    #expect(back.records.map(\.amount).sorted { ($0 ?? 0) < ($1 ?? 0) } == [3, 5, 6, 8.5, 20])
    #expect(back.entries.map(\.amount) == [0])
    let db = folder.appendingPathComponent("goals-" + "full.db").path
    #expect(try SQLite3.lines(db, "SELECT name || ' ' || freq_num || '/' || freq_den || ' ' || target_type FROM Habits ORDER BY position")
      == ["Run 1/7 0", "Smoke 1/30 1", "Read 1/10 0", "Walk 1/1 0"])
  }

  @Test(arguments: ["tablehabit", "habo"])
  func anAppWithDailyGoalsKeepsTheAmountsAndNamesThePeriodLost(_ id: String) throws {
    let folder = try temporaryFolder("trackport-goal-period")
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = try #require(CannotCarryTests.writers.first { $0.codec.descriptor.id == id })
    let losses = writer.codec.losses(writing: Self.dataset(), to: CodecOutput(path: "/tmp/x"), options: [:])
    let period = try #require(losses.first { $0.location.pointer == "/trackers.goal.period" })
    #expect(period.code == "dropped-field" && period.message.contains(": \(id == "habo" ? 2 : 3) goal(s) per week"), "\(period.message)")
    let (back, _) = try Self.roundTrip(id, Self.dataset(), in: folder)
    let run = try #require(back.trackers.first { $0.name == "Run" })
    #expect(run.goal?.period == .day && run.goal?.target == 20)
    let amounts = (back.records.filter { $0.trackerId == run.id }.map(\.amount) + back.entries.filter { $0.trackerId == run.id }.map(\.amount))
    #expect(Set(amounts.compactMap { $0 }) == [0, 5, 8.5])
  }
}
