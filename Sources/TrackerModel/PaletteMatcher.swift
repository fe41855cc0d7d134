/// The one way TrackerPort maps a colour to a palette (a Loop palette index, a Table Habit
/// built-in colour, a Tracker palette colour, a CSS colour name): the palette colour a person
/// would call by the same name, by perceived difference rather than distance in RGB.
///
/// Two steps, as people name colours:
/// 1. Grey or coloured first: a colour with chroma C\*ab of at least ``chromaticThreshold`` is
///    matched among the palette's coloured entries, a greyer one among its greys (when the
///    palette has entries of that kind; else among all). So a pale pink is never a light grey
///    only because both are light.
/// 2. Then the smallest CIEDE2000 difference with lightness weighted half (`kL = 2`, the CIE's
///    setting for textiles): apps' palettes differ mostly in how light they are (Loop's are
///    dark Material shades, the Tracker app's include pastels), and a lighter or darker shade
///    of a hue still has that hue's name. The first entry wins a tie.
///
/// The palette's CIELAB values are computed once, when the matcher is made.
public struct PaletteMatcher: Sendable {
  /// The palette, in the order indices refer to.
  public let colors: [RGBColor]
  private let lab: [CIELABColor]

  /// The chroma C\*ab from which a colour counts as coloured rather than grey: about where a
  /// tint is plainly seen on a screen (`#F9D4D4`, a pale pink, has 13.8; `#AAAAAA` has 0).
  public static let chromaticThreshold = 8.0

  /// The weights of the difference used: lightness counts half.
  public static let weights = CIELABColor.DifferenceWeights(lightness: 2)

  /// A matcher for this palette (which may be empty: then nothing matches).
  public init(_ colors: [RGBColor]) {
    self.colors = colors
    lab = colors.map(CIELABColor.init)
  }

  /// The index of the palette entry a person would name as `color`, or `nil` for an empty
  /// palette. An exact entry is always its own match.
  public func nearestIndex(to color: RGBColor) -> Int? {
    guard !colors.isEmpty else { return nil }
    if let exact = colors.firstIndex(of: color) { return exact }
    let target = CIELABColor(color)
    let chromatic = target.chroma >= Self.chromaticThreshold
    var candidates = lab.indices.filter { (lab[$0].chroma >= Self.chromaticThreshold) == chromatic }
    if candidates.isEmpty { candidates = Array(lab.indices) }
    var best = candidates[0]
    var bestDifference = target.difference(to: lab[best], weights: Self.weights)
    for index in candidates.dropFirst() {
      let difference = target.difference(to: lab[index], weights: Self.weights)
      if difference < bestDifference { (best, bestDifference) = (index, difference) }
    }
    return best
  }
}
