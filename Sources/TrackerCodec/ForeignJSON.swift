import TrackerModel

/// A JSON file another app wrote (Table Habit, Habo, beaverhabits, Habitica), read whole into
/// a ``JSONValue`` tree, with every error placed in the file.
///
/// The canonical JSON codec streams its own format; an app's export is small next to it and
/// its shape is the app's, so its codec reads the tree with ``ForeignJSONValue`` and reports a
/// wrong type or a missing member at its line and column (found again in the bytes, only when
/// an error is reported: nothing is kept per value).
public struct ForeignJSON: Sendable {
  /// The document's top-level value.
  public let root: JSONValue
  /// The name in every location (the input's display name unless the caller gave another).
  public let fileName: String
  private let bytes: InputBytes
  /// The arrays checked but not built at parse time, by pointer (see `deferring`).
  private let deferred: [String: DeferredValue]

  /// Reads all of `input` as one JSON value.
  ///
  /// - Parameter format: the app's format in plain words, for messages
  ///   (`a Table Habit export`).
  /// - Throws: ``CodecError`` `.malformedInput` at the line and column where the text stops
  ///   being JSON (or is not UTF-8); `.cannotReadInput` from the input.
  ///   - deferring: member names whose array values are checked now (the whole file must be
  ///     JSON, with the same errors) but built only when ``ForeignJSONValue/member(_:)`` or
  ///     ``ForeignJSONValue/members()`` reads them, one at a time. For the few big lists of a
  ///     format (Habitica's per-task `history`): the whole tree never exists at once. In
  ///     ``root`` and a parent's `value` such a member is `null`.
  public init(_ input: CodecInput, fileName: String, format: String, deferring: Set<String> = []) throws {
    try self.init(source: try input.bytes(), fileName: fileName, format: format, deferring: deferring)
  }

  /// Reads bytes already in memory (tests).
  public init(bytes: [UInt8], fileName: String, format: String, deferring: Set<String> = []) throws {
    try self.init(source: InputBytes(bytes), fileName: fileName, format: format, deferring: deferring)
  }

  private init(source: InputBytes, fileName: String, format: String, deferring keys: Set<String>) throws {
    self.bytes = source
    self.fileName = fileName
    let parsed: Result<(value: JSONValue, deferred: [String: DeferredValue]), JSONText.Failure> = source.withUnsafeBytes { buffer in
      Result { () throws(JSONText.Failure) in try JSONText.parse(bytes: buffer, deferring: keys) }
    }
    switch parsed {
    case .success(let result):
      root = result.value
      deferred = result.deferred
    case .failure(let failure):
      var location = SourceLocation(file: fileName)
      let place = source.withUnsafeBytes { TextPosition.lineAndColumn(in: $0, at: failure.offset) }
      location.line = place.line
      location.column = place.column
      throw CodecError(.malformedInput, "not \(format): \(failure.message)", location: location)
    }
  }

  /// The array deferred at `pointer`, built now; `nil` when nothing was deferred there.
  func deferredValue(at pointer: String) -> JSONValue? {
    guard let place = deferred[pointer] else { return nil }
    let built = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONText.Failure) in try JSONText.parseDeferred(place, in: buffer) }
    }
    // The file up to its end is needed no more: its pages go back to the kernel (a reader
    // goes front to back; a later look, such as the locator's, reads them again).
    bytes.releasePages(before: place.range.upperBound)
    // It was checked with the same grammar when the document was read, so it builds.
    return try? built.get()
  }

  /// The top-level value, to read with located errors.
  public var top: ForeignJSONValue { ForeignJSONValue(root, pointer: "", document: self) }

  /// The file, the pointer and (when the pointer or an ancestor exists) its line and column.
  public func location(_ pointer: String) -> SourceLocation {
    var location = SourceLocation(file: fileName, pointer: pointer)
    if let place = locator.locate([pointer])[pointer] {
      location.line = place.line
      location.column = place.column
    }
    return location
  }

  /// A `.malformedInput` error at `pointer`.
  public func failure(_ pointer: String, _ message: String, note: String? = nil) -> CodecError {
    CodecError(.malformedInput, message, location: location(pointer), note: note)
  }

  /// Places warnings that carry only a pointer (set it as the context's ``CodecContext/sourceLocator``).
  public var locator: any SourceLocator { ForeignJSONLocator(bytes: bytes) }
}

/// 1-based lines and columns of byte offsets, columns counted in Unicode scalars, a leading
/// byte order mark not counted (as the canonical JSON codec counts them).
enum TextPosition {
  /// The lines and columns of several offsets in one pass over the bytes.
  static func linesAndColumns(in buffer: UnsafeRawBufferPointer, at targets: Set<Int>) -> [Int: (line: Int, column: Int)] {
    var pages = PassingPages(nil)
    return linesAndColumns(in: buffer, at: targets, pages: &pages)
  }

  /// The same, handing the pages behind the pass back through `pages`.
  static func linesAndColumns(in buffer: UnsafeRawBufferPointer, at targets: Set<Int>,
                              pages: inout PassingPages) -> [Int: (line: Int, column: Int)] {
    var result: [Int: (line: Int, column: Int)] = [:]
    var line = 1
    var lineStart = JSONTextParser.byteOrderMarkLength(buffer)
    var offset = lineStart
    // Scalars counted on the current line up to `counted` (exports are often one long line).
    var counted = lineStart
    var column = 1
    // The scalars of a line are counted in a second pass behind the first (an export is often
    // one line: both go through the whole file).
    var columnPages = pages.restarted(at: counted)
    for target in targets.sorted() {
      // Lines first (one comparison a byte), then the scalars of the target's line.
      let end = min(target, buffer.count)
      while offset < end {
        // Eight bytes at a time while none is a line feed.
        if offset + 8 <= end, !hasLineFeed(buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
          offset += 8
          pages.reached(offset)
          continue
        }
        if buffer[offset] == 0x0A {
          line += 1
          lineStart = offset + 1
        }
        offset += 1
      }
      if counted < lineStart {
        counted = lineStart
        column = 1
      }
      while counted + 8 <= end {
        // Scalars = bytes that are not UTF-8 continuation bytes (10xxxxxx).
        let word = buffer.loadUnaligned(fromByteOffset: counted, as: UInt64.self)
        column += 8 - (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
        counted += 8
        columnPages.reached(counted)
      }
      while counted < end {
        if buffer[counted] & 0xC0 != 0x80 { column += 1 }
        counted += 1
      }
      result[target] = (line, column)
    }
    return result
  }


  /// Whether one of the eight bytes is a line feed (the zero-byte test on `word ^ 0x0A…`).
  private static func hasLineFeed(_ word: UInt64) -> Bool {
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
  }

  static func lineAndColumn(in buffer: UnsafeRawBufferPointer, at target: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var offset = JSONTextParser.byteOrderMarkLength(buffer)
    let end = min(target, buffer.count)
    while offset < end {
      let b = buffer[offset]
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return (line, column)
  }
}

/// Where bytes stop being UTF-8.
enum UTF8Scan {
  /// The offset of the first byte at or after `start` that begins no valid UTF-8 sequence
  /// (overlong forms, surrogates and truncated sequences included), or `nil`.
  static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    // By hand (RFC 3629's table), byte by byte: a scalar parser per character made this check
    // most of the time of reading an app's export.
    var offset = start
    let count = bytes.count
    while offset < count {
      let lead = bytes[offset]
      if lead < 0x80 {
        offset += 1
        continue
      }
      let following: Int
      var low: UInt8 = 0x80, high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: following = 1
      case 0xE0: following = 2; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: following = 2
      case 0xED: following = 2; high = 0x9F
      case 0xF0: following = 3; low = 0x90
      case 0xF1...0xF3: following = 3
      case 0xF4: following = 3; high = 0x8F
      default: return offset
      }
      guard offset + following < count else { return offset }
      let second = bytes[offset + 1]
      guard second >= low, second <= high else { return offset }
      var k = 2
      while k <= following {
        guard bytes[offset + k] & 0xC0 == 0x80 else { return offset }
        k += 1
      }
      offset += following + 1
    }
    return nil
  }

}
