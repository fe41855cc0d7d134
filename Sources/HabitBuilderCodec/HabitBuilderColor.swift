import TrackerModel

/// Habit Builder's six habit colours, by the enum names its backup writes (`Habit.Color` in
/// `core-database/…/entity/Habit.kt`; `CSVHandler.importHabitList` reads them with `valueOf`,
/// so a name is matched exactly, case and all).
///
/// Each is drawn in the colour of the app's light theme (`core-ui/…/theme/ColorPalette.kt`,
/// `AppPalette.light_Habit*`, which `Theme.kt`'s light scheme uses); the model's colour is the
/// palette colour nearest to it (``PaletteMatcher``), and writing maps those six back exactly.
enum HabitBuilderColor: String, CaseIterable, Sendable {
  case red = "Red"
  case green = "Green"
  case blue = "Blue"
  case yellow = "Yellow"
  case cyan = "Cyan"
  case pink = "Pink"

  /// The colour the light theme draws the habit in.
  var rgb: RGBColor {
    switch self {
    case .red: RGBColor(0xA14000)
    case .green: RGBColor(0x006D3C)
    case .blue: RGBColor(0x006495)
    case .yellow: RGBColor(0x7C5800)
    case .cyan: RGBColor(0x006A60)
    case .pink: RGBColor(0xB1008C)
    }
  }

  /// The colour of a habit added without choosing one (`Habit.DEFAULT_COLOR` in
  /// `core-model/…/model/Habit.kt`), written for a tracker that has none.
  static let appDefault = HabitBuilderColor.yellow

  /// The model's `#RRGGBB` for this colour: the palette colour nearest to ``rgb``.
  var modelColor: String { Self.modelColors[self] ?? rgb.hex }

  private static let modelColors: [HabitBuilderColor: String] = Dictionary(uniqueKeysWithValues: allCases.map {
    ($0, PaletteColor.nearest(toHex: $0.rgb.hex)?.rawValue ?? $0.rgb.hex)
  })

  /// The app's colours, converted once, in ``allCases`` order.
  private static let matcher = PaletteMatcher(allCases.map(\.rgb))

  /// What to write for the model colour `hex`: the app colour whose ``modelColor`` it is
  /// (so reading and writing give each other back), else the app colour nearest to it;
  /// ``appDefault`` for no colour or one that is not `#RRGGBB`.
  static func written(for hex: String?) -> HabitBuilderColor {
    guard let hex, let rgb = RGBColor(hex: hex) else { return appDefault }
    if let exact = allCases.first(where: { RGBColor(hex: $0.modelColor) == rgb }) { return exact }
    return matcher.nearestIndex(to: rgb).map { allCases[$0] } ?? appDefault
  }
}
