/// Amounts and goal targets in TrackerPort XML: the JSON format's numbers, in attributes.
///
/// A whole number is written without a fraction (`6`, `-0`), any other finite value in Swift's
/// shortest form that reads back to the same `Double` (`6.25`, `1e-05`, `1e+20`). Reading takes
/// the JSON number grammar only — no `INF`, `NaN`, hexadecimal, leading `+` or `.5` — so what is
/// read is what the schema's `tp:Amount` accepts.
enum XMLNumber {
  /// Whole numbers up to this magnitude are written as integers: every one of them is exact.
  private static let exactIntegers = 9_007_199_254_740_992.0  // 2^53

  /// The text of `value`, or `nil` when it is infinite or not a number (XML, like JSON, has no
  /// way to say those the reader accepts).
  static func text(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value.magnitude <= exactIntegers, value.rounded(.towardZero) == value {
      if value == 0 { return value.sign == .minus ? "-0" : "0" }
      return String(Int64(value))
    }
    // Past 2^53 Swift writes whole numbers with an exponent (`1e+20`), never with `.0`.
    return value.description
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
