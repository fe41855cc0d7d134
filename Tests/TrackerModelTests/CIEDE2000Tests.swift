import Testing
import TrackerModel

/// CIEDE2000 against the published test data, sRGB → CIELAB against known values, and the
/// palette matcher's two steps.
@Suite struct CIEDE2000Tests {
  /// Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
  /// supplementary test data, and mathematical observations", Color Research & Application 30
  /// (2005) 21–30, Table 1: L*, a*, b* of both colours and ΔE00, all 34 pairs (they include the
  /// hue wrap-around at 180°, the mean hue of nearly opposite hues, and colours near the grey axis,
  /// where implementations go wrong).
  static let table: [[Double]] = [
    [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
    [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
    [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
    [50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
    [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
    [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
    [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
    [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
    [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
    [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
    [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
    [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630],
    [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
    [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
    [22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373],
    [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
    [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
    [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
    [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
    [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
  ]

  /// ``table`` as colour pairs and their difference.
  static let sharmaPairs: [(CIELABColor, CIELABColor, Double)] = table.map {
    (CIELABColor(lightness: $0[0], a: $0[1], b: $0[2]), CIELABColor(lightness: $0[3], a: $0[4], b: $0[5]), $0[6])
  }

  @Test func everyPublishedPairGivesThePublishedDifferenceEitherWayRound() {
    #expect(Self.sharmaPairs.count == 34)
    for (index, (first, second, expected)) in Self.sharmaPairs.enumerated() {
      // The table gives four decimals.
      #expect(abs(first.difference(to: second) - expected) < 0.00005 + 1e-9, "pair \(index + 1)")
      #expect(abs(second.difference(to: first) - expected) < 0.00005 + 1e-9, "pair \(index + 1) reversed")
    }
  }

  @Test func aColourDoesNotDifferFromItselfAndWeightsScaleTheirTerm() {
    for (first, _, _) in Self.sharmaPairs { #expect(first.difference(to: first) == 0) }
    // Two colours differing only in lightness: kL = 2 halves the difference.
    let dark = CIELABColor(lightness: 40, a: 10, b: 10), light = CIELABColor(lightness: 60, a: 10, b: 10)
    let halved = dark.difference(to: light, weights: .init(lightness: 2))
    #expect(abs(halved * 2 - dark.difference(to: light)) < 1e-9)
  }

  @Test func sRGBConvertsWithTheD65WhitePoint() {
    func close(_ hex: String, _ l: Double, _ a: Double, _ b: Double) {
      let lab = CIELABColor(RGBColor(hex: hex)!)
      #expect(abs(lab.lightness - l) < 0.01 && abs(lab.a - a) < 0.01 && abs(lab.b - b) < 0.01,
              "\(hex): \(lab.lightness) \(lab.a) \(lab.b)")
    }
    close("#FFFFFF", 100, 0, 0)
    close("#000000", 0, 0, 0)
    // Values any sRGB (D65) → CIELAB converter gives.
    close("#FF0000", 53.24, 80.09, 67.20)
    close("#00FF00", 87.73, -86.18, 83.18)
    close("#0000FF", 32.30, 79.19, -107.86)
    close("#808080", 53.59, 0, 0)
    #expect(CIELABColor(RGBColor(0xAAAAAA)).chroma < 0.01)
  }

  @Test func theMatcherKeepsGreyAndColouredApartThenTakesTheSmallestDifference() {
    let palette = [RGBColor(0xAAAAAA), RGBColor(0xD81B60), RGBColor(0x1976D2)]  // Loop's light grey, pink, blue
    let matcher = PaletteMatcher(palette)
    // A pale pink is nearer light grey in RGB (and in plain CIEDE2000), but it is pink.
    #expect(RGBColor(0xF9D4D4).distance(to: palette[0]) < RGBColor(0xF9D4D4).distance(to: palette[1]))
    #expect(matcher.nearestIndex(to: RGBColor(0xF9D4D4)) == 1)
    #expect(matcher.nearestIndex(to: RGBColor(0xFF99CC)) == 1)
    #expect(matcher.nearestIndex(to: RGBColor(0xC0C0C0)) == 0, "a grey stays grey")
    #expect(matcher.nearestIndex(to: RGBColor(0x34A7FE)) == 2)
    for (index, color) in palette.enumerated() { #expect(matcher.nearestIndex(to: color) == index) }
    // A palette without greys still matches a grey; an empty one matches nothing; ties go first.
    #expect(PaletteMatcher([RGBColor(0xD81B60)]).nearestIndex(to: RGBColor(0x808080)) == 0)
    #expect(PaletteMatcher([]).nearestIndex(to: RGBColor(0)) == nil)
    #expect(PaletteMatcher([RGBColor(0x102030), RGBColor(0x102030)]).nearestIndex(to: RGBColor(0x405060)) == 0)
  }
}
