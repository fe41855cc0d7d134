import TrackerModel

/// Ids and palette choices derived from text, so the same file always gives the same dataset
/// (``StableID``).
package enum CSVStableID {
  /// A UUID-shaped id (version 8, "custom") from `key`: `category:Дом` always gives the same id.
  package static func uuid(_ key: String) -> String { StableID.uuid(key) }

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
}
