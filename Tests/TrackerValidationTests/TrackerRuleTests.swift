import Testing
import TrackerModel
@testable import TrackerValidation

/// Rules about categories and trackers. Each failing case breaks one thing in the valid
/// fixture and expects exactly the findings of that rule from the whole standard validator.
@Suite struct TrackerRuleTests {
  typealias F = Finding

  @Test func duplicateIDsAreReportedFromTheSecondOccurrence() {
    var d = Fixture.valid
    d.categories.append(TrackerCategory(id: Fixture.home, title: "Спорт"))
    d.trackers.append(Tracker(id: Fixture.water, kind: .event, name: "Другое", categoryId: Fixture.home,
                              emoji: "🙂", color: "#FF881E"))
    d.tasks.append(PlanTask(id: Fixture.report, title: "Ещё", description: "Описание", color: "#007BFA",
                            position: 1))
    d.tasks.append(PlanTask(id: Fixture.report, title: "И ещё", description: "Описание", color: "#007BFA",
                            position: 2))
    #expect(Fixture.findings(d) == [
      F("/categories/2/id", "duplicate-id"), F("/trackers/3/id", "duplicate-id"),
      F("/tasks/1/id", "duplicate-id"), F("/tasks/2/id", "duplicate-id"),
    ])
  }

  @Test func duplicateIDNotePointsAtTheFirst() {
    var d = Fixture.valid
    d.categories.append(TrackerCategory(id: Fixture.health, title: "Спорт"))
    let diagnostics = Validator(rules: [DuplicateIDRule.self]).validate(d)
    #expect(diagnostics.map(\.note) == ["first used at /categories/1"])
  }

  @Test func sameIDInDifferentListsIsFine() {
    var d = Fixture.valid
    d.tasks[0].id = Fixture.water
    d.categories[0].id = Fixture.water
    for i in d.trackers.indices where d.trackers[i].categoryId == Fixture.home {
      d.trackers[i].categoryId = Fixture.water
    }
    #expect(Fixture.findings(d) == [])
  }

  @Test func blankNamesAreEmpty() {
    var d = Fixture.valid
    d.trackers[0].name = ""
    d.trackers[1].name = " \t\n"
    #expect(Fixture.findings(d) == [F("/trackers/0/name", "name-empty"), F("/trackers/1/name", "name-empty")])
    d.trackers[0].name = "x"
    d.trackers[1].name = " y "
    #expect(Fixture.findings(d) == [])
  }

  @Test func nameLongerThan38CharactersIsTooLong() {
    var d = Fixture.valid
    d.trackers[0].name = String(repeating: "я", count: 39)
    #expect(Fixture.findings(d) == [F("/trackers/0/name", "name-too-long")])
    // 38 characters, one of them an emoji with a skin tone (two scalars, one character).
    d.trackers[0].name = String(repeating: "я", count: 37) + "👍🏽"
    #expect(Fixture.findings(d) == [])
  }

  @Test func unknownCategoryIsReported() {
    var d = Fixture.valid
    d.trackers[1].categoryId = "00000000-0000-4000-8000-000000000000"
    #expect(Fixture.findings(d) == [F("/trackers/1/categoryId", "category-unknown")])
  }

  @Test func blankCategoryTitleIsEmpty() {
    var d = Fixture.valid
    d.categories[1].title = "  "
    #expect(Fixture.findings(d) == [F("/categories/1/title", "category-title-empty")])
  }

  @Test func categoryTitlesCompareExactlyAfterTrimming() {
    var d = Fixture.valid
    d.categories.append(TrackerCategory(id: "A0000000-0000-4000-8000-000000000001", title: " Здоровье "))
    d.categories.append(TrackerCategory(id: "A0000000-0000-4000-8000-000000000002", title: "Здоровье"))
    #expect(Fixture.findings(d) == [
      F("/categories/2/title", "category-title-duplicate"), F("/categories/3/title", "category-title-duplicate"),
    ])
    d.categories = Array(d.categories.prefix(2)) + [
      TrackerCategory(id: "A0000000-0000-4000-8000-000000000001", title: "здоровье"),
    ]
    #expect(Fixture.findings(d) == [])
  }

  @Test func habitNeedsASchedule() {
    var d = Fixture.valid
    d.trackers[0].schedule = nil
    d.records.removeAll { $0.trackerId == Fixture.water }
    #expect(Fixture.findings(d) == [F("/trackers/0/schedule", "schedule-empty")])
    d.trackers[0].schedule = []
    #expect(Fixture.findings(d) == [F("/trackers/0/schedule", "schedule-empty")])
    d.trackers[0].schedule = [.sun]
    #expect(Fixture.findings(d) == [])
  }

  @Test func eventWithAnyScheduleIsReported() {
    var d = Fixture.valid
    d.trackers[2].schedule = []
    #expect(Fixture.findings(d) == [F("/trackers/2/schedule", "schedule-on-event")])
    d.trackers[1].schedule = [.mon]
    #expect(Fixture.findings(d) == [
      F("/trackers/1/schedule", "schedule-on-event"), F("/trackers/2/schedule", "schedule-on-event"),
    ])
  }

  @Test func repeatedWeekdayIsReportedAtEachRepeat() {
    var d = Fixture.valid
    d.trackers[0].schedule = [.mon, .wed, .mon, .fri, .mon]
    #expect(Fixture.findings(d) == [
      F("/trackers/0/schedule/2", "schedule-duplicate-day"), F("/trackers/0/schedule/4", "schedule-duplicate-day"),
    ])
    d.trackers[0].schedule = Weekday.allCases
    #expect(Fixture.findings(d) == [])
  }

  @Test func missingOrEmptyEmoji() {
    var d = Fixture.valid
    d.trackers[0].emoji = nil
    d.trackers[1].emoji = ""
    #expect(Fixture.findings(d) == [F("/trackers/0/emoji", "emoji-missing"), F("/trackers/1/emoji", "emoji-missing")])
  }

  @Test(arguments: ["1", "#", "a", "🙂🙂", " 🙂", "©", "ab", "🙂 "])
  func notExactlyOneEmojiIsInvalid(_ emoji: String) {
    var d = Fixture.valid
    d.trackers[0].emoji = emoji
    #expect(Fixture.findings(d) == [F("/trackers/0/emoji", "emoji-invalid")])
  }

  /// Single emoji off the palette: valid, so only the palette warning.
  @Test(arguments: ["👍🏽", "👨‍👩‍👧", "🇷🇺", "1️⃣", "🎉", "☀️", "™"])
  func singleEmojiOffPaletteIsOnlyAWarning(_ emoji: String) {
    var d = Fixture.valid
    d.trackers[0].emoji = emoji
    #expect(Fixture.findings(d) == [F("/trackers/0/emoji", "emoji-off-palette")])
  }

  /// Palette emoji in the forms real apps stored.
  @Test(arguments: ["❤️", "❤", "🏝", "🏝\u{FE0F}", "😉", "😪"])
  func paletteEmojiVariantsPass(_ emoji: String) {
    var d = Fixture.valid
    d.trackers[0].emoji = emoji
    #expect(Fixture.findings(d) == [])
  }

  @Test func missingOrEmptyColor() {
    var d = Fixture.valid
    d.trackers[0].color = nil
    d.trackers[2].color = ""
    #expect(Fixture.findings(d) == [F("/trackers/0/color", "color-missing"), F("/trackers/2/color", "color-missing")])
  }

  @Test(arguments: ["#12345", "33CF69", "#33CF6", "#33CF69FF", "#GGGGGG", "red", "#fff", " #33CF69"])
  func colorNotRRGGBBIsInvalid(_ color: String) {
    var d = Fixture.valid
    d.trackers[0].color = color
    #expect(Fixture.findings(d) == [F("/trackers/0/color", "color-invalid")])
  }

  @Test func colorOffPaletteIsCaseInsensitive() {
    var d = Fixture.valid
    d.trackers[0].color = "#123ABC"
    d.trackers[1].color = "#ff881e"
    #expect(Fixture.findings(d) == [F("/trackers/0/color", "color-off-palette")])
  }

  @Test func sameNameInOneCategoryIsAWarning() {
    var d = Fixture.valid
    d.trackers[2].name = " Поливать растения"
    #expect(Fixture.findings(d) == [F("/trackers/2/name", "name-duplicate")])
    // The same name in another category is fine.
    d.trackers[2].categoryId = Fixture.health
    #expect(Fixture.findings(d) == [])
  }

  @Test(arguments: ["Закрепленные", " закреплённые ", "PINNED", "Pinned"])
  func pinnedGroupTitleIsReserved(_ title: String) {
    var d = Fixture.valid
    d.categories[1].title = title
    #expect(Fixture.findings(d) == [F("/categories/1/title", "category-reserved")])
  }

  @Test func titlesMerelyContainingPinnedAreFine() {
    var d = Fixture.valid
    d.categories[1].title = "Pinned habits"
    #expect(Fixture.findings(d) == [])
  }
}
