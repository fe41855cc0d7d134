import TrackerModel

/// Table Habit's ten built-in colours `cc1`...`cc10` (`lib/models/habit_color_type.dart:25-36`),
/// as its Loop importer lists their ARGB values (`lib/models/loop_import.dart:381-392`).
enum TableHabitPalette {
  /// `0xRRGGBB` of `cc1`...`cc10`, index 0 for `cc1`.
  static let colors: [RGBColor] = [0x6750A4, 0xF44336, 0x9C27B0, 0x3F51B5, 0x009688, 0x4CAF50, 0xFFC107,
                                   0xFF9800, 0x8BC34A, 0x673AB7].map(RGBColor.init)

  /// ``colors``, converted once.
  static let matcher = PaletteMatcher(colors)

  /// The model's colour of a habit or group: the nearest palette colour to `custom_color`
  /// (ARGB) when there is one, else to the built-in colour `color` (1...10); `nil` when neither
  /// says a colour.
  static func modelColor(code: Int?, custom: Int?) -> String? {
    let rgb: RGBColor
    if let custom {
      rgb = RGBColor(custom)
    } else if let code, (1...colors.count).contains(code) {
      rgb = colors[code - 1]
    } else {
      return nil
    }
    return PaletteColor.nearest(toHex: rgb.hex)?.rawValue
  }

  /// What to write for the model colour `hex`: the built-in code when it is exactly one,
  /// else the nearest built-in code and the colour as an opaque ARGB `custom_color`; `cc1`
  /// (Table Habit's default) for no colour or one that is not `#RRGGBB`.
  static func written(_ hex: String?) -> (code: Int, custom: Int?) {
    guard let hex, let rgb = RGBColor(hex: hex) else { return (1, nil) }
    if let exact = colors.firstIndex(of: rgb) { return (exact + 1, nil) }
    let nearest = (matcher.nearestIndex(to: rgb) ?? 0) + 1
    return (nearest, 0xFF00_0000 | rgb.value)
  }
}
