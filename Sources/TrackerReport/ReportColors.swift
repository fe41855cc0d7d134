import Foundation
import TrackerModel

/// Colours that keep a contrast of at least 3:1 (WCAG's minimum for graphics) against the
/// cards the grids sit on, in each theme: a tracker's own colour when it already does, else
/// the colour mixed towards black (light theme) or white (dark theme) until it does.
enum ReportColors {
  /// The cards' backgrounds, where the grids sit (`--card` of each theme).
  static let lightBackground = RGBColor(0xF6F8FA)
  static let darkBackground = RGBColor(0x151B23)
  /// For a tracker without a valid `#RRGGBB` colour, and for the combined heatmap.
  static let fallback = RGBColor(hex: PaletteColor.green.rawValue)!

  /// WCAG relative luminance.
  static func luminance(_ color: RGBColor) -> Double {
    func channel(_ c: Int) -> Double {
      let s = Double(c) / 255
      return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(color.value >> 16) + 0.7152 * channel((color.value >> 8) & 0xFF)
      + 0.0722 * channel(color.value & 0xFF)
  }

  /// WCAG contrast ratio, 1...21.
  static func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
    let (la, lb) = (luminance(a), luminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// `color` mixed a tenth at a time towards black or white (whichever the background is not
  /// near) until it stands 3:1 against `background`.
  static func readable(_ color: RGBColor, on background: RGBColor, minimum: Double = 3) -> RGBColor {
    let target = luminance(background) > 0.5 ? 0x000000 : 0xFFFFFF
    var mixed = color
    var step = 0
    while contrast(mixed, background) < minimum && step < 10 {
      step += 1
      mixed = mix(color, RGBColor(target), Double(step) / 10)
    }
    return mixed
  }

  static func mix(_ a: RGBColor, _ b: RGBColor, _ t: Double) -> RGBColor {
    func c(_ shift: Int) -> Int {
      let x = Double((a.value >> shift) & 0xFF), y = Double((b.value >> shift) & 0xFF)
      return Int((x + (y - x) * t).rounded()) << shift
    }
    return RGBColor(c(16) | c(8) | c(0))
  }
}
