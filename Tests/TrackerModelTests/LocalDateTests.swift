import Testing
@testable import TrackerModel

@Suite struct LocalDateTests {
  @Test func parsesAndPrintsCanonicalDays() throws {
    let day = try #require(LocalDate("2026-01-05"))
    #expect(day.components == (2026, 1, 5))
    #expect(day.description == "2026-01-05")
    #expect(day.weekday == .mon)
  }

  @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-05", "26-01-05", "2026-01-05 ", "２０２６-01-05", "0000-01-01"])
  func refusesImpossibleOrMalformedDays(_ text: String) {
    #expect(LocalDate(text) == nil)
  }

  @Test func checkedDayNumbersAreTheDaysYYYYMMDDCanWrite() {
    #expect(LocalDate(checkedDayNumber: LocalDate.dayNumbers.lowerBound)?.description == "0001-01-01")
    #expect(LocalDate(checkedDayNumber: LocalDate.dayNumbers.upperBound)?.description == "9999-12-31")
    #expect(LocalDate(checkedDayNumber: LocalDate.dayNumbers.lowerBound - 1) == nil)
    #expect(LocalDate(checkedDayNumber: LocalDate.dayNumbers.upperBound + 1) == nil)
    #expect(LocalDate(checkedDayNumber: 0) == LocalDate("1970-01-01"))
  }

  @Test func leapDaysExist() {
    #expect(LocalDate("2024-02-29") != nil)
    #expect(LocalDate("2000-02-29") != nil)
    #expect(LocalDate("1900-02-29") == nil)
  }

  @Test func dayNumbersRoundTripAcrossFourCenturies() {
    // Every day from 1900 to 2300 parses back to itself and follows the previous one.
    var previous = LocalDate(year: 1899, month: 12, day: 31)!
    for year in 1900...2300 {
      for month in 1...12 {
        for day in 1...LocalDate.daysIn(month: month, year: year) {
          let date = LocalDate(year: year, month: month, day: day)!
          #expect(date.dayNumber == previous.dayNumber + 1)
          previous = date
        }
      }
    }
    #expect(LocalDate(dayNumber: 0).description == "1970-01-01")
    #expect(LocalDate(dayNumber: 0).weekday == .thu)
  }

  @Test func weekdaysAreMondayFirst() {
    #expect(Weekday.allCases.map(\.rawValue) == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    #expect(LocalDate("2026-11-22")!.weekday == .sun)
    #expect(LocalDate("1969-12-29")!.weekday == .mon)
  }

  @Test func dateTimesParseToTheMinute() throws {
    let t = try #require(LocalDateTime("2026-11-23T09:05"))
    #expect(t.hour == 9 && t.minute == 5)
    #expect(t.description == "2026-11-23T09:05")
    #expect(LocalDateTime("2026-11-23T24:00") == nil)
    #expect(LocalDateTime("2026-11-23 09:05") == nil)
    #expect(LocalDateTime("2026-11-23T10:30")! > t)
  }
}

@Suite struct DaySetTests {
  @Test func sortsAndCollapsesRepeats() {
    let days = DaySet(dayNumbers: [5, 3, 5, 9, 3])
    #expect(days.count == 3)
    #expect(days.map(\.dayNumber) == [3, 5, 9])
    #expect(days.first?.dayNumber == 3 && days.last?.dayNumber == 9)
    #expect(days.contains(LocalDate(dayNumber: 5)))
    #expect(!days.contains(LocalDate(dayNumber: 4)))
    #expect(days.count(in: LocalDate(dayNumber: 4)...LocalDate(dayNumber: 9)) == 2)
    #expect(DaySet(dayNumbers: []).isEmpty)
  }

  @Test func indexCountsRecordsAndDistinctDays() {
    let day = LocalDate("2026-01-05")!
    let dataset = TrackerDataset(
      trackers: [Tracker(id: "a", kind: .habit, name: "A", categoryId: "c", emoji: nil, color: nil, schedule: [.mon])],
      records: [TrackerRecord(trackerId: "a", date: day.adding(days: 7)), TrackerRecord(trackerId: "a", date: day),
                TrackerRecord(trackerId: "a", date: day), TrackerRecord(trackerId: "ghost", date: day)])
    let index = DatasetIndex(dataset)
    #expect(index.recordCounts == [3])
    #expect(index.completedDays[0].count == 2)
    #expect(index.firstCompletion[0] == day)
    #expect(index.recordTracker == [0, 0, 0, -1])
  }
}
