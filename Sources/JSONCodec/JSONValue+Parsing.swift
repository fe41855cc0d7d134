import TrackerModel

extension JSONScanner {
  /// Reads any value into a ``JSONValue``: used only for what the model does not know
  /// (unknown keys and `extras`), so the typed reader never builds a generic tree.
  ///
  /// `depth` is the nesting level of the value's container; a value nested deeper than
  /// ``maximumDepth`` fails instead of exhausting the stack. Duplicate keys in an object fail.
  ///
  /// A failure's pointer is relative to this value (`nil` for the value itself, `/a/0` for
  /// something inside it): the innermost value being read when it stopped, so the caller
  /// only prepends where the value is.
  mutating func readValue(depth: Int) throws -> JSONValue {
    guard let b = peek() else { throw endOfInput }
    switch b {
    case UInt8(ascii: "{"):
      guard depth < JSONScanner.maximumDepth else { throw tooDeep() }
      position += 1
      var members: [JSONMember] = []
      var keys = JSONKeySet()
      var more = try hasFirstMember()
      while more {
        let token = try readKey()
        let key = string(token)
        guard keys.insert(key, members: members) else {
          throw JSONReadFailure(at: token.offset, "duplicate key \"\(key)\" in an object")
        }
        do {
          members.append(JSONMember(key, try readValue(depth: depth + 1)))
        } catch var failure as JSONReadFailure {
          failure.pointer = "/" + JSONPointer.escape(key) + (failure.pointer ?? "")
          throw failure
        }
        more = try hasNextMember()
      }
      return .object(members)
    case UInt8(ascii: "["):
      guard depth < JSONScanner.maximumDepth else { throw tooDeep() }
      position += 1
      var elements: [JSONValue] = []
      var more = try hasFirstElement()
      while more {
        do {
          elements.append(try readValue(depth: depth + 1))
        } catch var failure as JSONReadFailure {
          failure.pointer = "/\(elements.count)" + (failure.pointer ?? "")
          throw failure
        }
        more = try hasNextElement()
      }
      return .array(elements)
    case UInt8(ascii: "\""):
      let token = try readString()
      return .string(string(token))
    case UInt8(ascii: "-"), 0x30...0x39:
      let span = try readNumber()
      return .number(text(span))
    default:
      switch try readLiteral() {
      case .true: return .bool(true)
      case .false: return .bool(false)
      case .null: return .null
      }
    }
  }
}

/// Finds duplicate keys of one object: a linear scan while the object is small, a hash set
/// once it grows.
struct JSONKeySet {
  private var set: Set<String>?

  /// Adds `key` (the object's keys so far are `members`); `false` when it is already there.
  mutating func insert(_ key: String, members: [JSONMember]) -> Bool {
    if set == nil {
      if members.count < 16 {
        return !members.contains { $0.key == key }
      }
      set = Set(members.map(\.key))
    }
    return set?.insert(key).inserted ?? true
  }

  /// Adds `key` to a list of keys (not members); `false` when it is already there.
  mutating func insert(_ key: String, keys: [String]) -> Bool {
    if set == nil {
      if keys.count < 16 {
        return !keys.contains(key)
      }
      set = Set(keys)
    }
    return set?.insert(key).inserted ?? true
  }
}
