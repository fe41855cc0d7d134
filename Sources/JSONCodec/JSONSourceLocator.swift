import TrackerCodec
import TrackerModel

/// Finds where values of a canonical JSON document are in its text, by JSON pointer.
///
/// It keeps the source bytes and rescans them once per ``locate(_:)`` call. The wanted
/// pointers are first turned into a tree of path components, so the scan only decodes keys
/// inside objects on a wanted path and skips everything else without building anything; a
/// million records cost one fast skim unless a record itself is wanted.
public struct JSONSourceLocator: SourceLocator {
  private let bytes: InputBytes
  private let fileName: String?

  /// A locator over a document's bytes (kept, not copied); `fileName` goes into every location.
  public init(source: InputBytes, fileName: String? = nil) {
    self.bytes = source
    self.fileName = fileName
  }

  /// A locator over bytes in memory.
  public init(bytes: [UInt8], fileName: String? = nil) {
    self.init(source: InputBytes(bytes), fileName: fileName)
  }

  /// The line and column of the value at each pointer (of its first byte: the opening brace,
  /// bracket or quote). A pointer to something missing (`/trackers/2/emoji` of a tracker
  /// without an emoji) resolves to its nearest existing ancestor; pointers that are not valid
  /// JSON pointers are left out.
  public func locate(_ pointers: Set<String>) -> [String: SourceLocation] {
    var tree = PathTree()
    var leaves: [(pointer: String, path: [Int])] = []
    for pointer in pointers {
      guard let tokens = PathTree.tokens(of: pointer) else { continue }
      leaves.append((pointer, tree.insert(tokens)))
    }
    guard !leaves.isEmpty else { return [:] }
    bytes.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      // A document that stops being valid midway keeps what was found before.
      try? tree.walk(0, &scanner, depth: 0)
    }
    // Each pointer lands on its deepest node that was found.
    var wanted: [(pointer: String, offset: Int)] = []
    for leaf in leaves {
      var offset = -1
      for node in leaf.path where tree.offsets[node] >= 0 { offset = tree.offsets[node] }
      if offset >= 0 { wanted.append((leaf.pointer, offset)) }
    }
    wanted.sort { $0.offset < $1.offset }
    var result: [String: SourceLocation] = [:]
    result.reserveCapacity(wanted.count)
    bytes.withUnsafeBytes { buffer in
      var position = JSONTextPosition(buffer)
      for item in wanted {
        let (line, column) = position.lineAndColumn(at: item.offset)
        result[item.pointer] = SourceLocation(file: fileName, pointer: item.pointer, line: line, column: column)
      }
    }
    return result
  }
}

/// The wanted pointers as a tree: node 0 is the document; a child per key, and per array
/// index for tokens that are array indices. ``offsets`` holds where each node's value starts
/// once found (-1 until then).
private struct PathTree {
  var keyChildren: [[String: Int]] = [[:]]
  var indexChildren: [[Int: Int]] = [[:]]
  var offsets: [Int] = [-1]

  /// Reference tokens of an RFC 6901 pointer, unescaped; `nil` when it is not one.
  static func tokens(of pointer: String) -> [String]? {
    if pointer.isEmpty { return [] }
    guard pointer.hasPrefix("/") else { return nil }
    return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { token in
      token.contains("~") ? String(token).replacing("~1", with: "/").replacing("~0", with: "~") : String(token)
    }
  }

  /// Adds a path; returns the nodes along it, root first.
  mutating func insert(_ tokens: [String]) -> [Int] {
    var node = 0
    var path = [0]
    for token in tokens {
      if let child = keyChildren[node][token] {
        node = child
      } else {
        let child = offsets.count
        keyChildren.append([:])
        indexChildren.append([:])
        offsets.append(-1)
        keyChildren[node][token] = child
        if let index = PathTree.arrayIndex(token) { indexChildren[node][index] = child }
        node = child
      }
      path.append(node)
    }
    return path
  }

  /// `0` or a number without leading zeros, as RFC 6901 writes array indices.
  private static func arrayIndex(_ token: String) -> Int? {
    guard let first = token.utf8.first, token.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
          first != 0x30 || token.utf8.count == 1 else { return nil }
    return Int(token)
  }

  /// Records where `node`'s value starts, then descends only into wanted children.
  mutating func walk(_ node: Int, _ scanner: inout JSONScanner, depth: Int) throws {
    guard let b = scanner.peek() else { throw scanner.endOfInput }
    offsets[node] = scanner.position
    switch b {
    case UInt8(ascii: "{") where !keyChildren[node].isEmpty && depth < JSONScanner.maximumDepth:
      scanner.position += 1
      var more = try scanner.hasFirstMember()
      while more {
        let key = try scanner.readKey()
        if let child = keyChildren[node][scanner.string(key)] {
          try walk(child, &scanner, depth: depth + 1)
        } else {
          try PathTree.skim(&scanner)
        }
        more = try scanner.hasNextMember()
      }
    case UInt8(ascii: "[") where !indexChildren[node].isEmpty && depth < JSONScanner.maximumDepth:
      scanner.position += 1
      // Wanted indices in order; the elements between them are skimmed in one loop each.
      let wanted = indexChildren[node].sorted { $0.key < $1.key }
      var next = 0
      var index = 0
      var more = try scanner.hasFirstElement()
      while more {
        guard next < wanted.count else {
          _ = try PathTree.skimElements(Int.max, &scanner)
          break
        }
        if wanted[next].key > index {
          let gap = wanted[next].key - index
          more = try PathTree.skimElements(gap, &scanner)
          index += gap
          continue
        }
        try walk(wanted[next].value, &scanner, depth: depth + 1)
        next += 1
        index += 1
        more = try scanner.hasNextElement()
      }
    default:
      try PathTree.skim(&scanner)
    }
  }

  /// Skips one value by counting brackets outside strings, without validating: the document
  /// was validated when it was decoded. Fails at the end of input.
  static func skim(_ scanner: inout JSONScanner) throws {
    guard let first = scanner.peek() else { throw scanner.endOfInput }
    let buffer = scanner.buffer
    let count = scanner.count
    var i = scanner.position
    if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
      if first == UInt8(ascii: "\"") {
        i = try skimString(buffer, count, from: i)
      } else {
        // A number or literal: up to the next delimiter.
        while i < count {
          let b = buffer[i]
          if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == 0x20
            || b == 0x0A || b == 0x0D || b == 0x09 { break }
          i += 1
        }
      }
      scanner.position = i
      return
    }
    var depth = 0
    while i < count {
      let b = buffer[i]
      if b == UInt8(ascii: "\"") {
        i = try skimString(buffer, count, from: i)
        continue
      }
      if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
        depth += 1
      } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 {
          scanner.position = i + 1
          return
        }
      }
      i += 1
    }
    throw scanner.endOfInput
  }

  /// Skips `count` elements of the array the scanner is in (it is at an element), leaving it
  /// at the element after them; `false` when the array ends first (its `]` consumed).
  static func skimElements(_ count: Int, _ scanner: inout JSONScanner) throws -> Bool {
    let buffer = scanner.buffer
    let end = scanner.count
    var depth = 0
    var commas = 0
    var i = scanner.position
    while i < end {
      switch buffer[i] {
      case UInt8(ascii: "\""):
        i = try skimString(buffer, end, from: i)
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 {
          scanner.position = i + 1
          return false
        }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 {
          commas += 1
          if commas == count {
            scanner.position = i + 1
            return true
          }
        }
      default:
        break
      }
      i += 1
    }
    throw scanner.endOfInput
  }

  /// The offset after the string whose opening quote is at `start`.
  private static func skimString(_ buffer: UnsafeRawBufferPointer, _ count: Int, from start: Int) throws -> Int {
    var i = start + 1
    while true {
      i = JSONScanner.skipPlainASCII(buffer, from: i, count: count)
      guard i < count else { break }
      let b = buffer[i]
      if b == UInt8(ascii: "\"") { return i + 1 }
      i += b == UInt8(ascii: "\\") ? 2 : 1
    }
    throw JSONReadFailure(at: start, "unterminated string")
  }
}
