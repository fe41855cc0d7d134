import TrackerCodec
import TrackerModel

/// The `"trackport"` version: found first, by a skim of the top level when it is not the first
/// key, because the version decides which keys the document defines (the keys of version 2
/// are unknown keys in a version-1 document); then read again in its place.
extension JSONDatasetReader {
  mutating func readVersion() throws {
    switch try JSONDatasetReader.readVersionValue(&scanner) {
    case .supported: versionSeen = true
    case .unsupported(let refusal): throw refusal
    case .notANumber:
      throw typeError("trackport", pointer: "/trackport", "the format version number (\(JSONDatasetReader.readableVersions))")
    }
  }

  /// What the value of `"trackport"` says.
  enum VersionValue {
    /// A number equal to a version this build reads (`1`, `2.0`, `1e0`, `20E-1` ...), consumed.
    case supported(Int)
    /// Another number, consumed: the refusal to throw.
    case unsupported(JSONReadFailure)
    /// Not a number; nothing consumed.
    case notANumber
  }

  /// The versions this build reads, for messages: `1 or 2`.
  static var readableVersions: String {
    let versions = TrackerDataset.formatVersions.map(String.init)
    guard versions.count > 1 else { return versions.first ?? "" }
    return versions.dropLast().joined(separator: ", ") + " or " + versions[versions.count - 1]
  }

  /// The note of a refusal: `this build reads versions 1 and 2`.
  static var versionNote: String {
    let versions = TrackerDataset.formatVersions.map(String.init)
    guard versions.count > 1 else { return "this build reads version " + (versions.first ?? "") }
    return "this build reads versions " + versions.dropLast().joined(separator: ", ") + " and "
      + versions[versions.count - 1]
  }

  /// Reads the value of `"trackport"` at the scanner's position: the one place that decides
  /// which versions this build reads (``TrackerDataset/formatVersions``). Throws only for a
  /// broken number.
  static func readVersionValue(_ scanner: inout JSONScanner) throws -> VersionValue {
    guard let b = scanner.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else { return .notANumber }
    let span = try scanner.readNumber()
    let digit = UnsafeRawBufferPointer(rebasing: scanner.buffer[span]).withMemoryRebound(to: UInt8.self) {
      JSONDatasetReader.digitValue($0)
    }
    if let digit, TrackerDataset.formatVersions.contains(digit) { return .supported(digit) }
    return .unsupported(JSONReadFailure(.unsupportedVersion, at: span.lowerBound,
                                        "unsupported trackport format version \(scanner.text(span))",
                                        pointer: "/trackport", note: versionNote))
  }

  /// The value of a valid JSON number literal when it is exactly one of 1 ... 9: one nonzero
  /// digit whose place after the exponent is the units (`2`, `1.00`, `0.2e1`, `100E-2`);
  /// otherwise `nil`.
  static func digitValue(_ literal: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    if i < literal.count, literal[i] == UInt8(ascii: "-") { return nil }
    var digits = 0, integerDigits = -1, nonzero = -1
    var value = 0
    while i < literal.count, literal[i] != UInt8(ascii: "e"), literal[i] != UInt8(ascii: "E") {
      let b = literal[i]
      i += 1
      if b == UInt8(ascii: ".") {
        integerDigits = digits
        continue
      }
      if b != UInt8(ascii: "0") {
        guard nonzero < 0 else { return nil }
        nonzero = digits
        value = Int(b &- 0x30)
      }
      digits += 1
    }
    guard nonzero >= 0 else { return nil }
    if integerDigits < 0 { integerDigits = digits }
    // The power of ten of the nonzero digit before the exponent.
    let place = integerDigits - 1 - nonzero
    var exponent = 0, negative = false
    if i < literal.count {
      i += 1
      if i < literal.count, literal[i] == UInt8(ascii: "+") || literal[i] == UInt8(ascii: "-") {
        negative = literal[i] == UInt8(ascii: "-")
        i += 1
      }
      while i < literal.count {
        exponent = exponent * 10 + Int(literal[i] &- 0x30)
        // Past the literal's own length no exponent can bring the digit back to the units.
        if exponent > literal.count { return nil }
        i += 1
      }
    }
    return place + (negative ? -exponent : exponent) == 0 ? value : nil
  }

  /// The version a document declares, found by skimming the top level for `"trackport"`
  /// (only its first key when that is it, as written by this codec): `.supported`,
  /// `.unsupported` with the refusal, or `nil` when there is none, it is not a number, or the
  /// skim fails first (the document is then refused anyway, for that).
  static func declaredVersion(in buffer: UnsafeRawBufferPointer) -> VersionValue? {
    var s = JSONScanner(buffer)
    do {
      try s.expect(UInt8(ascii: "{"), "")
      var more = try s.hasFirstMember()
      while more {
        let key = try s.readKey()
        if s.token(key, is: "trackport") {
          let value = try readVersionValue(&s)
          if case .notANumber = value { return nil }
          return value
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
