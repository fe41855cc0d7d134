/// The 18 card colours of the app's colour picker, in grid order (`docs/tracker-apps.md` §1.2).
///
/// Raw values are the canonical `#RRGGBB` form, upper-case.
public enum PaletteColor: String, CaseIterable, Hashable, Sendable {
  case red = "#FD4C49"
  case orange = "#FF881E"
  case blue = "#007BFA"
  case lilac = "#6E44FE"
  case green = "#33CF69"
  case pink = "#E66DD4"
  case salmon = "#F9D4D4"
  case brightBlue = "#34A7FE"
  case lightGreen = "#46E69D"
  case deepBlue = "#35347C"
  case brightRed = "#FF674D"
  case lightPink = "#FF99CC"
  case lightOrange = "#F6C48B"
  case lightBlue = "#7994F5"
  case violet = "#832CF1"
  case lightViolet = "#AD56DA"
  case lightLilac = "#8D72E6"
  case brightGreen = "#2FD058"

  /// The palette colour with this hex value; case-insensitive (`#fd4c49` is `.red`).
  public init?(hex: String) {
    self.init(rawValue: hex.uppercased())
  }
}

/// The 18 emoji of the app's emoji picker, in grid order (`docs/tracker-apps.md` §1.1).
public enum PaletteEmoji: String, CaseIterable, Hashable, Sendable {
  case slightlySmilingFace = "🙂"
  case smilingCatWithHeartEyes = "😻"
  case hibiscus = "🌺"
  case dogFace = "🐶"
  case redHeart = "❤️"
  case faceScreamingInFear = "😱"
  case smilingFaceWithHalo = "😇"
  case poutingFace = "😡"
  case coldFace = "🥶"
  case thinkingFace = "🤔"
  case raisingHands = "🙌"
  case hamburger = "🍔"
  case broccoli = "🥦"
  case pingPong = "🏓"
  case firstPlaceMedal = "🥇"
  case guitar = "🎸"
  case desertIsland = "🏝"
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
