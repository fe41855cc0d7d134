/// Looks at what comes before the root element, before libxml2 parses anything, so a
/// DOCTYPE is refused before its internal subset (entities, an external DTD) is even read.
enum XMLProlog {
  /// The 0-based byte offset of a `<!DOCTYPE` in the prolog, or `nil` when there is none.
  /// Skips a byte order mark, space, the XML declaration, processing instructions and comments.
  static func doctypeOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let n = bytes.count
    func starts(_ text: String, at index: Int) -> Bool {
      let utf8 = Array(text.utf8)
      guard index + utf8.count <= n else { return false }
      return utf8.indices.allSatisfy { bytes[index + $0] == utf8[$0] }
    }
    func skip(past end: String, from index: Int) -> Int? {
      var j = index
      while j < n {
        if starts(end, at: j) { return j + end.utf8.count }
        j += 1
      }
      return nil
    }
    while i < n {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      case UInt8(ascii: "<"):
        if starts("<?", at: i) {
          guard let next = skip(past: "?>", from: i + 2) else { return nil }
          i = next
        } else if starts("<!--", at: i) {
          guard let next = skip(past: "-->", from: i + 4) else { return nil }
          i = next
        } else if starts("<!DOCTYPE", at: i) {
          return i
        } else {
          return nil
        }
      default: return nil
      }
    }
    return nil
  }

  /// 1-based line and column (in Unicode scalars) of a byte offset.
  static func lineAndColumn(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (line: Int, column: Int) {
    var line = 1, column = 1
    for i in 0..<min(offset, bytes.count) {
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
