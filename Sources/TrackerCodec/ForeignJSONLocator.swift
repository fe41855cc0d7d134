import TrackerModel

/// Finds pointers again in a foreign JSON document's bytes: ONE walk of the bytes for all the
/// pointers asked at once, down the paths they share (a trie of their tokens), skipping every
/// other value without building it; then one pass turns the offsets into lines and columns.
/// A document with thousands of located warnings costs two passes, not one per warning.
///
/// A pointer that does not exist is placed at its nearest existing ancestor, as long as the
/// walk read that ancestor to its end; when the bytes stop being JSON first, it is not placed.
struct ForeignJSONLocator: SourceLocator {
  let bytes: InputBytes

  func locate(_ pointers: Set<String>) -> [String: SourceLocation] {
    var trie = PointerTrie()
    var leaves: [(pointer: String, node: Int)] = []
    for pointer in pointers {
      guard let tokens = Self.tokens(of: pointer) else { continue }
      leaves.append((pointer, trie.insert(tokens)))
    }
    guard !leaves.isEmpty else { return [:] }
    return bytes.withUnsafeBytes { buffer in
      var walker = PointerWalker(buffer: buffer, trie: trie, leaves: Set(leaves.map(\.node)), pages: PassingPages(bytes))
      walker.skipByteOrderMark()
      walker.walk(node: 0)
      var offsets: [String: Int] = [:]
      for (pointer, node) in leaves {
        // The node itself, or the nearest ancestor that was read to its end.
        var current: Int? = node
        var exact = true
        while let n = current {
          if let offset = walker.offsets[n], exact || walker.completed.contains(n) {
            offsets[pointer] = offset
            break
          }
          exact = false
          current = trie.parents[n]
        }
      }
      var pages = PassingPages(bytes)
      let places = TextPosition.linesAndColumns(in: buffer, at: Set(offsets.values), pages: &pages)
      return offsets.compactMapValues { offset in
        places[offset].map { SourceLocation(line: $0.line, column: $0.column) }
      }
    }
  }

  /// The unescaped reference tokens of an RFC 6901 pointer; `nil` when it is not one.
  static func tokens(of pointer: String) -> [String]? {
    guard !pointer.isEmpty else { return [] }
    guard pointer.hasPrefix("/") else { return nil }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }
}

/// The tokens of several pointers as a tree: node 0 is the document; each node's children by
/// object key, and by array index for tokens that read as a non-negative integer.
private struct PointerTrie {
  var keyChildren: [[String: Int]] = [[:]]
  var indexChildren: [[Int: Int]] = [[:]]
  var parents: [Int?] = [nil]

  /// The node of `tokens`, made with its ancestors when missing.
  mutating func insert(_ tokens: [String]) -> Int {
    var node = 0
    for token in tokens {
      if let next = keyChildren[node][token] {
        node = next
        continue
      }
      let next = parents.count
      keyChildren.append([:])
      indexChildren.append([:])
      parents.append(node)
      keyChildren[node][token] = next
      // The same reading of an index as a single pointer's walk had (`Int(token)`).
      if let index = Int(token), index >= 0, indexChildren[node][index] == nil { indexChildren[node][index] = next }
      node = next
    }
    return node
  }

  func hasChildren(_ node: Int) -> Bool { !keyChildren[node].isEmpty }
}

/// The one walk: records the offset of every trie node it meets and whether it read that
/// node's value to its end; values off the trie are skipped byte by byte. The document was
/// parsed whole before, so the walk only has to stop safely on bytes that are not JSON.
private struct PointerWalker {
  let buffer: UnsafeRawBufferPointer
  let trie: PointerTrie
  var position = 0
  var offsets: [Int: Int] = [:]
  var completed = Set<Int>()
  /// Set when the bytes stop being JSON: nothing after it is read.
  var failed = false
  /// The nodes of the pointers asked for that are not found yet: when none is left, the
  /// walk stops (the rest of the document cannot change an exact place).
  private var missing: Set<Int>
  private var done = false

  /// The pages behind the walk, handed back as it goes.
  private var pages: PassingPages

  init(buffer: UnsafeRawBufferPointer, trie: PointerTrie, leaves: Set<Int>, pages: PassingPages) {
    self.buffer = buffer
    self.trie = trie
    missing = leaves
    self.pages = pages
  }

  mutating func skipByteOrderMark() { position = JSONTextParser.byteOrderMarkLength(buffer) }

  private mutating func skipSpace() {
    while position < buffer.count {
      let b = buffer[position]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      position += 1
    }
  }

  private mutating func peek() -> UInt8? {
    skipSpace()
    return position < buffer.count ? buffer[position] : nil
  }

  /// The value at the position, as trie node `node`.
  mutating func walk(node: Int) {
    guard !done else { return }
    guard !failed, let b = peek() else {
      failed = true
      return
    }
    pages.reached(position)
    offsets[node] = position
    if missing.remove(node) != nil, missing.isEmpty {
      done = true
      return
    }
    guard trie.hasChildren(node) else {
      skipValue()
      if !failed { completed.insert(node) }
      return
    }
    switch b {
    case UInt8(ascii: "{"):
      position += 1
      guard peek() != UInt8(ascii: "}") else {
        position += 1
        break
      }
      while !failed {
        guard peek() == UInt8(ascii: "\""), let key = key() else { return fail() }
        guard peek() == UInt8(ascii: ":") else { return fail() }
        position += 1
        if let child = trie.keyChildren[node][key] { walk(node: child) } else { skipValue() }
        if done { return }
        guard !failed, let next = peek() else { return fail() }
        position += 1
        if next == UInt8(ascii: "}") { break }
        guard next == UInt8(ascii: ",") else { return fail() }
      }
    case UInt8(ascii: "["):
      position += 1
      guard peek() != UInt8(ascii: "]") else {
        position += 1
        break
      }
      var index = 0
      while !failed {
        if let child = trie.indexChildren[node][index] { walk(node: child) } else { skipValue() }
        if done { return }
        guard !failed, let next = peek() else { return fail() }
        position += 1
        if next == UInt8(ascii: "]") { break }
        guard next == UInt8(ascii: ",") else { return fail() }
        index += 1
      }
    default:
      // A scalar has no children: the pointer's nearest existing ancestor is this value.
      skipValue()
    }
    if !failed { completed.insert(node) }
  }

  private mutating func fail() { failed = true }

  /// A key (the position is at its quote), unescaped.
  private mutating func key() -> String? {
    let start = position
    position += 1
    var escaped = false
    while position < buffer.count {
      let b = buffer[position]
      if b == UInt8(ascii: "\\") {
        escaped = true
        position += 2
        continue
      }
      position += 1
      if b == UInt8(ascii: "\"") {
        let literal = UnsafeRawBufferPointer(rebasing: buffer[start..<position])
        guard escaped else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        guard case .string(let text) = try? JSONText.parse(String(decoding: literal, as: UTF8.self)) else { return nil }
        return text
      }
    }
    return nil
  }

  /// Steps over one value without building it: strings to their closing quote, containers by
  /// depth, anything else to the next delimiter.
  private mutating func skipValue() {
    guard let b = peek() else { return fail() }
    switch b {
    case UInt8(ascii: "\""):
      skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while position < buffer.count {
        // Eight bytes at a time while none is a quote or a bracket.
        if position + 8 <= buffer.count {
          let word = buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self)
          let folded = word | 0x2020_2020_2020_2020
          if !Self.hasByte(word, 0x22), !Self.hasByte(folded, 0x7B), !Self.hasByte(folded, 0x7D) {
            position += 8
            continue
          }
        }
        let c = buffer[position]
        // Letters, digits, spaces and punctuation other than quotes and brackets: most bytes.
        // (`[` and `]` are `{` and `}` without the 0x20 bit.)
        guard c == UInt8(ascii: "\"") || c | 0x20 == UInt8(ascii: "{") || c | 0x20 == UInt8(ascii: "}") else {
          position += 1
          continue
        }
        pages.reached(position)
        switch c {
        case UInt8(ascii: "\""):
          skipString()
          if failed { return }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            position += 1
            return
          }
        default: break
        }
        position += 1
      }
      fail()
    default:
      let start = position
      while position < buffer.count {
        let c = buffer[position]
        if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A
          || c == 0x0D || c == 0x09 { break }
        position += 1
      }
      if position == start { fail() }
    }
  }

  /// Whether one of the eight bytes of `word` is `byte` (the zero-byte test, exact).
  static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
    let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
  }

  private mutating func skipString() {
    position += 1
    while position < buffer.count {
      // Eight bytes at a time while none is a quote or a backslash.
      if position + 8 <= buffer.count {
        let word = buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        if !Self.hasByte(word, 0x22), !Self.hasByte(word, 0x5C) {
          position += 8
          continue
        }
      }
      let b = buffer[position]
      if b == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      position += 1
      if b == UInt8(ascii: "\"") { return }
    }
    fail()
  }
}

extension Substring {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    String(self).split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
