import TrackerModel

/// Loop's colour palettes: a database stores an index into one of them, a CSV export the hex.
enum LoopPalette {
  /// Loop 1.8 and later (database version 21 and later): 20 colours, index 0–19, as
  /// `PaletteColor.kt` writes them to CSV (`#aaaaaa` in lower case, exactly as Loop writes it).
  static let colors = [
    "#D32F2F", "#E64A19", "#F57C00", "#FF8F00", "#F9A825", "#AFB42B", "#7CB342", "#388E3C",
    "#00897B", "#00ACC1", "#039BE5", "#1976D2", "#303F9F", "#5E35B1", "#8E24AA", "#D81B60",
    "#5D4037", "#303030", "#757575", "#aaaaaa",
  ]

  /// Loop before 1.8 (database versions 14 to 20): 13 colours, every one also in ``colors``.
  static let legacyColors = [
    "#D32F2F", "#E64A19", "#F9A825", "#AFB42B", "#388E3C", "#00897B", "#00ACC1", "#039BE5",
    "#5E35B1", "#8E24AA", "#D81B60", "#303030", "#aaaaaa",
  ]

  /// The colour of a new Loop habit: index 8, teal.
  static let defaultIndex = 8

  /// The hex of a stored colour: before version 14 the column holds an ARGB integer, from 14 to
  /// 20 an index into ``legacyColors``, from 21 an index into ``colors``. `nil` for an index
  /// outside its palette.
  static func hex(stored value: Int, schemaVersion: Int) -> String? {
    if schemaVersion < 14 { return RGBColor(value).hex }
    let palette = schemaVersion < 21 ? legacyColors : colors
    return palette.indices.contains(value) ? palette[value].uppercased() : nil
  }

  /// The index in ``colors`` a person would name as `#RRGGBB` (``PaletteMatcher``: a pink
  /// habit is Loop's pink, not its light grey), or ``defaultIndex`` when `hex` is not one.
  static func nearestIndex(toHex hex: String?) -> Int {
    guard let hex, let color = RGBColor(hex: hex) else { return defaultIndex }
    return matcher.nearestIndex(to: color) ?? defaultIndex
  }

  /// ``colors``, converted once.
  static let matcher = PaletteMatcher(colors.compactMap { RGBColor(hex: $0) })

  /// The Tracker palette colour a Loop colour becomes on import (``PaletteMatcher``).
  static func trackerColor(forHex hex: String) -> String? {
    PaletteColor.nearest(toHex: hex)?.rawValue
  }
}
