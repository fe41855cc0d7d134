/// A 24-bit RGB colour, for matching a source's colours to the nearest one of a palette (a
/// CSS name for a calendar, a Loop palette index, a Tracker palette colour).
public struct RGBColor: Hashable, Sendable {
  /// `0xRRGGBB`.
  public var value: Int

  /// The colour `0xRRGGBB`; bits above the low 24 (an ARGB alpha) are dropped.
  public init(_ value: Int) { self.value = value & 0xFF_FFFF }

  /// The colour written `#RRGGBB` (either case), or `nil` for any other text.
  public init?(hex: String) {
    guard hex.utf8.count == 7, hex.hasPrefix("#"), hex.dropFirst().allSatisfy(\.isHexDigit),
          let value = Int(hex.dropFirst(), radix: 16) else { return nil }
    self.value = value
  }

  /// `#RRGGBB`, upper-case.
  public var hex: String {
    let digits = String(value, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// The squared distance in RGB space: 0 for the same colour.
  public func distance(to other: RGBColor) -> Int {
    let dr = (value >> 16) - (other.value >> 16)
    let dg = ((value >> 8) & 0xFF) - ((other.value >> 8) & 0xFF)
    let db = (value & 0xFF) - (other.value & 0xFF)
    return dr * dr + dg * dg + db * db
  }

  /// The index of the candidate nearest to this colour (the first wins a tie), or `nil` when
  /// there are no candidates.
  public func nearestIndex(among candidates: [RGBColor]) -> Int? {
    guard !candidates.isEmpty else { return nil }
    var best = 0
    for index in candidates.indices where distance(to: candidates[index]) < distance(to: candidates[best]) {
      best = index
    }
    return best
  }
}

extension PaletteColor {
  /// The palette colour nearest to `#RRGGBB` (the first in grid order wins a tie), or `nil`
  /// when `hex` is not `#RRGGBB`.
  public static func nearest(toHex hex: String) -> PaletteColor? {
    guard let color = RGBColor(hex: hex) else { return nil }
    let palette = PaletteColor.allCases
    return color.nearestIndex(among: palette.compactMap { RGBColor(hex: $0.rawValue) }).map { palette[$0] }
  }
}
