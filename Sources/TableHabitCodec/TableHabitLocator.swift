import TrackerModel

/// Places the reader's warnings in the file: the line and column of a JSON pointer, found by
/// scanning bytes already known to be valid JSON, with the offsets of the habits found once.
///
/// ``ForeignJSON/location(_:)`` walks the file from its start for each pointer, which is right
/// for one error; a warning per habit (a frequency, a reminder) in a file of thousands of
/// records would make that walk quadratic.
struct TableHabitLocator {
  private let bytes: [UInt8]
  private let fileName: String
  /// Where each line starts.
  private var lineStarts: [Int] = [0]
  /// Where the top-level `"habits"` array starts, and each of its elements.
  private var habitsOffset: Int?
  private var habitOffsets: [Int] = []

  init(bytes: [UInt8], fileName: String) {
    self.bytes = bytes
    self.fileName = fileName
    for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
    let root = skipSpace(bomLength)
    guard let habits = member("habits", ofObjectAt: root), habits < bytes.count, bytes[habits] == UInt8(ascii: "[") else { return }
    habitsOffset = habits
    habitOffsets = elements(ofArrayAt: habits)
  }

  /// The file, the pointer, and the line and column of the value it names (or of its nearest
  /// ancestor found).
  func location(_ pointer: String) -> SourceLocation {
    var location = SourceLocation(file: fileName, pointer: pointer)
    let offset = self.offset(of: pointer)
    // The last line start at or before the offset (binary search: lines are many).
    var low = 0, high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let line = low
    var position = lineStarts[line]
    if line == 0 { position = max(position, bomLength) }
    var column = 1
    while position < offset {
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    location.line = line + 1
    location.column = column
    return location
  }

  private var bomLength: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

  private func offset(of pointer: String) -> Int {
    var tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
      String($0).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }[...]
    var offset = skipSpace(bomLength)
    if tokens.first == "habits", let habits = habitsOffset {
      offset = habits
      tokens = tokens.dropFirst()
      if let index = tokens.first.flatMap({ Int($0) }) {
        guard habitOffsets.indices.contains(index) else { return offset }
        offset = habitOffsets[index]
        tokens = tokens.dropFirst()
      }
    }
    for token in tokens {
      guard offset < bytes.count else { return offset }
      let next: Int?
      if bytes[offset] == UInt8(ascii: "{") {
        next = member(token, ofObjectAt: offset)
      } else if bytes[offset] == UInt8(ascii: "["), let index = Int(token) {
        let all = elements(ofArrayAt: offset)
        next = all.indices.contains(index) ? all[index] : nil
      } else {
        next = nil
      }
      guard let next else { return offset }
      offset = next
    }
    return offset
  }

  /// The offset of the value of member `key` of the object at `start`.
  private func member(_ key: String, ofObjectAt start: Int) -> Int? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
    let wanted = Array(key.utf8)
    var p = skipSpace(start + 1)
    while p < bytes.count, bytes[p] == UInt8(ascii: "\"") {
      let keyEnd = skipString(p)
      let matches = bytes[(p + 1)..<max(p + 1, keyEnd - 1)].elementsEqual(wanted)
      p = skipSpace(keyEnd)
      guard p < bytes.count, bytes[p] == UInt8(ascii: ":") else { return nil }
      p = skipSpace(p + 1)
      if matches { return p }
      p = skipSpace(skipValue(p))
      guard p < bytes.count, bytes[p] == UInt8(ascii: ",") else { return nil }
      p = skipSpace(p + 1)
    }
    return nil
  }

  /// The offsets of the elements of the array at `start`.
  private func elements(ofArrayAt start: Int) -> [Int] {
    var result: [Int] = []
    var p = skipSpace(start + 1)
    guard p < bytes.count, bytes[p] != UInt8(ascii: "]") else { return [] }
    while p < bytes.count {
      result.append(p)
      p = skipSpace(skipValue(p))
      guard p < bytes.count, bytes[p] == UInt8(ascii: ",") else { break }
      p = skipSpace(p + 1)
    }
    return result
  }

  private func skipSpace(_ start: Int) -> Int {
    var p = start
    while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x0A || bytes[p] == 0x0D || bytes[p] == 0x09 { p += 1 }
    return p
  }

  /// The offset after the string starting at `start` (its opening quote).
  private func skipString(_ start: Int) -> Int {
    var p = start + 1
    while p < bytes.count {
      if bytes[p] == UInt8(ascii: "\\") {
        p += 2
      } else if bytes[p] == UInt8(ascii: "\"") {
        return p + 1
      } else {
        p += 1
      }
    }
    return p
  }

  /// The offset after the value starting at `start`.
  private func skipValue(_ start: Int) -> Int {
    guard start < bytes.count else { return start }
    switch bytes[start] {
    case UInt8(ascii: "\""): return skipString(start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var p = start
      while p < bytes.count {
        switch bytes[p] {
        case UInt8(ascii: "\""):
          p = skipString(p)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return p + 1 }
        default: break
        }
        p += 1
      }
      return p
    default:
      var p = start
      while p < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[p]) { p += 1 }
      return p
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
