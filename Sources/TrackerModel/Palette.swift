/// The 18 card colours of the app's colour picker, in grid order (`docs/tracker-apps.md` §1.2).
///
/// Raw values are the canonical `#RRGGBB` form, upper-case.
public enum PaletteColor: String, CaseIterable, Hashable, Sendable {
  /// The picker's colour 1 of 18 (row 1, column 1).
  case red = "#FD4C49"
  /// The picker's colour 2 of 18 (row 1, column 2).
  case orange = "#FF881E"
  /// The picker's colour 3 of 18 (row 1, column 3).
  case blue = "#007BFA"
  /// The picker's colour 4 of 18 (row 1, column 4).
  case lilac = "#6E44FE"
  /// The picker's colour 5 of 18 (row 1, column 5).
  case green = "#33CF69"
  /// The picker's colour 6 of 18 (row 1, column 6).
  case pink = "#E66DD4"
  /// The picker's colour 7 of 18 (row 2, column 1).
  case salmon = "#F9D4D4"
  /// The picker's colour 8 of 18 (row 2, column 2).
  case brightBlue = "#34A7FE"
  /// The picker's colour 9 of 18 (row 2, column 3).
  case lightGreen = "#46E69D"
  /// The picker's colour 10 of 18 (row 2, column 4).
  case deepBlue = "#35347C"
  /// The picker's colour 11 of 18 (row 2, column 5).
  case brightRed = "#FF674D"
  /// The picker's colour 12 of 18 (row 2, column 6).
  case lightPink = "#FF99CC"
  /// The picker's colour 13 of 18 (row 3, column 1).
  case lightOrange = "#F6C48B"
  /// The picker's colour 14 of 18 (row 3, column 2).
  case lightBlue = "#7994F5"
  /// The picker's colour 15 of 18 (row 3, column 3).
  case violet = "#832CF1"
  /// The picker's colour 16 of 18 (row 3, column 4).
  case lightViolet = "#AD56DA"
  /// The picker's colour 17 of 18 (row 3, column 5).
  case lightLilac = "#8D72E6"
  /// The picker's colour 18 of 18 (row 3, column 6).
  case brightGreen = "#2FD058"

  /// The palette colour with this hex value; case-insensitive (`#fd4c49` is `.red`).
  public init?(hex: String) {
    self.init(rawValue: hex.uppercased())
  }
}

/// The 18 emoji of the app's emoji picker, in grid order (`docs/tracker-apps.md` §1.1).
public enum PaletteEmoji: String, CaseIterable, Hashable, Sendable {
  /// The picker's emoji 1 of 18 (row 1, column 1).
  case slightlySmilingFace = "🙂"
  /// The picker's emoji 2 of 18 (row 1, column 2).
  case smilingCatWithHeartEyes = "😻"
  /// The picker's emoji 3 of 18 (row 1, column 3).
  case hibiscus = "🌺"
  /// The picker's emoji 4 of 18 (row 1, column 4).
  case dogFace = "🐶"
  /// The picker's emoji 5 of 18 (row 1, column 5).
  case redHeart = "❤️"
  /// The picker's emoji 6 of 18 (row 1, column 6).
  case faceScreamingInFear = "😱"
  /// The picker's emoji 7 of 18 (row 2, column 1).
  case smilingFaceWithHalo = "😇"
  /// The picker's emoji 8 of 18 (row 2, column 2).
  case poutingFace = "😡"
  /// The picker's emoji 9 of 18 (row 2, column 3).
  case coldFace = "🥶"
  /// The picker's emoji 10 of 18 (row 2, column 4).
  case thinkingFace = "🤔"
  /// The picker's emoji 11 of 18 (row 2, column 5).
  case raisingHands = "🙌"
  /// The picker's emoji 12 of 18 (row 2, column 6).
  case hamburger = "🍔"
  /// The picker's emoji 13 of 18 (row 3, column 1).
  case broccoli = "🥦"
  /// The picker's emoji 14 of 18 (row 3, column 2).
  case pingPong = "🏓"
  /// The picker's emoji 15 of 18 (row 3, column 3).
  case firstPlaceMedal = "🥇"
  /// The picker's emoji 16 of 18 (row 3, column 4).
  case guitar = "🎸"
  /// The picker's emoji 17 of 18 (row 3, column 5).
  case desertIsland = "🏝"
  /// The picker's emoji 18 of 18 (row 3, column 6).
  case sleepyFace = "😪"

  /// The palette emoji this string stands for, accepting the variants real apps wrote:
  /// 😉 for 🙂 (one implementation's index 0), and 🏝 or ❤ with or without VS16 (U+FE0F).
  public init?(matching text: String) {
    var scalars = String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F })
    if scalars.count == 1, scalars.first?.value == 0x1F609 { scalars = "🙂".unicodeScalars }
    let plain = String(scalars)
    guard let match = PaletteEmoji.allCases.first(where: {
      String(String.UnicodeScalarView($0.rawValue.unicodeScalars.filter { $0.value != 0xFE0F })) == plain
    }) else { return nil }
    self = match
  }
}
