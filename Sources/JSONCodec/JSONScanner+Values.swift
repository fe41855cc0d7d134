/// Numbers, literals, and skipping whole values.
extension JSONScanner {
  // MARK: Numbers and literals

  /// Reads a number and returns the span of its literal text.
  mutating func readNumber() throws -> Range<Int> {
    skipWhitespace()
    let start = position
    var i = position
    func digit(_ k: Int) -> Bool { k < count && buffer[k] >= 0x30 && buffer[k] <= 0x39 }
    func fail(_ k: Int, _ what: String) -> JSONReadFailure {
      k < count ? JSONReadFailure(at: k, "invalid number: \(what)") : endOfInput
    }
    if i < count, buffer[i] == UInt8(ascii: "-") { i += 1 }
    guard digit(i) else { throw fail(i, "expected a digit") }
    if buffer[i] == 0x30 {
      i += 1
      if digit(i) { throw fail(i, "leading zeros are not allowed") }
    } else {
      while digit(i) { i += 1 }
    }
    if i < count, buffer[i] == UInt8(ascii: ".") {
      i += 1
      guard digit(i) else { throw fail(i, "expected a digit after '.'") }
      while digit(i) { i += 1 }
    }
    if i < count, buffer[i] == UInt8(ascii: "e") || buffer[i] == UInt8(ascii: "E") {
      i += 1
      if i < count, buffer[i] == UInt8(ascii: "+") || buffer[i] == UInt8(ascii: "-") { i += 1 }
      guard digit(i) else { throw fail(i, "expected a digit in the exponent") }
      while digit(i) { i += 1 }
    }
    position = i
    return start..<i
  }

  /// The number text as a `String`.
  func text(_ span: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: buffer[span]), as: UTF8.self)
  }

  /// Reads `true`, `false` or `null` (the scanner is at its first byte).
  mutating func readLiteral() throws -> JSONLiteral {
    skipWhitespace()
    let rest = count - position
    func matches(_ word: StaticString) -> Bool {
      let n = word.utf8CodeUnitCount
      guard rest >= n else { return false }
      for k in 0..<n where buffer[position + k] != word.utf8Start[k] { return false }
      return true
    }
    if matches("true") { position += 4; return .true }
    if matches("false") { position += 5; return .false }
    if matches("null") { position += 4; return .null }
    throw unexpected("expected a value")
  }

  // MARK: Skipping

  /// Skips one value of any kind, validating it, without building anything.
  mutating func skipValue(depth: Int) throws {
    guard let b = peek() else { throw endOfInput }
    switch b {
    case UInt8(ascii: "{"):
      guard depth < JSONScanner.maximumDepth else { throw tooDeep() }
      position += 1
      var more = try hasFirstMember()
      while more {
        _ = try readKey()
        try skipValue(depth: depth + 1)
        more = try hasNextMember()
      }
    case UInt8(ascii: "["):
      guard depth < JSONScanner.maximumDepth else { throw tooDeep() }
      position += 1
      var more = try hasFirstElement()
      while more {
        try skipValue(depth: depth + 1)
        more = try hasNextElement()
      }
    case UInt8(ascii: "\""): _ = try readString()
    case UInt8(ascii: "-"), 0x30...0x39: _ = try readNumber()
    default: _ = try readLiteral()
    }
  }

  func tooDeep() -> JSONReadFailure {
    JSONReadFailure(at: position, "nesting deeper than \(JSONScanner.maximumDepth) levels")
  }
}
