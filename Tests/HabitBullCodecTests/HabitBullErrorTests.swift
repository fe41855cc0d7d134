import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
@testable import HabitBullCodec

/// Bad input: what fails, with file, row, field, line and column.
@Suite struct HabitBullErrorTests {
  let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"

  @Test func aDayInNoFormatLoopReadsIsATypeErrorAtItsCell() throws {
    let error = try #require(decodeFailure(header + "Run,,Sport,2024-01-02,1,\nRun,,Sport,31/31/2016,1,\n"))
    #expect(error.kind == .malformedInput)
    #expect(error.message.hasSuffix("[type-error]"))
    #expect(error.message.contains("31/31/2016"))
    #expect(error.location == SourceLocation(file: "in.csv", line: 3, column: 12, row: 3, field: "CalendarDate"))
  }

  @Test func aMissingColumnIsAMissingLabel() throws {
    let error = try #require(decodeFailure("HabitName,HabitDescription,HabitCategory,Value,CommentText\nRun,,,1,\n"))
    #expect(error.message.contains("CalendarDate") && error.message.hasSuffix("[missing-label]"))
    #expect(error.location.line == 1 && error.location.column == 1)
  }

  @Test func aShortRowIsAMissingCell() throws {
    let error = try #require(decodeFailure(header + "Run,,Sport,2024-01-02\n"))
    #expect(error.message.hasSuffix("[missing-cell]"))
    #expect(error.location.row == 2 && error.location.line == 2 && error.location.field == "Value")
  }

  @Test func anEmptyNameIsAMissingCell() throws {
    let error = try #require(decodeFailure(header + "Run,,,2024-01-02,1,\n,,,2024-01-03,1,\n"))
    #expect(error.message.hasSuffix("[missing-cell]"))
    #expect(error.location == SourceLocation(file: "in.csv", line: 3, column: 1, row: 3, field: "HabitName"))
  }

  @Test func anUnclosedQuoteComesFromTheSharedParser() throws {
    let error = try #require(decodeFailure(header + "Run,\"never closed,,2024-01-02,1,\n"))
    #expect(error.message.hasSuffix("[unclosed-quote]"))
    #expect(error.location.line == 2 && error.location.column == 5)
  }

  @Test func invalidUTF8IsAnEncodingError() throws {
    var bytes = Array((header + "Run,,").utf8)
    bytes += [0xFF] + Array(",2024-01-02,1,\n".utf8)
    #expect(throws: CodecError.self) { try decodeHabitBull(bytes) }
    do { _ = try decodeHabitBull(bytes) } catch let error as CodecError {
      #expect(error.message.hasSuffix("[encoding-error]"))
      #expect(error.location.line == 2 && error.location.column == 6)
    }
  }

  @Test func anEmptyFileIsRefused() throws {
    let error = try #require(decodeFailure(""))
    #expect(error.message.hasSuffix("[missing-label]"))
  }

  /// Extra cells are left out (as Loop leaves them), so they are an error: a conversion then
  /// writes nothing unless told to go on. A blank line loses nothing: a warning.
  @Test func extraCellsAreAnErrorAndBlankLinesAWarning() throws {
    let (dataset, context) = try decodeHabitBull(header + "Run,,,2024-01-02,1,felt good, very good\n\nRun,,,2024-01-03,1,\n")
    #expect(dataset.records.count == 2)
    let found = context.diagnostics.filter { ["extra-cell", "blank-row"].contains($0.code) }
      .map { "\($0.code)@\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.severity)" }
    #expect(found == ["extra-cell@2:30 error", "blank-row@3:1 warning"])
    #expect(context.diagnostics.first { $0.code == "extra-cell" }?.note?.contains("left out:  very good") == true)
  }

  @Test func aByteOrderMarkAndQuotedHeaderAreFine() throws {
    let text = "\u{FEFF}\"HabitName\",\"HabitDescription\",\"HabitCategory\",\"CalendarDate\",\"Value\",\"CommentText\"\r\nRun,,,1/2/24,1,\r\n"
    #expect(HabitBullCodec().sniff(Array(text.utf8)))
    let (dataset, _) = try decodeHabitBull(text)
    #expect(dataset.records.map(\.date) == [LocalDate("2024-01-02")])
  }

  @Test func valuesAsLoopsToIntReadsThem() {
    func value(_ text: String) -> Int32? { Array(text.utf8).withUnsafeBytes { HabitBullValue.parse($0) } }
    #expect(value("1") == 1 && value("+7") == 7 && value("-3") == -3 && value("2147483647") == .max)
    #expect(value("-2147483648") == .min)
    for bad in ["", "-", "2147483648", "-2150000000", "1.5", " 1", "x"] { #expect(value(bad) == nil, "\(bad)") }
  }
}
