import TrackerCodec
import TrackerModel

/// Reads iCalendar bytes into components: unfolds lines (CRLF or bare LF), splits names,
/// parameters and values, and matches `BEGIN`/`END`.
///
/// Lenient about line ends, name case and blank lines; strict about structure. Errors are
/// ``CodecError`` `.malformedInput` with the 1-based line and column.
public struct ICalendarParser {
  let fileName: String

  /// How deep components may nest (`BEGIN` inside `BEGIN`); deeper is malformed.
  public static let maxDepth = 32

  /// A parser whose errors name `fileName`.
  public init(fileName: String) { self.fileName = fileName }

  /// The top-level components of `bytes` (normally one `VCALENDAR`).
  ///
  /// With `streaming`, each component directly inside a `VCALENDAR` is handed to `visit` as
  /// soon as it ends and not kept in the tree, so a large calendar is never held whole.
  public func parse(_ bytes: UnsafeRawBufferPointer, streaming: Bool = false,
                    visit: (ICalendarComponent) throws -> Void = { _ in }) throws -> [ICalendarComponent] {
    var stack: [ICalendarComponent] = []
    var roots: [ICalendarComponent] = []
    var logical: [UInt8] = []
    var logicalLine = 0
    var lineNumber = 0
    var start = 0
    let count = bytes.count
    // A UTF-8 byte order mark is not part of the first line.
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }

    func finish() throws {
      defer { logical.removeAll(keepingCapacity: true) }
      if logical.isEmpty || logical.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
      let property = try parseLine(logical, line: logicalLine)
      switch property.name {
      case "BEGIN":
        let name = property.value.uppercased()
        guard !name.isEmpty else { throw error("BEGIN without a component name", line: logicalLine, column: 7) }
        // Real calendars nest three deep (VCALENDAR, VEVENT, VALARM); a hostile one could nest
        // until the recursion that writes or compares components runs out of stack.
        guard stack.count < Self.maxDepth else {
          throw error("components nested deeper than \(Self.maxDepth)", line: logicalLine, column: 1)
        }
        stack.append(ICalendarComponent(name, line: logicalLine))
      case "END":
        let name = property.value.uppercased()
        guard let open = stack.popLast() else {
          throw error("END:\(property.value) without a matching BEGIN", line: logicalLine, column: 1)
        }
        guard open.name == name else {
          throw error("END:\(property.value) closes BEGIN:\(open.name) of line \(open.line)", line: logicalLine, column: 5)
        }
        if stack.isEmpty {
          roots.append(open)
        } else if streaming, stack.count == 1, stack[0].name == "VCALENDAR" {
          try visit(open)
        } else {
          stack[stack.count - 1].components.append(open)
        }
      default:
        guard !stack.isEmpty else {
          throw error("property \(property.name) outside any component", line: logicalLine, column: 1)
        }
        stack[stack.count - 1].properties.append(property)
      }
    }

    while start < count {
      lineNumber += 1
      var end = start
      while end < count, bytes[end] != 0x0A { end += 1 }
      var stop = end
      if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
      if stop > start, bytes[start] == 0x20 || bytes[start] == 0x09, !logical.isEmpty {
        logical.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<stop]))
      } else {
        try finish()
        logicalLine = lineNumber
        logical.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<stop]))
      }
      start = end + 1
    }
    try finish()
    if let open = stack.last {
      throw error("BEGIN:\(open.name) is never closed by END:\(open.name)", line: open.line, column: 1)
    }
    return roots
  }

  /// Splits one unfolded line into name, parameters and value.
  func parseLine(_ line: [UInt8], line number: Int) throws -> ICalendarProperty {
    var i = 0
    func isNameByte(_ b: UInt8) -> Bool {
      (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
    }
    func column(_ offset: Int) -> Int {
      String(decoding: line[0..<min(offset, line.count)], as: UTF8.self).unicodeScalars.count + 1
    }
    while i < line.count, isNameByte(line[i]) { i += 1 }
    guard i > 0 else { throw error("a content line must start with a property name", line: number, column: 1) }
    let name = String(decoding: line[0..<i], as: UTF8.self).uppercased()
    var property = ICalendarProperty(name, "", line: number)
    while i < line.count, line[i] == UInt8(ascii: ";") {
      i += 1
      let nameStart = i
      while i < line.count, isNameByte(line[i]) { i += 1 }
      guard i > nameStart, i < line.count, line[i] == UInt8(ascii: "=") else {
        throw error("malformed parameter in \(name): expected NAME=VALUE", line: number, column: column(nameStart))
      }
      let parameterName = String(decoding: line[nameStart..<i], as: UTF8.self).uppercased()
      i += 1
      var values: [String] = []
      while true {
        if i < line.count, line[i] == UInt8(ascii: "\"") {
          let open = i
          i += 1
          let valueStart = i
          while i < line.count, line[i] != UInt8(ascii: "\"") { i += 1 }
          guard i < line.count else {
            throw error("unterminated quoted value of parameter \(parameterName)", line: number, column: column(open))
          }
          values.append(String(decoding: line[valueStart..<i], as: UTF8.self))
          i += 1
        } else {
          let valueStart = i
          while i < line.count, line[i] != UInt8(ascii: ";"), line[i] != UInt8(ascii: ":"), line[i] != UInt8(ascii: ","),
                line[i] != UInt8(ascii: "\"") { i += 1 }
          values.append(String(decoding: line[valueStart..<i], as: UTF8.self))
        }
        if i < line.count, line[i] == UInt8(ascii: ",") { i += 1 } else { break }
      }
      property.storedParameters.append(.init(name: parameterName, values: values))
    }
    guard i < line.count, line[i] == UInt8(ascii: ":") else {
      throw error("expected ':' after \(name)", line: number, column: column(i))
    }
    property.value = String(decoding: line[(i + 1)...], as: UTF8.self)
    return property
  }

  func error(_ message: String, line: Int, column: Int) -> CodecError {
    CodecError(.malformedInput, message, location: SourceLocation(file: fileName, line: line, column: column))
  }
}
