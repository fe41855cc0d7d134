import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
@testable import CSVCodec
@testable import CSVCore

@Suite struct CSVLogSheetTests {
  let export = """
    Habit,Day,Status,Group,Note
    Read,2026-01-05,Done,Learning,chapter 3
    Run,2026-01-05,Skipped,Health,
    Read,2026-01-06,Done,Learning,
    Run,2026-01-07,Done,Health,5 km

    """
  let map = "tracker=Habit,date=Day,category=Group,done=Status:Done"

  @Test func mappedColumnsAndDoneFilter() throws {
    let (dataset, context) = try decodeCSV(export, options: ["map": map])
    #expect(dataset.trackers.map(\.name) == ["Read", "Run"])
    #expect(dataset.categories.map(\.title) == ["Learning", "Health"])
    #expect(dataset.records.map(\.date.description) == ["2026-01-05", "2026-01-06", "2026-01-07"])
    #expect(dataset.records.map(\.trackerId) == [dataset.trackers[0].id, dataset.trackers[0].id, dataset.trackers[1].id])
    #expect(dataset.trackers.allSatisfy { $0.kind == .habit && $0.schedule == Weekday.allCases })
    #expect(dataset.trackers.allSatisfy { $0.emoji.flatMap(PaletteEmoji.init(matching:)) != nil
      && $0.color.flatMap(PaletteColor.init(hex:)) != nil })
    #expect(dataset.records[0].extras["csv"] == .object([JSONMember("Note", .string("chapter 3"))]))
    let codes = context.diagnostics.map(\.code)
    #expect(codes == ["unknown-column", "defaulted-field"])
    #expect(context.diagnostics[1].message.hasPrefix("2 trackers got a palette emoji and colour"))
    // Same name, same id, in a log and in a trackers table.
    #expect(dataset.trackers[0].id == CSVStableID.tracker(name: "Read"))
  }

  /// A log has no emoji, colours or weekdays, and a row without a category gets the default
  /// one: all made up, and marked so (writers into apps where they are optional leave them out).
  @Test func whatTheLogDoesNotSayIsMarkedMadeUp() throws {
    let (grouped, _) = try decodeCSV(export, options: ["map": map])
    #expect(grouped.trackers.allSatisfy { $0.invented == [.emoji, .color, .schedule] })
    #expect(grouped.inventedCategoryIds.isEmpty)
    let (plain, _) = try decodeCSV("Habit,Day\nRead,2026-01-05\n", options: ["map": "tracker=Habit,date=Day"])
    #expect(plain.trackers.map(\.invented) == [[.category, .emoji, .color, .schedule]])
    #expect(plain.inventedCategoryIds == [plain.categories[0].id] && plain.categories[0].title == "Imported")
  }

  @Test(arguments: [
    ("2026-01-05", nil as String?), ("05.01.2026", nil), ("01/05/2026", "MM/DD/YYYY"), ("1/5/2026", "MM/DD/YYYY"),
    ("05/01/2026", "DD/MM/YYYY"), ("2026/01/05", "YYYY/MM/DD"), ("5.1.2026", nil),
  ])
  func dateFormats(_ value: String, _ format: String?) throws {
    var options = ["map": "tracker=Habit,date=Day"]
    if let format { options["date-format"] = format }
    let (dataset, _) = try decodeCSV("Habit,Day\nRead,\(value)\n", options: options)
    #expect(dataset.records.map(\.date) == [LocalDate(year: 2026, month: 1, day: 5)])
  }

  @Test func americanDetectedWhenUnambiguous() throws {
    let (dataset, _) = try decodeCSV("Habit,Day\nRead,01/05/2026\nRead,01/25/2026\n", options: ["map": "tracker=Habit,date=Day"])
    #expect(dataset.records.map(\.date.description) == ["2026-01-05", "2026-01-25"])
  }

  @Test func ambiguousDaysAskForAFormat() throws {
    let error = decodeFailure(Array("Habit,Day\nRead,01/05/2026\n".utf8), options: ["map": "tracker=Habit,date=Day"])
    #expect(error?.kind == .malformedInput)
    #expect(error?.note?.contains("date-format") == true)
    #expect(error?.location.line == 1 && error?.location.column == 7)
  }

  @Test func badDayIsALocatedTypeError() throws {
    let (dataset, context) = try decodeCSV("Habit,Day\nRead,2026-01-05\nRun,2026-13-01\n", options: ["map": "tracker=Habit,date=Day"])
    #expect(dataset.records.count == 1)
    #expect(found(context.diagnostics, code: "type-error") == [Found(code: "type-error", row: 3, field: "Day", line: 3, column: 5)])
  }

  @Test func missingCellsReportedWithRowAndField() throws {
    let text = "Habit,Day,Note\nRead,2026-01-05,a\n,2026-01-06,b\nRun,,c\nWalk\n"
    let (dataset, context) = try decodeCSV(text, options: ["map": "tracker=Habit,date=Day"])
    #expect(dataset.records.count == 1)
    #expect(found(context.diagnostics, code: "missing-cell") == [
      Found(code: "missing-cell", row: 3, field: "Habit", line: 3, column: 1),
      Found(code: "missing-cell", row: 4, field: "Day", line: 4, column: 5),
      Found(code: "missing-cell", row: 5, field: "Day", line: 5, column: 1),
    ])
    // Each row is lost, so each is an error: a conversion then writes nothing unless told.
    #expect(context.diagnostics.filter { $0.code == "missing-cell" }.allSatisfy { $0.severity == .error })
  }

  @Test func semicolonsBOMAndCRLF() throws {
    let text = "\u{FEFF}Привычка;Дата;Категория\r\nЗарядка;05.01.2026;Здоровье\r\nЗарядка;06.01.2026;Здоровье\r\n"
    let (dataset, context) = try decodeCSV(text, options: ["map": "tracker=Привычка,date=Дата,category=Категория"])
    #expect(dataset.trackers.map(\.name) == ["Зарядка"])
    #expect(dataset.categories.map(\.title) == ["Здоровье"])
    #expect(dataset.records.map(\.date.description) == ["2026-01-05", "2026-01-06"])
    #expect(context.diagnostics.map(\.code) == ["defaulted-field"])
  }

  @Test func windows1251() throws {
    // "Имя;Дата\r\nБег;2026-01-05\r\n" in windows-1251.
    let bytes: [UInt8] = [0xC8, 0xEC, 0xFF, 0x3B, 0xC4, 0xE0, 0xF2, 0xE0, 0x0D, 0x0A,
                          0xC1, 0xE5, 0xE3, 0x3B] + Array("2026-01-05\r\n".utf8)
    let (dataset, _) = try decodeCSV(bytes, options: ["map": "tracker=Имя,date=Дата", "encoding": "windows-1251"])
    #expect(dataset.trackers.map(\.name) == ["Бег"])
    // Read as UTF-8, the same bytes are a located encoding error.
    let error = decodeFailure(bytes, options: ["map": "tracker=Имя,date=Дата"])
    #expect(error?.message.hasSuffix("[encoding-error]") == true)
    #expect(error?.location.line == 1 && error?.location.column == 1)
  }

  @Test func invalidUTF8IsLocated() throws {
    let bytes = Array("tracker,date\nRead,2026-01-05\nRu".utf8) + [0xFF] + Array("n,2026-01-06\n".utf8)
    let error = decodeFailure(bytes)
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.hasSuffix("[encoding-error]") == true)
    #expect(error?.location.line == 3)
    #expect(error?.location.column == 3)
  }

  @Test func missingMappedColumnNamed() throws {
    let error = decodeFailure(Array("Habit,When\nRead,2026-01-05\n".utf8), options: ["map": "tracker=Habit,date=Day"])
    #expect(error?.message.contains("\"Day\"") == true)
  }

  @Test func headerWithTrackerAndDateIsALogWithoutMap() throws {
    let (dataset, _) = try decodeCSV("tracker,category,date\nRead,Learning,2026-01-05\n")
    #expect(dataset.records.count == 1)
    #expect(dataset.categories.map(\.title) == ["Learning"])
  }

  @Test func defaultCategoryOption() throws {
    let (dataset, _) = try decodeCSV("tracker,date\nRead,2026-01-05\n", options: ["default-category": "Разное"])
    #expect(dataset.categories.map(\.title) == ["Разное"])
  }

  @Test func locatorMapsRecordsAndTrackers() throws {
    let (dataset, context) = try decodeCSV("Note,Habit,Day\nx,Read,2026-01-05\ny,Read,2026-01-06\n", options: ["map": "tracker=Habit,date=Day"])
    #expect(dataset.records.count == 2)
    let places = try #require(context.sourceLocator).locate(["/records/1/date", "/trackers/0/name", "/trackers/0/emoji", "/records/9/date"])
    #expect(places["/records/1/date"].map { [$0.row, $0.line, $0.column] } == [3, 3, 8])
    #expect(places["/records/1/date"]?.field == "Day")
    #expect(places["/trackers/0/name"].map { [$0.row, $0.line, $0.column] } == [2, 2, 3])
    #expect(places["/trackers/0/emoji"].map { [$0.row, $0.line, $0.column] } == [2, 2, 1])
    #expect(places["/records/9/date"] == nil)
  }

  @Test func logRoundTrip() throws {
    let (dataset, _) = try decodeCSV(export, options: ["map": map])
    let (text, context) = try encodeCSV(dataset, options: ["to-shape": "log", "delimiter": ";", "date-format": "DD.MM.YYYY"])
    #expect(text.hasPrefix("tracker;category;date;Note\r\nRead;Learning;05.01.2026;chapter 3\r\n"))
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    let (again, _) = try decodeCSV(text)
    #expect(again == dataset)
  }
}

@Suite struct CSVEmptyLogTests {
  @Test func aLogWithNoRowsLeftIsAnEmptyDatasetNotAnAmbiguousDate() throws {
    let text = "Habit,Day,Status\nRun,21.11.2026,Skipped\n"
    var context = CodecContext(fileName: "log.csv", options: ["map": "tracker=Habit,date=Day,done=Status:Done"])
    let dataset = try CSVCodec().decode(CodecInput(.bytes(Array(text.utf8), name: "log.csv")), context: &context)
    #expect(dataset.records.isEmpty)
    var headerOnly = CodecContext(fileName: "log.csv", options: ["map": "tracker=Habit,date=Day"])
    #expect(try CSVCodec().decode(CodecInput(.bytes(Array("Habit,Day\n".utf8), name: "log.csv")), context: &headerOnly).records.isEmpty)
  }
}
