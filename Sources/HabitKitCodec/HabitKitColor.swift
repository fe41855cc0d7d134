import TrackerModel

/// HabitKit's colour names. The descriptions disagree (closed-apps.md §3): the readers' fixtures
/// and the Kotlin sample use Tailwind-like names (`red`, `indigo`, `amber`, `emerald`, `sky`),
/// a French write-up says Material names (`blue`, `deepOrange`) or hex. Every spelling is read:
/// a Tailwind name as its 500 shade, a name only Material has as Flutter's `Colors` primary,
/// `#RRGGBB`, `0xAARRGGBB` and a bare integer as that colour.
enum HabitKitColor {
  /// Tailwind's 500 shades, the spelling the fixtures show; what the writer picks from.
  static let tailwind: [(name: String, rgb: Int)] = [
    ("red", 0xEF4444), ("orange", 0xF97316), ("amber", 0xF59E0B), ("yellow", 0xEAB308), ("lime", 0x84CC16),
    ("green", 0x22C55E), ("emerald", 0x10B981), ("teal", 0x14B8A6), ("cyan", 0x06B6D4), ("sky", 0x0EA5E9),
    ("blue", 0x3B82F6), ("indigo", 0x6366F1), ("violet", 0x8B5CF6), ("purple", 0xA855F7), ("fuchsia", 0xD946EF),
    ("pink", 0xEC4899), ("rose", 0xF43F5E), ("slate", 0x64748B), ("gray", 0x6B7280), ("zinc", 0x71717A),
    ("neutral", 0x737373), ("stone", 0x78716C),
  ]

  /// Flutter's Material primaries whose names Tailwind has not (the French write-up's spelling).
  static let material: [(name: String, rgb: Int)] = [
    ("deepOrange", 0xFF5722), ("deepPurple", 0x673AB7), ("lightBlue", 0x03A9F4), ("lightGreen", 0x8BC34A),
    ("blueGrey", 0x607D8B), ("brown", 0x795548), ("grey", 0x9E9E9E), ("black", 0x000000), ("white", 0xFFFFFF),
  ]

  private static let byName: [String: Int] = Dictionary(
    (tailwind + material).map { ($0.name.lowercased(), $0.rgb) }, uniquingKeysWith: { first, _ in first })

  private static let writable = PaletteMatcher(tailwind.map { RGBColor($0.rgb) })

  /// The colour a HabitKit `color` value names, or `nil` for one no description has.
  static func rgb(_ value: JSONValue) -> RGBColor? {
    switch value {
    case .string(let text):
      if let known = byName[text.lowercased()] { return RGBColor(known) }
      if let hex = RGBColor(hex: text) { return hex }
      if text.hasPrefix("0x") || text.hasPrefix("0X"), let n = Int(text.dropFirst(2), radix: 16) { return RGBColor(n & 0xFFFFFF) }
      return nil
    case .number(let digits):
      guard let n = Int(digits), n >= 0 else { return nil }
      return RGBColor(n & 0xFFFFFF)
    default: return nil
    }
  }

  /// The Tailwind name nearest to the model colour `hex` (`blue` when it is no colour).
  static func name(forHex hex: String?) -> String {
    guard let hex, let rgb = RGBColor(hex: hex), let index = writable.nearestIndex(to: rgb) else { return "blue" }
    return tailwind[index].name
  }
}
