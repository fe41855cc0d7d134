import TrackerCodec
import TrackerModel

/// The member loop every object shares: known keys by table, repeats refused, unknown keys kept.
extension JSONDatasetReader {
  // MARK: Keys

  /// The state of the member loop of one object (see ``nextMember(_:base:)``): its key table,
  /// the depth of its values, the known keys seen and the unknown members read so far.
  struct Members {
    /// The object's known keys: a key's index in the table is its bit in `seen`.
    let keys: [StaticString]
    /// The depth of the object's values, for ``readUnknown(_:depth:base:into:among:)``.
    let depth: Int
    /// The unknown members, in input order: for ``keep(_:in:base:)`` (or the like) once the
    /// reader has checked the object's required keys.
    var unknown: [JSONMember] = []
    /// The keys of `unknown`, to refuse a repeated one.
    var unknownSet = JSONKeySet()
    /// The known keys seen: bit `k` for `keys[k]`.
    var seen = 0
    /// Whether the first member was looked for (so the next one follows a `,`).
    var started = false

    init(_ keys: [StaticString], depth: Int) {
      self.keys = keys
      self.depth = depth
    }
  }

  /// The loop every object reader shares, after the object's `{`: returns the index of the
  /// next known key, with the scanner at its value for the caller to read, or `nil` after the
  /// object's `}`. A repeated known key is refused; unknown keys met on the way are read
  /// into `members.unknown` and listed in ``unknownKeys``. `base` is the object's pointer,
  /// built only for an error or an unknown key.
  ///
  ///     var members = Members(JSONDatasetReader.categoryKeys, depth: 3)
  ///     while let k = try nextMember(&members, base: base) {
  ///       switch k { ... }   // read the value of key k
  ///     }
  @inline(__always)
  mutating func nextMember(_ members: inout Members, base: @autoclosure () -> String) throws -> Int? {
    var more = members.started ? try scanner.hasNextMember() : try scanner.hasFirstMember()
    members.started = true
    while more {
      let key = try scanner.readKey()
      if let k = keyIndex(key, members.keys) {
        try markSeen(k, &members.seen, key, members.keys, base())
        return k
      }
      let member = try readUnknown(key, depth: members.depth, base: base(), into: &members.unknownSet,
                                   among: members.unknown)
      members.unknown.append(member)
      more = try scanner.hasNextMember()
    }
    return nil
  }

  @inline(__always)
  func keyIndex(_ token: JSONStringToken, _ table: [StaticString]) -> Int? {
    scanner.withBytes(token) { bytes in
      for (index, literal) in table.enumerated() where literal.utf8CodeUnitCount == bytes.count {
        let p = literal.utf8Start
        var equal = true
        for k in 0..<bytes.count where bytes[k] != p[k] {
          equal = false
          break
        }
        if equal { return index }
      }
      return nil
    }
  }

  @inline(__always)
  func markSeen(_ k: Int, _ seen: inout Int, _ token: JSONStringToken, _ table: [StaticString],
                _ base: @autoclosure () -> String) throws {
    guard seen & (1 << k) == 0 else {
      throw JSONReadFailure(at: token.offset, "duplicate key \"\(table[k])\" in an object", pointer: base())
    }
    seen |= 1 << k
  }

  /// Reads the value of `key`, a key of a table that the document's version does not define
  /// (a key of version 2 in a version-1 document), as an unknown member, listed in
  /// ``unknownKeys``: exactly as a reader of that version reads it. The member loop already
  /// refused a repeat of it as a duplicate key. Out of line, and given the key rather than
  /// the table, so the hot member loops keep their tables constant.
  @inline(never)
  mutating func readUndefined(_ key: StaticString, depth: Int, base: @autoclosure () -> String) throws -> JSONMember {
    let name = key.description
    let pointer = base() + "/" + name
    unknownKeys.append(UnknownKey(offset: keyOffsetBeforeValue(), pointer: pointer, key: name))
    return JSONMember(name, try readValue(depth: depth, pointer: pointer))
  }

  /// The offset of the opening quote of the key whose value the scanner is at: back over
  /// the value's whitespace, `:` and the key's closing quote to its opening one. Only for a
  /// key of a table, whose text (letters, however escaped) holds no quote.
  func keyOffsetBeforeValue() -> Int {
    let buffer = scanner.buffer
    var i = scanner.position - 1
    var quotes = 0
    while i > 0 {
      if buffer[i] == UInt8(ascii: "\"") {
        quotes += 1
        if quotes == 2 { return i }
      }
      i -= 1
    }
    return 0
  }

  func missing(_ entity: String, _ key: String, _ open: Int, _ base: String) -> JSONReadFailure {
    JSONReadFailure(at: open, "\(entity) is missing the required key \"\(key)\"", pointer: base)
  }
}
