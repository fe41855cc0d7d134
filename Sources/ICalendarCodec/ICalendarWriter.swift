/// Serialises components as RFC 5545 text: CRLF line ends, lines folded at 75 octets without
/// splitting a UTF-8 sequence, parameter values quoted when they must be.
public struct ICalendarWriter {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty writer.
  public init() {}

  /// Appends `component` and everything in it.
  public mutating func write(_ component: ICalendarComponent) {
    writeLine("BEGIN:" + component.name)
    for property in component.properties { write(property) }
    for child in component.components { write(child) }
    writeLine("END:" + component.name)
  }

  /// Appends one property; its value must already be escaped for its type.
  public mutating func write(_ property: ICalendarProperty) {
    var line = property.name
    for parameter in property.storedParameters {
      line += ";" + parameter.name + "=" + parameter.values.map(ICalendarText.parameterValue).joined(separator: ",")
    }
    line += ":" + property.value
    writeLine(line)
  }

  /// Appends `line` folded: each physical line holds at most 75 octets before its CRLF, and a
  /// continuation starts with one space (which counts toward its 75).
  public mutating func writeLine(_ line: String) {
    var line = line
    line.withUTF8 { utf8 in
      var start = 0
      var limit = 75
      while utf8.count - start > limit {
        var cut = start + limit
        // Step back to the first byte of a UTF-8 sequence (continuation bytes are 10xxxxxx).
        while cut > start, utf8[cut] & 0xC0 == 0x80 { cut -= 1 }
        append(UnsafeBufferPointer(rebasing: utf8[start..<cut]))
        bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
        start = cut
        limit = 74
      }
      append(UnsafeBufferPointer(rebasing: utf8[start...]))
      bytes.append(0x0D)
      bytes.append(0x0A)
    }
  }

  /// Appends raw bytes; a bare CR or LF, which would end the line early, becomes a space
  /// (callers escape them: this is a last guard).
  private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
    let start = bytes.count
    bytes.append(contentsOf: chunk)
    if chunk.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
      for i in start..<bytes.count where bytes[i] == 0x0D || bytes[i] == 0x0A { bytes[i] = 0x20 }
    }
  }

  /// Hands over the bytes written so far and starts empty, so output can be streamed.
  public mutating func drain() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes
  }
}
