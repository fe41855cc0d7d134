import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
@testable import CSVCodec
@testable import CSVCore

@Suite struct CSVTrackerSheetTests {
  let sheet = """
    name,category,emoji,color,schedule,pinned
    Поливать растения,Домашний уют,🌺,#33CF69,mon wed fri,true
    Read,Learning,🥇,#007BFA,Mon Tue,
    Стирка,Домашний уют,🙂,#FD4C49,sat,false
    Walk,,🐶,#46E69D,mon tue wed thu fri sat sun,
    Doctor,Health,😇,#FD4C49,,

    """

  @Test func categoriesMadeFromTitlesInOrderOfFirstUse() throws {
    let (dataset, context) = try decodeCSV(sheet)
    #expect(dataset.categories.map(\.title) == ["Домашний уют", "Learning", "Imported", "Health"])
    #expect(dataset.trackers.map(\.name) == ["Поливать растения", "Read", "Стирка", "Walk", "Doctor"])
    #expect(dataset.trackers[0].categoryId == dataset.trackers[2].categoryId)
    #expect(dataset.trackers[3].categoryId == dataset.categories[2].id)
    #expect(dataset.trackers[0].schedule == [.mon, .wed, .fri])
    #expect(dataset.trackers[1].schedule == [.mon, .tue])
    #expect(dataset.trackers[0].pinned && !dataset.trackers[1].pinned)
    #expect(dataset.trackers[4].kind == .event, "no schedule and no kind: an event")
    #expect(dataset.trackers[0].kind == .habit)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    // Walk's empty category cell put it in the default category: made up, marked so.
    #expect(dataset.trackers.map(\.invented) == [[], [], [], [.category], []])
    #expect(dataset.inventedCategoryIds == [dataset.categories[2].id])
  }

  @Test func sameFileGivesSameIds() throws {
    let (a, _) = try decodeCSV(sheet)
    let (b, _) = try decodeCSV(sheet, name: "other-name.csv")
    #expect(a == b)
    #expect(Set(a.trackers.map(\.id)).count == 5)
    #expect(a.trackers[0].id.count == 36 && a.trackers[0].id.split(separator: "-").count == 5)
    #expect(a.categories[0].id == CSVStableID.category(title: "Домашний уют"))
  }

  @Test func repeatedNamesGetDistinctIds() throws {
    let (dataset, _) = try decodeCSV("name,schedule\nRead,mon\nRead,tue\n")
    #expect(dataset.trackers[0].id != dataset.trackers[1].id)
  }

  @Test func unknownColumnKeptInExtrasAndWrittenBack() throws {
    let (dataset, context) = try decodeCSV("name,schedule,Notes\nRead,mon,before bed\nRun,tue,\n")
    #expect(found(context.diagnostics) == [Found(code: "unknown-column", row: 1, field: "Notes", line: 1, column: 15)])
    #expect(dataset.trackers[0].extras["csv"] == .object([JSONMember("Notes", .string("before bed"))]))
    #expect(dataset.trackers[1].extras.ofFormats.isEmpty)
    let (text, _) = try encodeCSV(dataset, options: ["to-shape": "trackers"])
    #expect(text.hasPrefix("id,kind,name,categoryId,category,emoji,color,schedule,date,pinned,createdOn,Notes\r\n"))
    #expect(try decodeCSV(text).0 == dataset)
  }

  @Test func typeErrorsAreLocatedAndKept() throws {
    let (dataset, context) = try decodeCSV("name,schedule,pinned,date\nRead,mon funday,maybe,2026-02-30\n")
    #expect(found(context.diagnostics, code: "type-error") == [
      Found(code: "type-error", row: 2, field: "schedule", line: 2, column: 6),
      Found(code: "type-error", row: 2, field: "pinned", line: 2, column: 17),
      Found(code: "type-error", row: 2, field: "date", line: 2, column: 23),
    ])
    #expect(dataset.trackers[0].extras["csv"]?["schedule"] == .string("mon funday"))
    #expect(context.diagnostics.allSatisfy { $0.severity == .error })
  }

  @Test func missingNameColumnIsAnErrorNamingIt() throws {
    let error = decodeFailure(Array("title,schedule\nRead,mon\n".utf8), options: ["shape": "trackers"])
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("name") == true)
  }

  @Test func headerProblemsAreErrorsAndCellsAreKept() throws {
    let (dataset, context) = try decodeCSV("name,,name,schedule\nRead,x,y,mon\n")
    #expect(found(context.diagnostics).map(\.code).sorted() == ["blank-label", "duplicate-label"])
    #expect(found(context.diagnostics, code: "duplicate-label") == [Found(code: "duplicate-label", row: 1, field: "name", line: 1, column: 7)])
    #expect(dataset.trackers[0].extras["csv"] == .object([JSONMember("#2", .string("x")), JSONMember("#3", .string("y"))]))
  }

  @Test func raggedRows() throws {
    let (dataset, context) = try decodeCSV("name,schedule,emoji\nRead,mon\nRun,tue,🙂,extra\n")
    #expect(found(context.diagnostics) == [
      Found(code: "missing-cell", row: 2, field: "emoji", line: 2, column: 6),
      Found(code: "extra-cell", row: 3, field: nil, line: 3, column: 11),
    ])
    #expect(dataset.trackers.count == 2)
    #expect(dataset.trackers[1].extras["csv"] == .object([JSONMember("#4", .string("extra"))]))
    #expect(context.diagnostics.first { $0.code == "extra-cell" }?.severity == .error)
  }

  @Test func blankRowsAreReportedNotSilentlyDropped() throws {
    let (dataset, context) = try decodeCSV("name,schedule\nRead,mon\n\nRun,tue\n,\n")
    #expect(dataset.trackers.map(\.name) == ["Read", "Run"])
    #expect(found(context.diagnostics).map(\.code) == ["blank-row", "blank-row"])
    #expect(found(context.diagnostics).map(\.line) == [3, 5])
  }

  @Test func roundTripTableDatasetTable() throws {
    let table = [
      "id,kind,name,categoryId,category,emoji,color,schedule,date,pinned,createdOn",
      "T1,habit,\"Water, the plants\",C1,Home,🌺,#33CF69,mon wed fri,,true,2026-01-05",
      "T2,event,\"Doctor \"\"Aibolit\"\"\",C2,Health,😇,#FD4C49,,2026-02-01,false,",
      "T3,habit,=1+1,C1,Home,,,sun,,false,",
    ].map { $0 + "\r\n" }.joined()
    let (dataset, context) = try decodeCSV(table)
    #expect(context.diagnostics.isEmpty, "\(context.diagnostics)")
    #expect(dataset.trackers[1].date == LocalDate("2026-02-01"))
    #expect(dataset.trackers[2].emoji == nil)
    let (text, written) = try encodeCSV(dataset, options: ["to-shape": "trackers"])
    #expect(text == table)
    #expect(found(written.diagnostics).map(\.code) == ["formula-cells"])
    let (again, _) = try decodeCSV(text)
    #expect(again == dataset)
  }

  @Test func locatorMapsValidatorPointersToCells() throws {
    let long = String(repeating: "x", count: 40)
    let (dataset, context) = try decodeCSV("emoji,name,schedule\n🙂,Read,mon\n🐶,\"\(long)\",tue\n")
    let findings = Validator().validate(dataset).located(by: context.sourceLocator, file: context.fileName)
    let tooLong = try #require(findings.first { $0.code == "name-too-long" })
    #expect(tooLong.location.pointer == "/trackers/1/name")
    #expect(tooLong.location.file == "in.csv")
    #expect(tooLong.location.row == 3)
    #expect(tooLong.location.field == "name")
    #expect(tooLong.location.line == 3)
    #expect(tooLong.location.column == 3)
    // A missing color has no cell: the row stands for it.
    let missing = try #require(findings.first { $0.code == "color-missing" && $0.location.pointer?.hasPrefix("/trackers/1") == true })
    #expect(missing.location.row == 3 && missing.location.line == 3 && missing.location.column == 1)
  }
}
