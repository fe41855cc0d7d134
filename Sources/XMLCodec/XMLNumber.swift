import TrackerModel

/// Amounts and goal targets in TrackerPort XML: the JSON format's numbers, in attributes.
///
/// Written as every format writes amounts (``Swift/Double/amountText``: `6`, `-0`, `6.25`,
/// `1e-5`, `1e20`). Reading takes
/// the JSON number grammar only — no `INF`, `NaN`, hexadecimal, leading `+` or `.5` — so what is
/// read is what the schema's `tp:Amount` accepts.
enum XMLNumber {
  /// The text of `value`, or `nil` when it is infinite or not a number (XML, like JSON, has no
  /// way to say those the reader accepts).
  static func text(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    return value.amountText
  }

  /// The number `bytes` spell, or `nil` when they are not a JSON number. A number too large
  /// for a `Double` gives an infinity, which the caller refuses.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
    guard isNumber(bytes) else { return nil }
    return Double(String(decoding: bytes, as: UTF8.self))
  }

  /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`: the schema's pattern, byte by byte.
  static func isNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    let n = bytes.count
    func digits() -> Bool {
      let start = i
      while i < n, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return i > start
    }
    if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard digits() else { return false }
    if i < n, bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits() else { return false }
    }
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() else { return false }
    }
    return i == n
  }
}
