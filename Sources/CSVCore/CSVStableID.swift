import TrackerModel

/// Ids and palette choices derived from text, so the same file always gives the same dataset.
///
/// The hash is FNV-1a (64-bit), run twice with different offset bases for 128 bits. It is not
/// cryptographic: it only has to be stable across runs and platforms, which `Hasher` is not.
package enum CSVStableID {
  /// A UUID-shaped id (version 8, "custom") from `key`: `category:Дом` always gives the same id.
  package static func uuid(_ key: String) -> String {
    let high = fnv1a(key, basis: 0xCBF2_9CE4_8422_2325)
    let low = fnv1a(key, basis: 0x6C62_272E_07BB_0142)
    // Version 8 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
    let h = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
    let l = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = CSVStableID.hex(h, 16) + CSVStableID.hex(l, 16)
    let chars = Array(hex)
    return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
      + String(chars[16..<20]) + "-" + String(chars[20..<32])
  }

  /// The id of the category titled `title`.
  package static func category(title: String) -> String { uuid("category:" + title) }

  /// The id of the `occurrence`-th (0-based) tracker named `name`: the first of a name gets the
  /// same id in a trackers table and in a log table.
  package static func tracker(name: String, occurrence: Int = 0) -> String {
    uuid("tracker:" + name + (occurrence == 0 ? "" : "#\(occurrence + 1)"))
  }

  /// A palette emoji and colour chosen from `name` (``PaletteEmoji/stableChoice(for:)``).
  package static func palette(for name: String) -> (emoji: String, color: String) {
    let choice = PaletteEmoji.stableChoice(for: name)
    return (choice.emoji.rawValue, choice.color.rawValue)
  }

  package static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex(_ value: UInt64, _ digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
