extension PaletteEmoji {
  /// A palette emoji and colour chosen from `key`'s hash (64-bit FNV-1a), for importers whose
  /// source has none (a log table, a calendar, Loop): the same key gives the same pair on every
  /// machine and in every release, so re-importing changes nothing.
  public static func stableChoice(for key: String) -> (emoji: PaletteEmoji, color: PaletteColor) {
    let hash = StableID.fnv1a(key)
    let emojis = PaletteEmoji.allCases, colors = PaletteColor.allCases
    let emoji = emojis[Int(hash % UInt64(emojis.count))]
    let color = colors[Int((hash / UInt64(emojis.count)) % UInt64(colors.count))]
    return (emoji, color)
  }
}
