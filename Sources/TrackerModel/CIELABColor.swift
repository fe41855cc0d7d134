#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour in CIELAB (CIE 1976 L\*a\*b\*), the space the CIEDE2000 colour difference is
/// defined in: an sRGB colour is converted with the sRGB primaries and the D65 white point
/// (IEC 61966-2-1), so `#FFFFFF` is L\* 100, a\* and b\* 0.
///
/// Only the C library's maths (`pow`, `atan2`, …) is imported, never Foundation: the model
/// module depends on nothing else.
public struct CIELABColor: Hashable, Sendable {
  /// Lightness L\*, 0 (black) to 100 (white).
  public var lightness: Double
  /// a\*: negative towards green, positive towards red.
  public var a: Double
  /// b\*: negative towards blue, positive towards yellow.
  public var b: Double

  /// The colour with these coordinates (the published test pairs are given this way).
  public init(lightness: Double, a: Double, b: Double) {
    self.lightness = lightness
    self.a = a
    self.b = b
  }

  /// The colour an sRGB colour is: gamma-expanded, to CIE XYZ by the sRGB matrix, then to
  /// L\*a\*b\* relative to D65 (Xn 0.95047, Yn 1, Zn 1.08883).
  public init(_ rgb: RGBColor) {
    func linear(_ channel: Int) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    let r = linear(rgb.value >> 16), g = linear((rgb.value >> 8) & 0xFF), b = linear(rgb.value & 0xFF)
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    // CIE's f(t): a cube root above (6/29)^3, a straight line below it.
    func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
    let (fx, fy, fz) = (f(x), f(y), f(z))
    self.init(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// Chroma C\*ab, the distance from the grey axis: 0 for a grey, about 70–110 for a saturated
  /// colour.
  public var chroma: Double { (a * a + b * b).squareRoot() }
}
