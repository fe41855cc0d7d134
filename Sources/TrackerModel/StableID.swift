/// Ids derived from text, so that importing the same file twice gives the same dataset.
///
/// The hash is FNV-1a (64-bit), run twice with different offset bases for 128 bits. It is not
/// cryptographic: it only has to be stable across runs and platforms, which `Hasher` is not.
public enum StableID {
  /// A UUID-shaped id (version 8, "custom", upper-case) from `key`: the same key always gives
  /// the same id.
  public static func uuid(_ key: String) -> String {
    let high = fnv1a(key, basis: 0xCBF2_9CE4_8422_2325)
    let low = fnv1a(key, basis: 0x6C62_272E_07BB_0142)
    // Version 8 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
    let h = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
    let l = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    return dashed(hex(h, 16) + hex(l, 16))
  }

  /// 32 hex digits as `8-4-4-4-12`, upper-case; any other text is returned as it is.
  public static func dashed(_ digits: String) -> String {
    let chars = Array(digits.uppercased())
    guard chars.count == 32 else { return digits }
    return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
      + String(chars[16..<20]) + "-" + String(chars[20..<32])
  }

  /// 64-bit FNV-1a of `text`'s UTF-8 bytes, from the offset basis `basis`.
  public static func fnv1a(_ text: String, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
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
