import TrackerModel

/// A `Value` cell as Loop's importer reads it: Kotlin's `String.toInt()`, an optional `+` or
/// `-` then decimal digits within 32 bits; anything else is logged by Loop and read as 0.
enum HabitBullValue {
  /// The cell's number, or `nil` when Loop would not parse it (and so reads 0, not done).
  static func parse(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    var digits = bytes[...]
    var negative = false
    if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      negative = first == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value: Int64 = 0
    for b in digits {
      guard b >= 0x30 && b <= 0x39 else { return nil }
      value = value * 10 + Int64(b - 0x30)
      if value > Int64(Int32.max) + 1 { return nil }
    }
    return Int32(exactly: negative ? -value : value)
  }

  /// The same for a cell's text.
  static func parse(_ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// The cell the writer writes for a whole amount within 32 bits; `nil` for any other.
  static func text(amount: Double) -> String? {
    Int32(exactly: amount).map { String($0) }
  }

  /// Whether Loop counts the day as done: 1 is a check (YES_MANUAL), a larger value an amount
  /// of a numerical habit; 0, negative amounts and unreadable cells are not done.
  static func isDone(_ value: Int32?) -> Bool { (value ?? 0) > 0 }

  /// The cell's text from a value kept in extras (a number's literal, or the text).
  static func text(_ value: JSONValue) -> String? {
    switch value {
    case .number(let text), .string(let text): text
    default: nil
    }
  }

  /// How the value goes into extras: a JSON number when the cell is a decimal integer (so
  /// `-2150000000` keeps its digits), else the cell's text.
  static func json(_ text: String) -> JSONValue {
    let body = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    let isInteger = !body.isEmpty && body.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      && !(body.count > 1 && body.first == UInt8(ascii: "0"))
    return isInteger ? .number(text) : .string(text)
  }
}
