import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel
@testable import LoopCodec

/// Which Loop colour a habit of each Tracker palette colour gets: the one a person would call by
/// the same name, not the nearest in RGB (which made pink, purple and peach habits Loop's light
/// grey, index 19).
@Suite struct LoopPaletteTests {
  /// Loop's 20 colours by the names its source gives them (`PaletteColor.kt:25-44`).
  static let loopNames = ["red", "deep orange", "orange", "amber", "yellow", "lime", "light green", "green", "teal",
                          "cyan", "light blue", "blue", "indigo", "deep purple", "purple", "pink", "brown",
                          "dark grey", "grey", "light grey"]

  /// For each Tracker colour, the Loop colours a person would name the same, chosen by looking at
  /// the two palettes side by side, not computed. Where a Tracker colour lies between two Loop
  /// hues (an orchid pink between Loop's purple and its raspberry pink; a peach between Loop's
  /// oranges and its golden "yellow" #F9A825), either is that name.
  static let sameName: [PaletteColor: Set<String>] = [
    .red: ["red"],                                   // #FD4C49
    .orange: ["orange", "amber"],                    // #FF881E
    .blue: ["blue", "light blue"],                   // #007BFA
    .lilac: ["deep purple", "purple"],               // #6E44FE
    .green: ["green", "light green"],                // #33CF69
    .pink: ["pink", "purple"],                       // #E66DD4, an orchid pink
    .salmon: ["pink", "red"],                        // #F9D4D4, a pale pink
    .brightBlue: ["light blue", "blue"],             // #34A7FE
    .lightGreen: ["green", "light green"],           // #46E69D, a mint green
    .deepBlue: ["indigo"],                           // #35347C
    .brightRed: ["red", "deep orange"],              // #FF674D, tomato
    .lightPink: ["pink"],                            // #FF99CC
    .lightOrange: ["orange", "amber", "yellow"],     // #F6C48B, peach
    .lightBlue: ["blue", "light blue"],              // #7994F5, cornflower
    .violet: ["deep purple", "purple"],              // #832CF1
    .lightViolet: ["purple", "deep purple"],         // #AD56DA
    .lightLilac: ["deep purple", "purple"],          // #8D72E6
    .brightGreen: ["green", "light green"],          // #2FD058
  ]

  @Test func everyTrackerColourGetsTheLoopColourOfTheSameName() {
    #expect(Self.sameName.count == PaletteColor.allCases.count)
    for color in PaletteColor.allCases {
      let index = LoopPalette.nearestIndex(toHex: color.rawValue)
      #expect(Self.sameName[color]?.contains(Self.loopNames[index]) == true,
              "\(color) \(color.rawValue) became Loop's \(Self.loopNames[index]) \(LoopPalette.colors[index])")
    }
  }

  @Test func theColoursOfTheIssueAreNoLongerLightGrey() {
    for hex in ["#E66DD4", "#FF99CC", "#8D72E6", "#F6C48B"] {
      #expect(LoopPalette.nearestIndex(toHex: hex) != 19, "\(hex)")
    }
    // Loop's own colours are their own index; a grey is still a grey.
    for (index, hex) in LoopPalette.colors.enumerated() { #expect(LoopPalette.nearestIndex(toHex: hex) == index) }
    #expect(LoopPalette.nearestIndex(toHex: "#B0B0B0") == 19)
  }

  @Test(.enabled(if: SQLite3.executable != nil, "sqlite3 is a test dependency (make deps)"))
  func aWrittenBackupStoresTheIndexOfTheSameName() throws {
    let habits = PaletteColor.allCases.enumerated().map { index, color in
      Tracker(id: "h\(index)", kind: .habit, name: "\(color)", categoryId: "c", emoji: "🙂", color: color.rawValue,
              schedule: Weekday.allCases)
    }
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "All")], trackers: habits)
    let folder = try TrackerTestSupport.temporaryFolder("loop-palette")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out.db").path
    try TrackerTestSupport.encode(LoopCodec(), dataset, toPath: out)
    let stored = try SQLite3.lines(out, "SELECT color FROM Habits ORDER BY position")
    #expect(stored.count == habits.count)
    for (color, index) in zip(PaletteColor.allCases, stored) {
      let name = Int(index).map { Self.loopNames[$0] } ?? "?"
      #expect(Self.sameName[color]?.contains(name) == true, "\(color) stored as \(index) (\(name))")
    }
  }
}
