import Foundation
import Testing
import TrackerTestSupport
import HabiticaCodec
import TrackerCodec
import TrackerModel

/// Bad input gives a located error or warning, never a crash; detection by content; the 2017
/// shape; a folder with both files.
@Suite struct HabiticaInputTests {
  @Test func notHabiticaJSONIsALocatedError() {
    let error = Habitica.error { _ = try Habitica.decode(Array("{\"preferences\": {}, \"habits\": []}".utf8)) }
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("no \"tasks\" object") == true)
    #expect(error?.location.line == 1)
    #expect(error?.location.column == 1)
  }

  @Test func aTaskWithoutAnIdIsAnErrorAtItsPointer() throws {
    let export = Habitica.export(dailys: [HabiticaMappingTests.daily("A", "ok"), ["type": "daily", "text": "no id"]])
    let error = Habitica.error { _ = try Habitica.decode(export) }
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.pointer == "/tasks/dailys/1")
    #expect(error?.location.line == 1)
    #expect((error?.location.column ?? 0) > 1)
  }

  @Test func aHistoryDateThatIsNotANumberIsALocatedWarning() throws {
    let text = """
      {"preferences": {"timezoneOffset": 0, "dayStart": 0},
       "tasks": {"dailys": [{"_id": "D", "text": "x", "frequency": "daily", "everyX": 1, "history": [
         {"date": 1646136000000, "value": 1, "completed": true},
         {"date": "yesterday", "value": 2, "completed": true},
         null,
         {"value": 3, "completed": true}]}]}}
      """
    var context = CodecContext(fileName: "u.json")
    let dataset = try HabiticaCodec().decode(CodecInput(.bytes(Array(text.utf8), name: "u.json")), context: &context)
    #expect(dataset.records.map(\.date.description) == ["2022-03-01"])
    let skipped = context.diagnostics.filter { $0.code == "habitica-skipped-entry" }
    #expect(skipped.map(\.location.pointer) == ["/tasks/dailys/0/history/1/date", "/tasks/dailys/0/history/3"])
    let located = context.diagnostics.located(by: context.sourceLocator, file: "u.json")
      .filter { $0.code == "habitica-skipped-entry" }
    #expect(located.map(\.location.line) == [4, 6])
    #expect(located.first?.location.column == 13)
  }

  @Test func aTruncatedFileIsAnErrorAtItsEnd() throws {
    let bytes = try Habitica.bytes(Habitica.export(habits: [HabiticaMappingTests.habit("H", "x", history: [])]))
    let error = Habitica.error { _ = try Habitica.decode(Array(bytes.dropLast(7))) }
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.line == 1)
    #expect(error?.location.column != nil)
  }

  @Test func badCSVRowsAreSkippedWithTheirCell() throws {
    let text = """
      Task Name,Task ID,Task Type,Date,Value
      Read,t1,habit,2022-03-01 10:00:00,1
      Read,t1,habit,2022-03-0x 10:00:00,2
      Read,t1,todo,2022-03-02 10:00:00,2
      Read,t1,habit,2022-03-03 10:00:00,abc
      Read,t1,habit,2022-03-04 10:00:00
      "Run, far",t2,daily,2022-03-04 23:30:00,0.9

      """
    var context = CodecContext(fileName: "h.csv")
    let dataset = try HabiticaCodec().decode(CodecInput(.bytes(Array(text.utf8), name: "h.csv")), context: &context)
    #expect(dataset.trackers.map(\.name) == ["Read", "Run, far"])
    #expect(Habitica.days(dataset) == ["t1": ["2022-03-01"], "t2": ["2022-03-04"]])
    let skipped = context.diagnostics.filter { $0.code == "habitica-skipped-entry" }
    #expect(skipped.map { [$0.location.line ?? 0, $0.location.column ?? 0] } == [[3, 15], [4, 9], [5, 35], [6, 15]])
    // Days in the zone asked for: 23:30 UTC is the next day in Moscow.
    let moscow = try Habitica.decode(Array(text.utf8), name: "h.csv", options: ["timezone": "Europe/Moscow"]).0
    #expect(Habitica.days(moscow)["t2"] == ["2022-03-05"])
  }

  @Test func aCSVWithAnotherHeaderIsALocatedError() {
    let error = Habitica.error { _ = try Habitica.decode(Array("Task Name,Task ID,Date\nx,y,z\n".utf8), name: "h.csv") }
    #expect(error?.kind == .malformedInput)
    #expect(error?.location.line == 1)
  }

  @Test func badOptionsAreRefused() {
    let export = Habitica.export()
    #expect(Habitica.error { _ = try Habitica.decode(export, options: ["timezone": "Mars/Olympus"]) }?.kind == .unsupportedOperation)
    #expect(Habitica.error { _ = try Habitica.decode(export, options: ["day-start": "24"]) }?.kind == .unsupportedOperation)
  }

  @Test(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures (TRACKPORT_SHARED_FIXTURES)"))
  func the2017PayloadShapeIsRead() throws {
    guard let payload = try Habitica.json(Habitica.fixture("habitica/tasks.2017-09.json")) as? [String: Any],
          let tasks = payload["data"] as? [[String: Any]] else {
      Issue.record("no data")
      return
    }
    let export = Habitica.export(habits: tasks.filter { $0["type"] as? String == "habit" },
                                 dailys: tasks.filter { $0["type"] as? String == "daily" },
                                 todos: tasks.filter { $0["type"] as? String == "todo" }, timezoneOffset: 240)
    let (dataset, context) = try Habitica.decode(export)
    #expect(dataset.trackers.count == 8)
    #expect(dataset.tasks.count == 5)
    // Habit entries without click counts are never days.
    let habits = Set(tasks.filter { $0["type"] as? String == "habit" }.compactMap { $0["_id"] as? String })
    #expect(!dataset.records.contains { habits.contains($0.trackerId) })
    #expect(context.diagnostics.contains { $0.code == "habitica-condensed-history" })
    #expect(dataset.tasks.allSatisfy { $0.start == nil })
  }

  @Test(.enabled(if: Habitica.haveFixtures, "needs the shared habitica fixtures (TRACKPORT_SHARED_FIXTURES)"))
  func aFolderWithBothFilesReadsTheJSON() throws {
    let folder = try Habitica.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(try Habitica.bytes(try Habitica.fixtureExport())).write(to: folder.appendingPathComponent("habitica-user-data.json"))
    let csv = try HabiticaOracleTests.historyCSV()
    try FileManager.default.copyItem(atPath: csv, toPath: folder.appendingPathComponent("habitica-tasks-history.csv").path)
    let input = CodecInput(path: folder.path)
    var context = CodecContext(fileName: folder.path)
    let dataset = try HabiticaCodec().decode(input, context: &context)
    #expect(!dataset.tasks.isEmpty, "to-dos come only from the JSON")
    #expect(context.diagnostics.contains { $0.code == "habitica-not-imported" && $0.message.contains("habitica-tasks-history.csv not read") })
    #expect(!context.diagnostics.contains { $0.code == "habitica-csv-no-schedule" })
  }
}
