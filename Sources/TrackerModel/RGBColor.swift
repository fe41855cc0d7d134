/// A 24-bit RGB colour, for matching a source's colours to the nearest one of a palette (a
/// CSS name for a calendar, a Loop palette index, a Tracker palette colour) through
/// ``PaletteMatcher``.
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

  /// The squared distance in RGB space: 0 for the same colour. Palette matching does not use
  /// it (equal RGB distances look very different: see ``PaletteMatcher``).
  public func distance(to other: RGBColor) -> Int {
    let dr = (value >> 16) - (other.value >> 16)
    let dg = ((value >> 8) & 0xFF) - ((other.value >> 8) & 0xFF)
    let db = (value & 0xFF) - (other.value & 0xFF)
    return dr * dr + dg * dg + db * db
  }

  /// The index of the candidate a person would name as this colour (``PaletteMatcher``; the
  /// first wins a tie), or `nil` when there are no candidates. For a palette matched often,
  /// keep a ``PaletteMatcher``, which converts the palette once.
  public func nearestIndex(among candidates: [RGBColor]) -> Int? {
    PaletteMatcher(candidates).nearestIndex(to: self)
  }
}

extension PaletteColor {
  /// The palette colour a person would name as `#RRGGBB` (``PaletteMatcher``; the first in
  /// grid order wins a tie), or `nil` when `hex` is not `#RRGGBB`.
  public static func nearest(toHex hex: String) -> PaletteColor? {
    guard let color = RGBColor(hex: hex) else { return nil }
    return matcher.nearestIndex(to: color).map { allCases[$0] }
  }

  /// The 18 colours, converted once.
  private static let matcher = PaletteMatcher(allCases.compactMap { RGBColor(hex: $0.rawValue) })
}
