import TrackerCodec
import TrackerModel

/// The `"trackport"` version: read once, and found again by a skim when the document breaks
/// before it, so a newer file is refused as such rather than as malformed.
extension JSONDatasetReader {
  mutating func readVersion() throws {
    switch try JSONDatasetReader.readVersionValue(&scanner) {
    case .supported: versionSeen = true
    case .unsupported(let refusal): throw refusal
    case .notANumber: throw typeError("trackport", pointer: "/trackport", "the format version number 1")
    }
  }

  /// What the value of `"trackport"` says.
  enum VersionValue {
    /// A number equal to 1 (`1`, `1.0`, `1e0`, `10E-1` ...), consumed.
    case supported
    /// Another number, consumed: the refusal to throw.
    case unsupported(JSONReadFailure)
    /// Not a number; nothing consumed.
    case notANumber
  }

  /// Reads the value of `"trackport"` at the scanner's position: the one place that decides
  /// which versions this build reads. Throws only for a broken number.
  static func readVersionValue(_ scanner: inout JSONScanner) throws -> VersionValue {
    guard let b = scanner.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else { return .notANumber }
    let span = try scanner.readNumber()
    let isOne = UnsafeRawBufferPointer(rebasing: scanner.buffer[span]).withMemoryRebound(to: UInt8.self) {
      JSONDatasetReader.numberIsOne($0)
    }
    if isOne { return .supported }
    return .unsupported(JSONReadFailure(.unsupportedVersion, at: span.lowerBound,
                                        "unsupported trackport format version \(scanner.text(span))",
                                        pointer: "/trackport", note: "this build reads version 1"))
  }

  /// Whether a valid JSON number literal is exactly 1 in value: one nonzero digit, a `1`,
  /// whose place after the exponent is the units (`1`, `1.00`, `0.1e1`, `100E-2`).
  static func numberIsOne(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    if i < literal.count, literal[i] == UInt8(ascii: "-") { return false }
    var digits = 0, integerDigits = -1, one = -1
    while i < literal.count, literal[i] != UInt8(ascii: "e"), literal[i] != UInt8(ascii: "E") {
      let b = literal[i]
      i += 1
      if b == UInt8(ascii: ".") {
        integerDigits = digits
        continue
      }
      if b != UInt8(ascii: "0") {
        guard b == UInt8(ascii: "1"), one < 0 else { return false }
        one = digits
      }
      digits += 1
    }
    guard one >= 0 else { return false }
    if integerDigits < 0 { integerDigits = digits }
    // The power of ten of the `1` before the exponent.
    let place = integerDigits - 1 - one
    var exponent = 0, negative = false
    if i < literal.count {
      i += 1
      if i < literal.count, literal[i] == UInt8(ascii: "+") || literal[i] == UInt8(ascii: "-") {
        negative = literal[i] == UInt8(ascii: "-")
        i += 1
      }
      while i < literal.count {
        exponent = exponent * 10 + Int(literal[i] &- 0x30)
        // Past the literal's own length no exponent can bring the `1` back to the units.
        if exponent > literal.count { return false }
        i += 1
      }
    }
    return place + (negative ? -exponent : exponent) == 0
  }

  /// The refusal of a document whose top-level `"trackport"` is a number other than 1, found
  /// by skimming the top level; `nil` when there is none (or the skim fails first).
  static func versionRefusal(in buffer: UnsafeRawBufferPointer) -> JSONReadFailure? {
    var s = JSONScanner(buffer)
    do {
      try s.expect(UInt8(ascii: "{"), "")
      var more = try s.hasFirstMember()
      while more {
        let key = try s.readKey()
        if s.token(key, is: "trackport") {
          guard case .unsupported(let refusal) = try readVersionValue(&s) else { return nil }
          return refusal
        }
        try s.skipValue(depth: 1)
        more = try s.hasNextMember()
      }
    } catch {
      return nil
    }
    return nil
  }
}
