#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CIELABColor {
  /// The weights of the three terms of CIEDE2000 (`kL`, `kC`, `kH` in the standard): a
  /// difference in lightness, chroma or hue counts `1/k` as much. The reference conditions are
  /// all 1; the CIE's setting for textiles is lightness 2.
  public struct DifferenceWeights: Hashable, Sendable {
    /// `kL`.
    public var lightness: Double
    /// `kC`.
    public var chroma: Double
    /// `kH`.
    public var hue: Double

    /// Weights `kL`, `kC`, `kH`; each must be positive.
    public init(lightness: Double = 1, chroma: Double = 1, hue: Double = 1) {
      self.lightness = lightness
      self.chroma = chroma
      self.hue = hue
    }

    /// The reference conditions: `kL = kC = kH = 1`.
    public static let reference = DifferenceWeights()
  }

  /// The CIEDE2000 colour difference ΔE00 to `other` (CIE 142-2001, ISO/CIE 11664-6), as
  /// Sharma, Wu and Dalal (2005) set out its computation: 0 for the same colour, about 1 for a
  /// difference an observer just notices, symmetric in its two colours.
  ///
  /// Hue angles are taken in degrees in [0, 360); a colour without chroma has hue 0 and adds no
  /// hue difference, and the mean hue of a pair whose hues lie more than 180° apart is taken the
  /// short way round (the cases the published test pairs check).
  public func difference(to other: CIELABColor, weights: DifferenceWeights = .reference) -> Double {
    let pow25to7 = 6_103_515_625.0  // 25^7
    func seventh(_ x: Double) -> Double { let x2 = x * x; return x2 * x2 * x2 * x }
    func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }
    func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    // a' stretches a* near the grey axis, so that hues of low-chroma colours compare fairly.
    let meanChroma = (chroma + other.chroma) / 2
    let g = 0.5 * (1 - (seventh(meanChroma) / (seventh(meanChroma) + pow25to7)).squareRoot())
    let a1 = (1 + g) * a, a2 = (1 + g) * other.a
    let c1 = (a1 * a1 + b * b).squareRoot(), c2 = (a2 * a2 + other.b * other.b).squareRoot()
    func hue(_ b: Double, _ a: Double) -> Double {
      if b == 0 && a == 0 { return 0 }
      let angle = degrees(atan2(b, a))
      return angle < 0 ? angle + 360 : angle
    }
    let h1 = hue(b, a1), h2 = hue(other.b, a2)

    let deltaL = other.lightness - lightness
    let deltaC = c2 - c1
    let chromaProduct = c1 * c2
    var deltaHue = 0.0
    if chromaProduct != 0 {
      deltaHue = h2 - h1
      if deltaHue > 180 { deltaHue -= 360 } else if deltaHue < -180 { deltaHue += 360 }
    }
    let deltaH = 2 * chromaProduct.squareRoot() * sin(radians(deltaHue / 2))

    let meanL = (lightness + other.lightness) / 2
    let meanC = (c1 + c2) / 2
    var meanHue = h1 + h2
    if chromaProduct != 0 {
      if abs(h1 - h2) > 180 { meanHue += meanHue < 360 ? 360 : -360 }
      meanHue /= 2
    }
    let t = 1 - 0.17 * cos(radians(meanHue - 30)) + 0.24 * cos(radians(2 * meanHue))
      + 0.32 * cos(radians(3 * meanHue + 6)) - 0.20 * cos(radians(4 * meanHue - 63))
    let rotation = 30 * exp(-((meanHue - 275) / 25) * ((meanHue - 275) / 25))
    let rc = 2 * (seventh(meanC) / (seventh(meanC) + pow25to7)).squareRoot()
    let l50 = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sc = 1 + 0.045 * meanC
    let sh = 1 + 0.015 * meanC * t
    let rt = -sin(radians(2 * rotation)) * rc

    let lightnessTerm = deltaL / (weights.lightness * sl)
    let chromaTerm = deltaC / (weights.chroma * sc)
    let hueTerm = deltaH / (weights.hue * sh)
    let sum = lightnessTerm * lightnessTerm + chromaTerm * chromaTerm + hueTerm * hueTerm + rt * chromaTerm * hueTerm
    return max(0, sum).squareRoot()
  }
}
