import TrackerModel

/// A small JSON text reader and writer for ``JSONValue``s that live inside another format: an
/// `extras` cell of a CSV table, a package descriptor. Shared here because codecs never import
/// each other; the canonical JSON codec keeps its own streaming reader.
///
/// Numbers keep their literal text both ways; object members keep their order.
public enum JSONText {
  /// Why a text is not one JSON value: a message and the 0-based UTF-8 offset it stopped at.
  public struct Failure: Error, Hashable, Sendable {
    /// One lower-case clause (`unterminated string`).
    public var message: String
    /// 0-based byte offset into the text.
    public var offset: Int
  }

  /// Nesting deeper than this fails instead of exhausting the stack.
  public static let maximumDepth = 512

  /// Parses exactly one JSON value, surrounded by optional whitespace. Objects that repeat a
  /// key are refused, as the canonical JSON reader refuses them.
  public static func parse(_ text: String) throws(Failure) -> JSONValue {
    var text = text
    let result: Result<JSONValue, Failure> = text.withUTF8 { utf8 in
      var parser = JSONTextParser(UnsafeRawBufferPointer(utf8))
      do throws(Failure) {
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == utf8.count else { throw parser.fail("unexpected text after the value") }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses the bytes of a whole file as exactly one JSON value: they must be UTF-8 (a
  /// leading byte order mark is skipped), and the offset of a failure is into these bytes.
  public static func parse(bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
    try parse(bytes: bytes, deferring: []).value
  }

  /// Parses a whole file as ``parse(bytes:)`` does, except that an array under a member named
  /// in `keys` is checked (it fails exactly as it would when built) but not built: the tree
  /// holds `null` there and `deferred` says where its bytes are, to build with
  /// ``parseDeferred(_:in:)`` when it is read.
  static func parse(bytes: UnsafeRawBufferPointer, deferring keys: Set<String>) throws(Failure)
    -> (value: JSONValue, deferred: [String: DeferredValue]) {
    var parser = JSONTextParser(bytes, deferring: keys)
    parser.skipByteOrderMark()
    if let bad = UTF8Scan.firstInvalidOffset(in: bytes, from: parser.position) {
      throw Failure(message: "the text is not UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", offset: bad)
    }
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == bytes.count else { throw parser.fail("unexpected text after the value") }
    return (value, parser.deferred)
  }

  /// Builds a value that ``parse(bytes:deferring:)`` checked and deferred, from the same bytes.
  static func parseDeferred(_ deferred: DeferredValue, in bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
    var parser = JSONTextParser(bytes, at: deferred.range.lowerBound)
    return try parser.value(depth: deferred.depth)
  }

  /// The value on one line without spaces (`{"a":[1,true]}`), as canonical JSON escapes strings.
  ///
  /// - Throws: ``Failure`` when a `.number` does not hold a JSON number (offset 0).
  public static func compact(_ value: JSONValue) throws(Failure) -> String {
    var out: [UInt8] = []
    try write(value, to: &out, indent: nil, level: 0)
    return String(decoding: out, as: UTF8.self)
  }

  /// The value over several lines with 2-space indent and `": "` after keys; arrays of scalars
  /// stay on one line. Ends without a newline.
  ///
  /// - Throws: ``Failure`` when a `.number` does not hold a JSON number (offset 0).
  public static func pretty(_ value: JSONValue) throws(Failure) -> String {
    var out: [UInt8] = []
    try write(value, to: &out, indent: 2, level: 0)
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `text` is a JSON number literal (RFC 8259 grammar).
  public static func isNumber(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      var parser = JSONTextParser(UnsafeRawBufferPointer(utf8))
      guard (try? parser.number()) != nil else { return false }
      return parser.position == utf8.count
    }
  }

  private static func write(_ value: JSONValue, to out: inout [UInt8], indent: Int?, level: Int) throws(Failure) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text):
      guard isNumber(text) else { throw Failure(message: "\(text.debugDescription) is not a JSON number", offset: 0) }
      out.append(contentsOf: text.utf8)
    case .string(let text): appendQuoted(text, to: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      let multiline = indent != nil && elements.contains { if case .array = $0 { true } else if case .object = $0 { true } else { false } }
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(contentsOf: (indent != nil && !multiline ? ", " : ",").utf8) }
        if multiline, let indent { newline(&out, indent * (level + 1)) }
        try write(element, to: &out, indent: indent, level: level + 1)
      }
      if multiline, let indent { newline(&out, indent * level) }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      out.append(UInt8(ascii: "{"))
      for (i, member) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        if let indent { newline(&out, indent * (level + 1)) }
        appendQuoted(member.key, to: &out)
        out.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
        try write(member.value, to: &out, indent: indent, level: level + 1)
      }
      if let indent { newline(&out, indent * level) }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ spaces: Int) {
    out.append(0x0A)
    out.append(contentsOf: repeatElement(0x20, count: spaces))
  }

  /// A quoted JSON string literal: only `"`, `\` and control characters are escaped (at the
  /// byte level; non-ASCII stays UTF-8). The one escaping routine of every JSON TrackerPort
  /// writes: the canonical JSON writer, extras cells, the command line's JSON reports.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a quoted JSON string literal (see ``quoted(_:)``).
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quotedCapacity(utf8.count)) { room in
        guard let start = room.baseAddress else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: writeQuoted(utf8, to: start)))
      }
    }
  }

  /// The most bytes ``writeQuoted(_:to:)`` writes for `count` bytes of UTF-8: six a byte
  /// (`\u001f`) and the two quotes.
  @inline(__always)
  public static func quotedCapacity(_ count: Int) -> Int { count * 6 + 2 }

  /// Writes `utf8` as a quoted JSON string literal (see ``quoted(_:)``) at `out`, which has
  /// room for ``quotedCapacity(_:)`` bytes; returns how many it wrote. For a writer that
  /// keeps its own buffer.
  public static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\"")
    var written = 1
    var run = 0
    guard let source = utf8.baseAddress else {
      out[1] = UInt8(ascii: "\"")
      return 2
    }
    let count = utf8.count
    var i = 0
    while i < count {
      // Eight bytes at a time past the ones that need no escape (ids, most text).
      if i + 8 <= count, !needsEscape(UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)) {
        i += 8
        continue
      }
      let b = source[i]
      i += 1
      guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
      let at = i - 1
      (out + written).update(from: source + run, count: at - run)
      written += at - run
      written += escape(b, to: out + written)
      run = i
    }
    (out + written).update(from: source + run, count: utf8.count - run)
    written += utf8.count - run
    out[written] = UInt8(ascii: "\"")
    return written + 1
  }

  /// Whether any of the eight bytes of `word` is `"`, `\` or a control character (below 0x20).
  /// A byte of 0x80 or more never needs one, and never makes this true.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let control = (word &- ones &* 0x20) & ~word & highs
    return (control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))) != 0
  }

  /// Writes the escape of `b` (`"`, `\` or a control character) at `out`; returns its length.
  private static func escape(_ b: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\\")
    switch b {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = b
    case 0x0A: out[1] = UInt8(ascii: "n")
    case 0x0D: out[1] = UInt8(ascii: "r")
    case 0x09: out[1] = UInt8(ascii: "t")
    case 0x08: out[1] = UInt8(ascii: "b")
    case 0x0C: out[1] = UInt8(ascii: "f")
    default:
      let hex: StaticString = "0123456789abcdef"
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hex.utf8Start[Int(b >> 4)]
      out[5] = hex.utf8Start[Int(b & 0x0F)]
      return 6
    }
    return 2
  }
}

/// Where a value that was checked but not built lies in its document.
struct DeferredValue: Sendable {
  /// Its bytes, from its first to just past its last.
  var range: Range<Int>
  /// How deep it is nested (for the same depth limit).
  var depth: Int
}
