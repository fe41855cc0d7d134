import TrackerModel

/// The recursive-descent reader behind ``JSONText/parse(_:)``, over UTF-8 bytes of a `String`
/// (already valid UTF-8, so only JSON's own grammar is checked).
struct JSONTextParser {
  private let bytes: UnsafeRawBufferPointer
  private(set) var position = 0
  /// Member names whose array values are checked but not built (see ``deferred``).
  private let deferredKeys: Set<String>
  /// Where each deferred array is: its JSON pointer → its bytes and nesting depth. The tree
  /// holds `null` in its place.
  private(set) var deferred: [String: DeferredValue] = [:]
  /// The way from the top to the value being read, kept only when something is deferred.
  private var path: [PathStep] = []

  private enum PathStep {
    case key(String)
    case index(Int)
  }

  init(_ bytes: UnsafeRawBufferPointer, deferring keys: Set<String> = []) {
    self.bytes = bytes
    deferredKeys = keys
  }

  /// Starts at `offset` (a deferred value's first byte).
  init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
    self.init(bytes)
    position = offset
  }

  /// 3 when the bytes start with a UTF-8 byte order mark, else 0.
  static func byteOrderMarkLength(_ bytes: UnsafeRawBufferPointer) -> Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// Steps over a leading UTF-8 byte order mark (files other apps write may start with one).
  mutating func skipByteOrderMark() {
    if position == 0 { position = Self.byteOrderMarkLength(bytes) }
  }

  func fail(_ message: String) -> JSONText.Failure { JSONText.Failure(message: message, offset: position) }

  mutating func skipSpace() {
    while position < bytes.count {
      let b = bytes[position]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      position += 1
    }
  }

  mutating func expect(_ byte: UInt8) throws(JSONText.Failure) {
    skipSpace()
    guard position < bytes.count, bytes[position] == byte else {
      throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  mutating func peek() -> UInt8? {
    skipSpace()
    return position < bytes.count ? bytes[position] : nil
  }

  mutating func value(depth: Int) throws(JSONText.Failure) -> JSONValue {
    guard let b = peek() else { throw fail("unexpected end of text") }
    switch b {
    case UInt8(ascii: "{"):
      guard depth < JSONText.maximumDepth else { throw fail("nested too deeply") }
      position += 1
      var members: [JSONMember] = []
      // Small objects (most of them) look for a repeated key among their members; a set is
      // made only past `linearKeys` members.
      let linearKeys = 12
      var keys: Set<String>?
      if peek() == UInt8(ascii: "}") {
        position += 1
        return .object([])
      }
      // One allocation for the small objects most documents are made of, not three.
      members.reserveCapacity(4)
      if tracking { path.append(.key("")) }
      while true {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let keyStart = position
        let key = try string()
        let repeated: Bool
        if var set = keys {
          keys = nil
          repeated = !set.insert(key).inserted
          keys = set
        } else if members.count < linearKeys {
          repeated = members.contains { $0.key == key }
        } else {
          var set = Set(members.map(\.key))
          repeated = !set.insert(key).inserted
          keys = set
        }
        guard !repeated else {
          throw JSONText.Failure(message: "duplicate key \"\(key)\" in an object", offset: keyStart)
        }
        try expect(UInt8(ascii: ":"))
        if tracking {
          path[path.count - 1] = .key(key)
          if deferredKeys.contains(key), peek() == UInt8(ascii: "[") {
            let start = position
            try skipValue(depth: depth + 1)
            deferred[pointer()] = DeferredValue(range: start..<position, depth: depth + 1)
            members.append(JSONMember(key, .null))
          } else {
            members.append(JSONMember(key, try value(depth: depth + 1)))
          }
        } else {
          members.append(JSONMember(key, try value(depth: depth + 1)))
        }
        if try closes(UInt8(ascii: "}"), "object") {
          if tracking { path.removeLast() }
          return .object(members)
        }
      }
    case UInt8(ascii: "["):
      guard depth < JSONText.maximumDepth else { throw fail("nested too deeply") }
      position += 1
      var elements: [JSONValue] = []
      if peek() == UInt8(ascii: "]") {
        position += 1
        return .array([])
      }
      if tracking { path.append(.index(0)) }
      while true {
        if tracking { path[path.count - 1] = .index(elements.count) }
        elements.append(try value(depth: depth + 1))
        if try closes(UInt8(ascii: "]"), "array") {
          if tracking { path.removeLast() }
          return .array(elements)
        }
      }
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "-"), 0x30...0x39:
      return .number(try number())
    default:
      if literal("true") { return .bool(true) }
      if literal("false") { return .bool(false) }
      if literal("null") { return .null }
      throw fail("expected a JSON value")
    }
  }

  /// After a member or an element: `true` at `close` (stepped over), `false` at a comma (stepped
  /// over), else the failure both readers give.
  private mutating func closes(_ close: UInt8, _ container: StaticString) throws(JSONText.Failure) -> Bool {
    guard let next = peek() else { throw fail("unterminated \(container)") }
    if next == close {
      position += 1
      return true
    }
    guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
    position += 1
    return false
  }

  /// Whether the path is kept (only when something is deferred: it costs a step per value).
  private var tracking: Bool { !deferredKeys.isEmpty }

  /// The JSON pointer of the value being read.
  private func pointer() -> String {
    var text = ""
    for step in path {
      text += "/"
      switch step {
      case .key(let key): text += JSONPointer.escape(key)
      case .index(let index): text += String(index)
      }
    }
    return text
  }

  /// Keys of the objects being skipped, innermost last (one buffer, not one per object).
  private var skippedKeys: [String] = []

  /// Steps over one value, checking it exactly as ``value(depth:)`` does (the same failures
  /// at the same offsets) without building it.
  mutating func skipValue(depth: Int) throws(JSONText.Failure) {
    guard let b = peek() else { throw fail("unexpected end of text") }
    switch b {
    case UInt8(ascii: "{"):
      guard depth < JSONText.maximumDepth else { throw fail("nested too deeply") }
      position += 1
      if peek() == UInt8(ascii: "}") {
        position += 1
        return
      }
      let base = skippedKeys.count
      defer { skippedKeys.removeSubrange(base...) }
      var keys: Set<String>?
      while true {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let keyStart = position
        let key = try string()
        let repeated: Bool
        if var set = keys {
          keys = nil
          repeated = !set.insert(key).inserted
          keys = set
        } else if skippedKeys.count - base < 12 {
          repeated = skippedKeys[base...].contains(key)
          skippedKeys.append(key)
        } else {
          var set = Set(skippedKeys[base...])
          repeated = !set.insert(key).inserted
          keys = set
        }
        guard !repeated else {
          throw JSONText.Failure(message: "duplicate key \"\(key)\" in an object", offset: keyStart)
        }
        try expect(UInt8(ascii: ":"))
        try skipValue(depth: depth + 1)
        if try closes(UInt8(ascii: "}"), "object") { return }
      }
    case UInt8(ascii: "["):
      guard depth < JSONText.maximumDepth else { throw fail("nested too deeply") }
      position += 1
      if peek() == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        try skipValue(depth: depth + 1)
        if try closes(UInt8(ascii: "]"), "array") { return }
      }
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "-"), 0x30...0x39:
      try skipNumber()
    default:
      if literal("true") || literal("false") || literal("null") { return }
      throw fail("expected a JSON value")
    }
  }

  /// Steps over a string literal; one with an escape or a control character is read whole,
  /// so that it fails as ``string()`` does.
  private mutating func skipString() throws(JSONText.Failure) {
    var end = position + 1
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") {
        position = end + 1
        return
      }
      if b == UInt8(ascii: "\\") || b < 0x20 { break }
      end += 1
    }
    _ = try string()
  }

  /// A number literal, checked against the JSON grammar, as its text.
  mutating func number() throws(JSONText.Failure) -> String {
    let start = position
    try skipNumber()
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  /// Steps over a number literal, checked against the JSON grammar.
  private mutating func skipNumber() throws(JSONText.Failure) {
    func digits(_ p: inout JSONTextParser) -> Int {
      let from = p.position
      while p.position < p.bytes.count, (0x30...0x39).contains(p.bytes[p.position]) { p.position += 1 }
      return p.position - from
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count else { throw fail("invalid number") }
    if bytes[position] == 0x30 {
      position += 1
    } else if digits(&self) == 0 {
      throw fail("invalid number")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
  }

  /// Steps over `word` when the bytes at the position spell it.
  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for i in 0..<count where bytes[position + i] != word.utf8Start[i] { return false }
    position += count
    return true
  }

  /// A string literal (the parser is at its quote), unescaped.
  mutating func string() throws(JSONText.Failure) -> String {
    let start = position
    // Most strings have no escape: made straight from the bytes.
    var end = position + 1
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") {
        position = end + 1
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
      }
      if b == UInt8(ascii: "\\") || b < 0x20 { break }
      end += 1
    }
    position += 1
    var out: [UInt8] = []
    while position < bytes.count {
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { break }
        let e = bytes[position]
        position += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
              throw fail("unpaired surrogate in a \\u escape")
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let value = Unicode.Scalar(scalar) else { throw fail("unpaired surrogate in a \\u escape") }
          out.append(contentsOf: String(Character(value)).utf8)
        default:
          position -= 1
          throw fail("invalid escape")
        }
      case 0..<0x20:
        throw fail("control character in a string")
      default:
        out.append(b)
        position += 1
      }
    }
    throw JSONText.Failure(message: "unterminated string", offset: start)
  }

  private mutating func hex4() throws(JSONText.Failure) -> UInt32 {
    guard position + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[position]
      let digit: UInt8
      switch b {
      case 0x30...0x39: digit = b - 0x30
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
