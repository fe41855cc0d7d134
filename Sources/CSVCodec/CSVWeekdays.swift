import TrackerModel

/// Weekday-list cells: `mon wed fri`.
enum CSVWeekdays {
  /// Weekdays separated by spaces or commas, as `mon`, `Monday` or `Пн` (any case); `nil` when
  /// a word is none of these.
  static func parse(_ text: String) -> [Weekday]? {
    var days: [Weekday] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
      let lower = word.lowercased()
      if let day = Weekday(rawValue: lower) ?? Weekday.allCases.first(where: {
        $0.englishName.lowercased() == lower || $0.shortRussianName.lowercased() == lower
      }) {
        days.append(day)
      } else {
        return nil
      }
    }
    return days
  }

  /// The cell for `days`: raw values separated by spaces.
  static func format(_ days: [Weekday]) -> String { days.map(\.rawValue).joined(separator: " ") }
}
