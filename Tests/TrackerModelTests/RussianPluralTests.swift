import Testing
import TrackerModel

@Suite struct RussianPluralTests {
  @Test(arguments: [
    (0, "0 дней"), (1, "1 день"), (2, "2 дня"), (4, "4 дня"), (5, "5 дней"), (11, "11 дней"),
    (12, "12 дней"), (14, "14 дней"), (21, "21 день"), (22, "22 дня"), (25, "25 дней"),
    (101, "101 день"), (111, "111 дней"), (112, "112 дней"), (1_000_001, "1000001 день"),
  ])
  func russianDayCounter(_ count: Int, _ text: String) {
    #expect(AgendaLocale.ru.dayCount(count) == text)
  }

  @Test(arguments: [(0, "0 days"), (1, "1 day"), (2, "2 days"), (21, "21 days"), (111, "111 days")])
  func englishDayCounter(_ count: Int, _ text: String) {
    #expect(AgendaLocale.en.dayCount(count) == text)
  }

  @Test func categoriesFollowTheCLDRRule() {
    #expect(RussianPlural(1) == .one)
    #expect(RussianPlural(3) == .few)
    #expect(RussianPlural(13) == .many)
    #expect(RussianPlural(-21) == .one)
    #expect(RussianPlural(104).choose(one: "a", few: "b", many: "c") == "b")
  }
}
