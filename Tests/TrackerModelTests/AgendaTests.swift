import Testing
import TrackerModel

@Suite struct AgendaTests {
  static let monday = day("2026-01-05")
  static let today = day("2026-01-07")

  /// Two categories; the trackers' order deliberately differs from the categories' order.
  static let dataset = TrackerDataset(
    categories: [TrackerCategory(id: "c1", title: "Домашний уют"), TrackerCategory(id: "c2", title: "Радостные мелочи")],
    trackers: [
      habit("t1", everyDay, name: "Поливать растения", category: "c1"),
      habit("t2", [.mon, .tue, .wed, .thu, .fri], name: "Кошка заслонила камеру", category: "c2"),
      habit("t3", everyDay, name: "Ёлка", category: "c2", pinned: true),
      event("t4", on: "2026-01-05", name: "Café", category: "c1"),
      habit("t5", everyDay, name: "Бабушка прислала открытку", category: "ghost"),
      habit("t6", [.sun], name: "Спорт", category: "c1"),
      habit("t7", everyDay, name: "Медитация", category: "c1", pinned: true),
    ],
    records: records([
      ("t1", "2026-01-04"), ("t1", "2026-01-05"), ("t3", "2026-01-01"), ("t3", "2026-01-02"),
      ("t4", "2026-01-05"), ("t2", "2026-01-07"), ("t6", "2026-01-04"),
    ]))

  static func shape(_ agenda: Agenda) -> [String] {
    agenda.groups.map { "\($0.title): " + $0.trackers.map(\.id).joined(separator: " ") }
  }

  @Test func groupsPinnedFirstThenCategoriesThenUnknownCategories() {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, today: Self.today)
    // t6 is planned on Sundays only. Pinned cards keep their categories' order (t7 of c1 first).
    #expect(Self.shape(agenda) == [
      "Закрепленные: t7 t3", "Домашний уют: t1 t4", "Радостные мелочи: t2", "ghost: t5",
    ])
    #expect(agenda.groups.map(\.pinned) == [true, false, false, false])
    #expect(agenda.groups.map(\.categoryId) == [nil, "c1", "c2", "ghost"])
    #expect(agenda.plannedCount == 6)
    #expect(agenda.placeholder == nil)
  }

  @Test func cardsCarryDoneAndTheAllTimeCounter() throws {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, today: Self.today, locale: .en)
    #expect(agenda.groups.first?.title == "Pinned")
    let cards = agenda.groups.flatMap(\.trackers)
    let t1 = try #require(cards.first { $0.id == "t1" })
    #expect(t1 == AgendaItem(id: "t1", name: "Поливать растения", emoji: "🌺", color: "#33CF69", done: true, completedDays: 2))
    #expect(t1.completedDaysText(.ru) == "2 дня")
    let t3 = try #require(cards.first { $0.id == "t3" })
    #expect(!t3.done)
    #expect(t3.completedDaysText(.en) == "2 days")
    let t2 = try #require(cards.first { $0.id == "t2" })
    #expect(t2.completedDays == 1 && !t2.done)  // its record is on Wednesday
  }

  @Test func noPinnedGroupWhenNothingPinnedIsShown() {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, filter: .completed, today: Self.today)
    #expect(Self.shape(agenda) == ["Домашний уют: t1 t4"])
  }

  @Test func notCompletedShowsOnlyPlannedTrackers() {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, filter: .notCompleted, today: Self.today)
    // t6 has no record on Monday but is not planned then: it does not show.
    #expect(Self.shape(agenda) == ["Закрепленные: t7 t3", "Радостные мелочи: t2", "ghost: t5"])
  }

  @Test func todayFilterMovesTheDate() {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, filter: .today, today: Self.today)
    #expect(agenda.date == Self.today)
    // Wednesday: the dated event t4 is gone; t2 is done that day.
    #expect(Self.shape(agenda) == ["Закрепленные: t7 t3", "Домашний уют: t1", "Радостные мелочи: t2", "ghost: t5"])
    #expect(agenda.groups.flatMap(\.trackers).first { $0.id == "t2" }?.done == true)
    #expect(Agenda(dataset: Self.dataset, date: Self.monday, filter: .all, today: Self.today).date == Self.monday)
  }

  @Test(arguments: [
    ("елка", ["t3"]), ("ЁЛКА", ["t3"]), ("cafe", ["t4"]), ("CAFÉ", ["t4"]), ("а", ["t7", "t3", "t1", "t2", "t5"]),
    ("  ", ["t7", "t3", "t1", "t4", "t2", "t5"]), ("спорт", []),
  ])
  func searchIsCaseAndDiacriticInsensitive(_ query: String, _ ids: [String]) {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, search: query, today: Self.today)
    #expect(agenda.groups.flatMap(\.trackers).map(\.id) == ids)
  }

  @Test func searchAndFilterCombine() {
    let agenda = Agenda(dataset: Self.dataset, date: Self.monday, filter: .completed, search: "CAFE", today: Self.today)
    #expect(Self.shape(agenda) == ["Домашний уют: t4"])
  }

  @Test func placeholders() {
    // Nothing at all is planned in an empty dataset, nor when the only tracker is dated elsewhere.
    let empty = Agenda(dataset: TrackerDataset(), date: Self.monday, today: Self.today)
    #expect(empty.placeholder == .nothingPlanned)
    #expect(empty.groups.isEmpty && empty.plannedCount == 0)
    #expect(empty.placeholder?.text(.ru) == "Что будем отслеживать?")
    #expect(empty.placeholder?.text(.en) == "What shall we track?")

    let onlyEvent = TrackerDataset(trackers: [event("e", on: "2026-02-01")])
    #expect(Agenda(dataset: onlyEvent, date: Self.monday, today: Self.today).placeholder == .nothingPlanned)

    // Sunday 2026-01-11 plans five trackers, none of them done.
    let sunday = day("2026-01-11")
    let found = Agenda(dataset: Self.dataset, date: sunday, filter: .notCompleted, today: Self.today)
    #expect(found.placeholder == nil)
    let none = Agenda(dataset: Self.dataset, date: sunday, filter: .completed, today: Self.today)
    #expect(none.placeholder == .nothingFound)
    #expect(none.placeholder?.text(.ru) == "Ничего не найдено")
    #expect(none.placeholder?.text(.en) == "Nothing found")
    let searched = Agenda(dataset: Self.dataset, date: Self.monday, search: "йога", today: Self.today)
    #expect(searched.placeholder == .nothingFound)
    #expect(searched.plannedCount == 6)
  }

  @Test func anUndatedEventShowsUntilItsCompletionDay() {
    let dataset = TrackerDataset(trackers: [event("e", name: "Врач")], records: records([("e", "2026-01-06")]))
    func ids(_ date: String) -> [String] {
      Agenda(dataset: dataset, date: day(date), today: Self.today).groups.flatMap(\.trackers).map(\.id)
    }
    #expect(ids("2026-01-05") == ["e"])
    #expect(ids("2026-01-06") == ["e"])
    #expect(ids("2026-01-07") == [])
  }

  @Test func filterRawValuesAreTheCommandLineSpellings() {
    #expect(AgendaFilter.allCases.map(\.rawValue) == ["all", "today", "completed", "not-completed"])
    #expect(AgendaFilter(rawValue: "not-completed") == .notCompleted)
  }
}

/// The agenda of days with entries: skipped cards, amounts, archived trackers.
@Suite struct AgendaEntryTests {
  static let week = SkippedDayStatisticsTests.week

  static func cards(_ date: String, _ filter: AgendaFilter = .all) -> [AgendaItem] {
    Agenda(dataset: week, date: day(date), filter: filter, today: day("2026-01-11")).groups.flatMap(\.trackers)
  }

  @Test func aSkippedTrackerShowsMarkedSkipped() throws {
    let tuesday = Self.cards("2026-01-06")
    #expect(tuesday.map(\.id) == ["R", "M"])
    let run = try #require(tuesday.first)
    #expect(run.skipped && !run.done && run.amount == nil)
    #expect(!tuesday[1].skipped && tuesday[1].done)
    #expect(Agenda(dataset: Self.week, date: day("2026-01-10"), today: day("2026-01-11")).plannedCount == 1)
  }

  @Test func skippedShowsUnderNeitherCompletedNorNotCompleted() {
    #expect(Self.cards("2026-01-06", .completed).map(\.id) == ["M"])
    #expect(Self.cards("2026-01-06", .notCompleted).map(\.id) == [])
    let saturday = Agenda(dataset: Self.week, date: day("2026-01-10"), filter: .notCompleted, today: day("2026-01-11"))
    #expect(saturday.placeholder == .nothingFound)
  }

  @Test func cardsCarryTheDaysAmountFromTheRecordElseTheEntry() {
    let wednesday = Self.cards("2026-01-07")
    #expect(wednesday.map(\.id) == ["R", "M", "P"])
    #expect(wednesday[0] == AgendaItem(id: "R", name: "Бег", emoji: "🌺", color: "#33CF69", done: false,
                                       amount: 3, unit: "km", completedDays: 4))
    #expect(wednesday[1].amount == nil && wednesday[1].unit == nil)
    let thursday = Self.cards("2026-01-08")
    #expect(thursday[0].done && thursday[0].amount == 7.5)
    #expect(Self.cards("2026-01-08", .notCompleted).isEmpty)
  }

  @Test func anArchivedTrackerLeavesTheAgendaAfterItsLastMark() {
    #expect(Self.cards("2026-01-07").map(\.id).contains("P"))   // its note, an entry
    #expect(!Self.cards("2026-01-09").map(\.id).contains("P"))  // a Friday, after it
    #expect(!Self.cards("2026-01-12").map(\.id).contains("P"))
  }

  @Test func aDayBothSkippedAndDoneShowsDone() throws {
    var d = Self.week
    d.entries.append(TrackerEntry(trackerId: "M", date: day("2026-01-09"), skipped: true))
    let m = try #require(Agenda(dataset: d, date: day("2026-01-09"), today: day("2026-01-11"))
      .groups.flatMap(\.trackers).first { $0.id == "M" })
    #expect(m.done && !m.skipped)
  }
}
