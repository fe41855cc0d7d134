/// A pull scanner over JSON bytes: it reads one token at a time and validates as it goes
/// (strings as UTF-8, escapes, number grammar), but builds no tree and no `String` unless asked.
///
/// Every failure is a ``JSONReadFailure`` at the offending byte's offset. The buffer must
/// outlive the scanner; the typed reader and the source locator both drive one.
struct JSONScanner {
  /// Deepest nesting of arrays and objects accepted, so no input can exhaust the stack.
  static let maximumDepth = 512

  let buffer: UnsafeRawBufferPointer
  let count: Int
  /// Offset of the next unread byte.
  var position: Int
  /// Decoded bytes of the last string that had escapes.
  var scratch: [UInt8] = []

  init(_ buffer: UnsafeRawBufferPointer) {
    self.buffer = buffer
    self.count = buffer.count
    self.position = JSONScanner.bomLength(buffer)
    scratch.reserveCapacity(256)
  }

  /// 3 when the bytes start with a UTF-8 byte order mark, else 0.
  static func bomLength(_ bytes: UnsafeRawBufferPointer) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  // MARK: Structure

  @inline(__always)
  mutating func skipWhitespace() {
    while position < count {
      let b = buffer[position]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      position += 1
    }
  }

  /// The next non-whitespace byte, not consumed; `nil` at the end of input.
  @inline(__always)
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < count ? buffer[position] : nil
  }

  var endOfInput: JSONReadFailure { JSONReadFailure(at: count, "unexpected end of input") }

  /// Consumes `byte` after optional whitespace, or fails with `message`.
  @inline(__always)
  mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String) throws {
    skipWhitespace()
    guard position < count else { throw endOfInput }
    guard buffer[position] == byte else { throw unexpected(message()) }
    position += 1
  }

  /// A failure at the current byte; an invalid UTF-8 byte is named as such.
  func unexpected(_ message: String) -> JSONReadFailure {
    guard position < count else { return endOfInput }
    if buffer[position] >= 0x80, validSequenceEnd(at: position) == nil {
      return JSONReadFailure(at: position, "invalid UTF-8")
    }
    return JSONReadFailure(at: position, message)
  }

  /// After `{` was consumed: whether a member follows (positioned at its key), or `}` was consumed.
  @inline(__always)
  mutating func hasFirstMember() throws -> Bool {
    guard let b = peek() else { throw endOfInput }
    if b == UInt8(ascii: "}") { position += 1; return false }
    if b == UInt8(ascii: "\"") { return true }
    throw unexpected("expected a string key or '}'")
  }

  /// After a member: whether another follows (`,` consumed), or `}` was consumed.
  @inline(__always)
  mutating func hasNextMember() throws -> Bool {
    guard let b = peek() else { throw endOfInput }
    if b == UInt8(ascii: ",") {
      position += 1
      guard let next = peek() else { throw endOfInput }
      guard next == UInt8(ascii: "\"") else { throw unexpected("expected a string key after ','") }
      return true
    }
    if b == UInt8(ascii: "}") { position += 1; return false }
    throw unexpected("expected ',' or '}' after object member")
  }

  /// After `[` was consumed: whether an element follows, or `]` was consumed.
  @inline(__always)
  mutating func hasFirstElement() throws -> Bool {
    guard let b = peek() else { throw endOfInput }
    if b == UInt8(ascii: "]") { position += 1; return false }
    return true
  }

  /// After an element: whether another follows (`,` consumed), or `]` was consumed.
  @inline(__always)
  mutating func hasNextElement() throws -> Bool {
    guard let b = peek() else { throw endOfInput }
    if b == UInt8(ascii: ",") {
      position += 1
      if peek() == UInt8(ascii: "]") { throw unexpected("expected a value after ','") }
      return true
    }
    if b == UInt8(ascii: "]") { position += 1; return false }
    throw unexpected("expected ',' or ']' after array element")
  }

  /// Reads an object key and the `:` after it.
  @inline(__always)
  mutating func readKey() throws -> JSONStringToken {
    let key = try readString()
    try expect(UInt8(ascii: ":"), "expected ':' after object key")
    return key
  }

  // MARK: Strings

  /// Reads a string (the scanner is at its opening quote, after whitespace).
  ///
  /// A string without escapes is returned as a span of the input; one with escapes is decoded
  /// into ``scratch``, valid until the next string is read.
  @inline(__always)
  mutating func readString() throws -> JSONStringToken {
    skipWhitespace()
    guard position < count else { throw endOfInput }
    guard buffer[position] == UInt8(ascii: "\"") else { throw unexpected("expected a string") }
    let open = position
    var i = JSONScanner.skipPlainASCII(buffer, from: position + 1, count: count)
    while true {
      guard i < count else { throw JSONReadFailure(at: open, "unterminated string") }
      let b = buffer[i]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") { return try readEscapedString(open: open, escapeAt: i) }
      if b < 0x20 { throw controlCharacter(at: i) }
      if b < 0x80 {
        i += 1
      } else {
        guard let next = validSequenceEnd(at: i) else { throw JSONReadFailure(at: i, "invalid UTF-8") }
        i = next
      }
    }
    position = i + 1
    return JSONStringToken(offset: open, start: open + 1, end: i, escaped: false)
  }

  /// The offset of the first byte at or after `start` that is not plain string content
  /// (printable ASCII other than `"` and `\`), skipping 8 bytes per step while it can.
  @inline(__always)
  static func skipPlainASCII(_ buffer: UnsafeRawBufferPointer, from start: Int, count: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= count {
      let x = buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let quote = x ^ (ones &* 0x22)
      let backslash = x ^ (ones &* 0x5C)
      // Bit tricks: a byte of 0 in `quote`/`backslash`, a byte below 0x20, or a byte >= 0x80.
      let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((x &- ones &* 0x20) & ~x) | x
      if special & high != 0 { break }
      i += 8
    }
    return i
  }

  private func controlCharacter(at i: Int) -> JSONReadFailure {
    JSONReadFailure(at: i, buffer[i] == 0x0A ? "unterminated string (line break inside a string)"
                    : "control character in a string must be escaped")
  }

  private mutating func readEscapedString(open: Int, escapeAt first: Int) throws -> JSONStringToken {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(open + 1)..<first]))
    var i = first
    while true {
      guard i < count else { throw JSONReadFailure(at: open, "unterminated string") }
      let b = buffer[i]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") {
        guard i + 1 < count else { throw JSONReadFailure(at: open, "unterminated string") }
        let e = buffer[i + 1]
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          i = try readUnicodeEscape(at: i)
          continue
        default:
          throw JSONReadFailure(at: i, "invalid escape in string", note: "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        i += 2
      } else if b < 0x20 {
        throw controlCharacter(at: i)
      } else if b < 0x80 {
        scratch.append(b)
        i += 1
      } else {
        guard let next = validSequenceEnd(at: i) else { throw JSONReadFailure(at: i, "invalid UTF-8") }
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i..<next]))
        i = next
      }
    }
    position = i + 1
    return JSONStringToken(offset: open, start: open + 1, end: i, escaped: true)
  }

  /// Decodes `\uXXXX` (and a following low surrogate) at `i`, appends its UTF-8, returns the
  /// offset after it.
  private mutating func readUnicodeEscape(at i: Int) throws -> Int {
    guard let high = hex4(at: i + 2) else {
      throw JSONReadFailure(at: i, "invalid \\u escape: expected four hex digits")
    }
    var scalar = high
    var end = i + 6
    if (0xD800...0xDBFF).contains(high) {
      guard end + 1 < count, buffer[end] == UInt8(ascii: "\\"), buffer[end + 1] == UInt8(ascii: "u"),
            let low = hex4(at: end + 2), (0xDC00...0xDFFF).contains(low) else {
        throw JSONReadFailure(at: i, "invalid \\u escape: a high surrogate must be followed by a low one")
      }
      scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      end += 6
    } else if (0xDC00...0xDFFF).contains(high) {
      throw JSONReadFailure(at: i, "invalid \\u escape: unpaired low surrogate")
    }
    guard let unicode = Unicode.Scalar(scalar) else {
      throw JSONReadFailure(at: i, "invalid \\u escape")
    }
    scratch.append(contentsOf: unicode.utf8)
    return end
  }

  private func hex4(at i: Int) -> UInt32? {
    guard i + 4 <= count else { return nil }
    var value: UInt32 = 0
    for k in i..<(i + 4) {
      let b = buffer[k]
      let digit: UInt8
      switch b {
      case 0x30...0x39: digit = b - 0x30
      case 0x41...0x46: digit = b - 0x41 + 10
      case 0x61...0x66: digit = b - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The offset after the well-formed UTF-8 sequence starting at `i` (a byte >= 0x80), or
  /// `nil` when it is not well formed (Unicode table 3-7: no overlongs, no surrogates).
  @inline(__always)
  func validSequenceEnd(at i: Int) -> Int? {
    let b0 = buffer[i]
    @inline(__always) func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      k < count && buffer[k] >= low && buffer[k] <= high
    }
    switch b0 {
    case 0xC2...0xDF: return cont(i + 1) ? i + 2 : nil
    case 0xE0: return cont(i + 1, 0xA0) && cont(i + 2) ? i + 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? i + 3 : nil
    case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? i + 3 : nil
    case 0xF0: return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? i + 4 : nil
    case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? i + 4 : nil
    case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? i + 4 : nil
    default: return nil
    }
  }

  /// Calls `body` with the (decoded) bytes of a string token.
  @inline(__always)
  func withBytes<R>(_ token: JSONStringToken, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    if token.escaped {
      return try scratch.withUnsafeBytes(body)
    }
    return try body(UnsafeRawBufferPointer(rebasing: buffer[token.start..<token.end]))
  }

  /// The token as a `String`.
  @inline(__always)
  func string(_ token: JSONStringToken) -> String {
    withBytes(token) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether the token's bytes are exactly `literal`'s.
  @inline(__always)
  func token(_ token: JSONStringToken, is literal: StaticString) -> Bool {
    withBytes(token) { bytes in
      let n = literal.utf8CodeUnitCount
      guard bytes.count == n else { return false }
      let p = literal.utf8Start
      for k in 0..<n where bytes[k] != p[k] { return false }
      return true
    }
  }

  /// A short name of the kind of value at the current position, for type errors.
  mutating func kindOfNextValue() -> String {
    guard let b = peek() else { return "nothing" }
    switch b {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), 0x30...0x39: return "a number"
    default: return "an invalid value"
    }
  }
}

/// A string read by ``JSONScanner``: its place in the input, and whether its decoded bytes are
/// in the scanner's scratch buffer instead.
struct JSONStringToken {
  /// Offset of the opening quote.
  var offset: Int
  /// Raw content span (between the quotes) in the input.
  var start: Int
  var end: Int
  var escaped: Bool
}

/// `true`, `false` or `null`.
enum JSONLiteral {
  case `true`, `false`, null
}
