import TrackerModel

/// The shapes of token the anonymizer keeps as structure (``DatasetAnonymizer``): numbers,
/// clock times, colours, periods, weekday names, code words. Byte tests, no regular
/// expressions: extras can hold a string per day of every habit.
enum TokenShape {
  /// A number as JSON or a cell writes it: `12`, `-0.5`, `+3`, `1e9`, `007`.
  static func isNumber(_ word: String) -> Bool {
    var bytes = Substring(word).utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    var digits = 0, dot = false, exponent = false, afterExponent = false
    for byte in bytes {
      switch byte {
      case 0x30...0x39: digits += 1; afterExponent = false
      case UInt8(ascii: "."):
        if dot || exponent || digits == 0 { return false }
        dot = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        if exponent || digits == 0 { return false }
        exponent = true
        afterExponent = true
      case UInt8(ascii: "-"), UInt8(ascii: "+"):
        if !afterExponent { return false }
        afterExponent = false
      default: return false
      }
    }
    return digits > 0 && bytes.last.map { (0x30...0x39).contains($0) } == true
  }

  /// A clock time: `7:30`, `12:0` (Habo), `08:00:00.000`, with `Z` or an offset (`+03:00`).
  static func isClockTime(_ word: String) -> Bool {
    var bytes = Array(word.utf8)
    if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
    if bytes.count > 6, let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign >= 4 {
      let offset = bytes[(sign + 1)...].filter { $0 != UInt8(ascii: ":") }
      guard offset.count == 4 || offset.count == 2, offset.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
      bytes = Array(bytes[..<sign])
    }
    var fraction: [UInt8] = []
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
      fraction = Array(bytes[(dot + 1)...])
      bytes = Array(bytes[..<dot])
      guard !fraction.isEmpty, fraction.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
    }
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), fraction.isEmpty || parts.count == 3 else { return false }
    return parts.allSatisfy { (1...2).contains($0.count) && $0.allSatisfy { (0x30...0x39).contains($0) } }
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`.
  static func isColor(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard bytes.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(bytes.count) else { return false }
    return bytes.dropFirst().allSatisfy(isHexDigit)
  }

  /// A period or repeater: `3/7` (harsh), `1w`, `.+1d`, `++1w`, `-1d`, `.+2d/4d` (org).
  static func isPeriod(_ word: String) -> Bool {
    var bytes = Substring(word).utf8[...]
    var marks = 0
    while let first = bytes.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-"), marks < 2 {
      bytes = bytes.dropFirst()
      marks += 1
    }
    let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    var units = 0
    for part in parts {
      var digits = part[...]
      if let last = digits.last, "hdwmy".utf8.contains(last) {
        units += 1
        digits = digits.dropLast()
      }
      guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
    }
    // A bare number is a number, and `3/7` with no mark a fraction; `+1` alone is no period.
    return units > 0 || (parts.count == 2 && marks == 0)
  }

  /// A month, `YYYY-MM`.
  static func isMonth(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    return bytes.count == 7 && bytes[4] == UInt8(ascii: "-")
      && bytes.enumerated().allSatisfy { $0.offset == 4 || (0x30...0x39).contains($0.element) }
  }

  /// No letter and no digit: punctuation, symbols, emoji (`|`, `—`, `✓`, `🌺`).
  static func isSymbols(_ scalars: [Unicode.Scalar]) -> Bool {
    !scalars.isEmpty && scalars.allSatisfy { !$0.properties.isAlphabetic && $0.properties.numericType == nil }
  }

  /// The weekday an English weekday name says (`Fri`, `friday`, `MON`), and whether it is the
  /// long name; `nil` for any other word.
  static func weekday(_ word: String) -> (Weekday, long: Bool)? {
    let lower = word.lowercased()
    for day in Weekday.allCases {
      let long = day.englishName.lowercased()
      if lower == long { return (day, true) }
      if lower == long.prefix(3) { return (day, false) }
    }
    return nil
  }

  /// An upper-case code: `YES_AUTO`, `NUMERICAL`, `TODO`, `D`, `LAST_REPEAT`.
  static func isUpperCode(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard let first = bytes.first, (0x41...0x5A).contains(first), bytes.count <= 40 else { return false }
    return bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
  }

  /// A code word as programs spell one, at most 40 ASCII characters: lower-case first
  /// (`soft_delete`, `maxGap`, `crlf`, `model-hashes`), words run together with capitals
  /// (`MaterialIcons`, `DmnUAll`), or dotted (`DayType.fail`).
  static func isCodeWord(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard let first = bytes.first, bytes.count <= 40, isLetter(first),
          bytes.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
          let last = bytes.last, isLetter(last) || (0x30...0x39).contains(last) else { return false }
    if (0x61...0x7A).contains(first) { return true }
    let dotted = bytes.split(separator: UInt8(ascii: "."))
    if dotted.count > 1 { return dotted.allSatisfy { $0.first.map(isLetter) == true } }
    // Capitalised: only as words run together (a second capital after a lower-case letter).
    guard bytes.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) }) else { return false }
    return zip(bytes, bytes.dropFirst()).contains { (0x61...0x7A).contains($0.0) && (0x41...0x5A).contains($0.1) }
  }

  private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}
