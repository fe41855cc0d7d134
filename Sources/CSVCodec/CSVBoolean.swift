/// Boolean cells.
enum CSVBoolean {
  /// `true`/`false`, also `yes`/`no` and `1`/`0`, any case.
  static func parse(_ text: String) -> Bool? {
    switch text.trimmingSpaces.lowercased() {
    case "true", "yes", "1": true
    case "false", "no", "0": false
    default: nil
    }
  }
}
