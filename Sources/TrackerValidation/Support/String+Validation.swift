extension String {
  /// The string without leading and trailing whitespace (`Character.isWhitespace`, which
  /// covers Unicode spaces and newlines), computed without Foundation.
  var trimmedForValidation: Substring {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
          let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return self[first...last]
  }

  /// Whether the string is empty or only whitespace.
  var isBlank: Bool { allSatisfy(\.isWhitespace) }

  /// Whether the string is exactly `#RRGGBB` (hex digits in either case).
  var isHexColor: Bool {
    let bytes = utf8
    guard bytes.count == 7, bytes.first == UInt8(ascii: "#") else { return false }
    return bytes.dropFirst().allSatisfy { b in
      (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }
  }

  /// Whether the string is exactly one emoji (see ``Character/isSingleEmoji``).
  var isSingleEmoji: Bool {
    guard count == 1, let character = first else { return false }
    return character.isSingleEmoji
  }
}

extension Character {
  /// Whether this one grapheme cluster is an emoji as a picker would insert it.
  ///
  /// Its first scalar must have the Unicode `Emoji` property, and then one of: some scalar has
  /// emoji presentation (🙂, flags, skin tones, most ZWJ sequences); it carries VS16 (U+FE0F)
  /// or a keycap (U+20E3), as in ❤️ or 1️⃣; or its first scalar lies beyond Latin-1, as 🏝
  /// (U+1F3DD) and ❤ (U+2764) do when written without VS16 — real apps store both forms.
  /// ASCII digits, `#` and `*` have the `Emoji` property too but alone are not emoji, and
  /// neither are © and ® without VS16.
  var isSingleEmoji: Bool {
    let scalars = unicodeScalars
    guard let first = scalars.first, first.properties.isEmoji else { return false }
    if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return true }
    if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
    return first.value > 0xFF
  }
}
