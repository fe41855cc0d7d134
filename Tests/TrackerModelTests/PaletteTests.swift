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

  @Test func nearestColourIsExactForPaletteColoursAndFirstWinsTies() {
    for color in PaletteColor.allCases { #expect(PaletteColor.nearest(toHex: color.rawValue.lowercased()) == color) }
    #expect(PaletteColor.nearest(toHex: "#FF0000") == .brightRed, "pure red's hue (40°) is bright red's (38°), not red's (32°)")
    #expect(PaletteColor.nearest(toHex: "#C0C0C0") == .salmon, "a grey, in a palette without greys: the least coloured")
    #expect(PaletteColor.nearest(toHex: "red") == nil)
    #expect(RGBColor(-16742021).hex == "#00897B", "an ARGB integer keeps its RGB")
    #expect(RGBColor(0x000000).nearestIndex(among: [RGBColor(0x010101), RGBColor(0x010101)]) == 0)
    #expect(RGBColor(0).nearestIndex(among: []) == nil)
  }

  @Test func stableIdsAreUUIDShapedAndStable() {
    let id = StableID.uuid("tracker:Run")
    #expect(id == StableID.uuid("tracker:Run"))
    #expect(id != StableID.uuid("tracker:Walk"))
    #expect(id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
    #expect(Array(id)[14] == "8", "version 8")
    #expect(StableID.dashed("0123456789abcdef0123456789abcdef") == "01234567-89AB-CDEF-0123-456789ABCDEF")
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
