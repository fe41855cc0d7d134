import TrackerModel

/// The app's palettes as plain strings, for ``CSVStableID/palette(for:)``.
enum PaletteChoice {
  static let emoji: [String] = PaletteEmoji.allCases.map(\.rawValue)
  static let colors: [String] = PaletteColor.allCases.map(\.rawValue)
}
