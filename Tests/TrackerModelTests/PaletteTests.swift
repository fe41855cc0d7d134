import Testing
import TrackerModel

@Suite struct PaletteTests {
  @Test func palettesHaveEighteenDistinctEntries() {
    #expect(PaletteColor.allCases.count == 18)
    #expect(Set(PaletteColor.allCases.map(\.rawValue)).count == 18)
    #expect(PaletteEmoji.allCases.count == 18)
    #expect(Set(PaletteEmoji.allCases.map(\.rawValue)).count == 18)
  }

  @Test func colourLookupIgnoresCase() {
    #expect(PaletteColor(hex: "#fd4c49") == .red)
    #expect(PaletteColor(hex: "#FD4C4A") == nil)
  }

  @Test func emojiVariantsRealAppsWroteAreRecognised() {
    #expect(PaletteEmoji(matching: "😉") == .slightlySmilingFace)
    #expect(PaletteEmoji(matching: "🏝\u{FE0F}") == .desertIsland)
    #expect(PaletteEmoji(matching: "❤") == .redHeart)
    #expect(PaletteEmoji(matching: "🚀") == nil)
  }

  @Test func planningFollowsTheSpecDefinitions() {
    let monday = LocalDate("2026-01-05")!
    let habit = Tracker(id: "h", kind: .habit, name: "Run", categoryId: "c", emoji: "🙂", color: "#FD4C49",
                        schedule: [.mon, .wed], createdOn: monday)
    #expect(habit.isPlanned(on: monday, firstCompletion: nil))
    #expect(!habit.isPlanned(on: monday.adding(days: 1), firstCompletion: nil))
    #expect(!habit.isPlanned(on: monday.adding(days: -7), firstCompletion: nil))

    let dated = Tracker(id: "e", kind: .event, name: "Doctor", categoryId: "c", emoji: "😇", color: "#FD4C49",
                        date: monday)
    #expect(dated.isPlanned(on: monday, firstCompletion: nil))
    #expect(!dated.isPlanned(on: monday.adding(days: 1), firstCompletion: monday.adding(days: 1)))

    let undated = Tracker(id: "u", kind: .event, name: "Call mum", categoryId: "c", emoji: "😇", color: "#FD4C49")
    #expect(undated.isPlanned(on: monday, firstCompletion: nil))
    #expect(undated.isPlanned(on: monday, firstCompletion: monday))
    #expect(!undated.isPlanned(on: monday.adding(days: 1), firstCompletion: monday))
  }
}

@Suite struct PaletteStableChoiceTests {
  @Test func theSameKeyGivesTheSamePairAndKeysSpreadOverThePalette() {
    #expect(PaletteEmoji.stableChoice(for: "Run 5 km") == PaletteEmoji.stableChoice(for: "Run 5 km"))
    let choices = (0..<200).map { PaletteEmoji.stableChoice(for: "habit \($0)") }
    #expect(Set(choices.map(\.emoji)).count >= 15)
    #expect(Set(choices.map(\.color)).count >= 15)
  }
}
