import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
import TrackerValidation
@testable import HabitBullCodec

/// `CalendarDate`: ISO, slashed dates month-first unless the file shows they are day-first,
/// dotted dates day-first, and `date-format`.
@Suite struct HabitBullDateTests {
  let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"

  func rows(_ dates: [String]) -> String {
    header + dates.map { "Run,,Sport,\($0),1,\n" }.joined()
  }

  func days(_ dates: [String], options: [String: String] = [:]) throws -> (days: [String], orders: [String]) {
    let (dataset, context) = try decodeHabitBull(rows(dates), options: options)
    let orders = context.diagnostics.filter { $0.code == "date-order" }
      .map { "\($0.location.row ?? 0):\($0.message.contains("day-first (d/M/yyyy)") ? "day-first" : "month-first")" }
    return (dataset.records.map(\.date.description), orders)
  }

  @Test func theFormatsReadByThemselves() {
    func day(_ text: String, _ order: HabitBullDate.Order = .monthFirst) -> String? {
      Array(text.utf8).withUnsafeBytes {
        if case .day(let date) = HabitBullDate.read($0, order: order, format: nil).0 { return date.description }
        return nil
      }
    }
    #expect(day("2016-03-18") == "2016-03-18")
    #expect(day("2016-3-8") == "2016-03-08")
    #expect(day("11/5/2020") == "2020-11-05")
    #expect(day("04/11/2019") == "2019-04-11")
    #expect(day("4/11/19") == "2019-04-11")
    #expect(day("04/11/2019", .dayFirst) == "2019-11-04")
    #expect(day("18.03.2016") == "2016-03-18")
    #expect(day("18.3.16", .monthFirst) == "2016-03-18")
    #expect(day("18/03/2016") == nil)
    #expect(day("18/03/2016", .dayFirst) == "2016-03-18")
    for bad in ["31/31/2016", "2016-02-30", "2016/03/18", "20160318", "2016-03-18T10:00", "", "1/2/2024/5",
                "11-5-2020", " 2016-03-18", "1/2/024", "18.03-2016", "30.02.2016"] {
      #expect(day(bad) == nil, "\(bad)")
      #expect(day(bad, .dayFirst) == nil, "\(bad)")
    }
  }

  @Test func slashedDatesAreMonthFirstLikeLoopOnAUSPhone() throws {
    let read = try days(["11/25/2016", "03/04/2016", "2016-05-06"])
    #expect(read.days == ["2016-11-25", "2016-03-04", "2016-05-06"])
    #expect(read.orders.isEmpty, "11/25/2016 proves the order: nothing to warn about")
  }

  @Test func onlyAmbiguousSlashedDatesAreReadMonthFirstWithAWarning() throws {
    let read = try days(["05/05/2016", "03/04/2016", "03/05/2016"])
    #expect(read.days == ["2016-05-05", "2016-03-04", "2016-03-05"])
    #expect(read.orders == ["3:month-first"], "at the first date that reads differently day-first")
    #expect(try days(["05/05/2016", "1/1/2017"]).orders.isEmpty, "the same day either way")
  }

  @Test func aDateOnlyDayFirstMakesTheWholeFileDayFirst() throws {
    let read = try days(["03/04/2016", "1/2/16", "18/03/2016", "2016-01-01"])
    #expect(read.days == ["2016-04-03", "2016-02-01", "2016-03-18", "2016-01-01"])
    #expect(read.orders == ["4:day-first"], "at the date that decided it")
  }

  @Test func bothOrdersInOneFileIsATypeErrorNamingTheOtherDate() throws {
    let monthThenDay = try #require(decodeFailure(rows(["11/25/2016", "18/03/2016"])))
    #expect(monthThenDay.message.hasSuffix("[type-error]"))
    #expect(monthThenDay.message.contains("\"18/03/2016\" is a day only read day-first, but \"11/25/2016\" (row 2)"))
    #expect(monthThenDay.location == SourceLocation(file: "in.csv", line: 3, column: 12, row: 3, field: "CalendarDate"))

    let dayThenMonth = try #require(decodeFailure(rows(["1/2/2016", "18/03/2016", "11/25/2016"])))
    #expect(dayThenMonth.message.contains("\"11/25/2016\" is a day only read month-first, but \"18/03/2016\" (row 3)"))
    #expect(dayThenMonth.location.row == 4 && dayThenMonth.location.field == "CalendarDate")
  }

  @Test func dottedDatesAreDayFirst() throws {
    let read = try days(["18.03.16", "1.2.2016", "03/04/2016"])
    #expect(read.days == ["2016-03-18", "2016-02-01", "2016-03-04"])
  }

  @Test func aGivenDateFormatDecidesAndISOIsStillRead() throws {
    let read = try days(["03/04/2016", "2016-05-06", "25/12/2016"], options: ["date-format": "DD/MM/YYYY"])
    #expect(read.days == ["2016-04-03", "2016-05-06", "2016-12-25"])
    #expect(read.orders.isEmpty)
    #expect(try days(["18-03-16"], options: ["date-format": "dd-mm-yy"]).days == ["2016-03-18"])

    do {
      _ = try decodeHabitBull(rows(["11/25/2016"]), options: ["date-format": "DD/MM/YYYY"])
      Issue.record("month-first date read day-first")
    } catch let error as CodecError {
      #expect(error.message.contains("\"11/25/2016\" is not a day written DD/MM/YYYY or yyyy-MM-dd"))
      #expect(error.location.row == 2 && error.location.field == "CalendarDate")
    }
    #expect(throws: CodecError.self) { try decodeHabitBull(rows(["2016-01-01"]), options: ["date-format": "DD/MM"]) }
    // The pattern wins over ISO where both read a cell; spaces are no more allowed than without one.
    #expect(try days(["2016-03-04", "2016-12-31"], options: ["date-format": "YYYY-DD-MM"]).days == ["2016-04-03", "2016-12-31"])
    #expect(throws: CodecError.self) { try decodeHabitBull(rows([" 03/04/2016"]), options: ["date-format": "DD/MM/YYYY"]) }
  }

  @Test func theHintsFitTwoDigitYears() throws {
    let (_, context) = try decodeHabitBull(rows(["03/04/24"]))
    let warning = try #require(context.diagnostics.first { $0.code == "date-order" })
    #expect(warning.message.contains("were read month-first (M/d/yy)"), "\(warning.message)")
    #expect(warning.note?.contains("--date-format DD/MM/YY") == true && warning.note?.contains("YYYY") == false)
    // Following the hint reads the file day-first.
    #expect(try days(["03/04/24"], options: ["date-format": "DD/MM/YY"]).days == ["2024-04-03"])

    let (_, dayFirst) = try decodeHabitBull(rows(["1/2/16", "18/03/16"]))
    let told = try #require(dayFirst.diagnostics.first { $0.code == "date-order" })
    #expect(told.message.contains("read day-first (d/M/yy)") && told.note?.contains("--date-format MM/DD/YY") == true)
  }

  @Test func aDayFirstFileIsReadTheSameAsWithItsDateFormat() throws {
    let dates = (1...40).map { "\($0 % 28 + 1)/\($0 % 12 + 1)/20\(10 + $0 % 9)" }
    let detected = try decodeHabitBull(rows(dates)).0
    let told = try decodeHabitBull(rows(dates), options: ["date-format": "DD/MM/YYYY"]).0
    #expect(detected.records == told.records)
    #expect(detected.records.count == 40)
  }
}

/// `encoding`: windows-1251 is transcoded, as for CSV tables.
@Suite struct HabitBullEncodingTests {
  @Test func windows1251IsReadWhenAsked() throws {
    // "Зарядка" (morning exercise) in windows-1251.
    let name: [UInt8] = [0xC7, 0xE0, 0xF0, 0xFF, 0xE4, 0xEA, 0xE0]
    let bytes = Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n".utf8)
      + name + Array(",,,2024-01-02,1,\n".utf8)
    let (dataset, _) = try decodeHabitBull(bytes, options: ["encoding": "windows-1251"])
    #expect(dataset.trackers.map(\.name) == ["Зарядка"])
    #expect(dataset.records.count == 1)

    // Without the option the bytes are not UTF-8: an error at the first of them.
    do {
      _ = try decodeHabitBull(bytes)
      Issue.record("windows-1251 bytes read as UTF-8")
    } catch let error as CodecError {
      #expect(error.message.hasSuffix("[encoding-error]"))
      #expect(error.location.line == 2 && error.location.column == 1)
    }
    #expect(throws: CodecError.self) { try decodeHabitBull(bytes, options: ["encoding": "koi8-r"]) }
  }

  @Test func progressCountsTheFilesBytesNotTheTranscodedOnes() throws {
    // 100,000 rows of Cyrillic names: several 64 KiB chunks, each a third longer in UTF-8.
    var bytes = Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n".utf8)
    for i in 0..<20_000 {
      bytes += [0xC7, 0xE0, 0xF0, 0xFF, 0xE4, 0xEA, 0xE0] + Array("\(i % 50),,,2024-01-02,1,\n".utf8)
    }
    let meter = ProgressMeter()
    meter.begin("reading", subject: "in.csv", totalBytes: bytes.count)
    var context = CodecContext(fileName: "in.csv", options: ["encoding": "windows-1251"])
    context.progress = meter
    _ = try HabitBullCodec().decode(CodecInput(.bytes(bytes, name: "in.csv")), context: &context)
    #expect(meter.snapshot().bytes == bytes.count)
    #expect(meter.snapshot().items == 20_001)
  }
}
