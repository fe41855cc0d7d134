import TrackerPort

/// A tiny writer for the JSON documents the CLI prints and `trackport serve` returns, whose key
/// order is part of the documented contract (Foundation's encoders do not promise an order).
public enum JSONOutput {
  /// A JSON string literal, escaped as the canonical writer escapes (non-ASCII stays UTF-8).
  public static func quote(_ value: String) -> String { JSONText.quoted(value) }

  public static func value(_ string: String?) -> String { string.map(quote) ?? "null" }
  public static func value(_ int: Int?) -> String { int.map(String.init) ?? "null" }
  public static func value(_ bool: Bool) -> String { bool ? "true" : "false" }
  public static func value(_ number: Double?) -> String {
    guard let number, number.isFinite else { return "null" }
    return number.amountText
  }

  /// `{"k": v, ...}` from already-encoded values, in the given order.
  public static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { quote($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }

  /// `[a, b]` from already-encoded values.
  public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

  /// An array of objects, one per line, for readable long listings.
  public static func arrayOfLines(_ items: [String], indent: String = "  ") -> String {
    items.isEmpty ? "[]" : "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
  }
}
