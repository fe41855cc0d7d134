import TrackerModel

/// A day format for date cells: `YYYY`, `MM` and `DD` with literal separators between them
/// (`YYYY-MM-DD`, `DD.MM.YYYY`, `MM/DD/YYYY`); where a reader allows it, `YY` for a two-digit
/// year of 2000–2099 (`DD.MM.YY`, the short date of many phones).
///
/// Reading, `MM` and `DD` take one or two digits (spreadsheets write `1/5/2026`) and spaces
/// around the cell are ignored; writing pads them to two. Shared by the CSV and HabitBull
/// codecs.
package struct CSVDateFormat: Hashable, Sendable, CustomStringConvertible {
  package enum Part: Hashable, Sendable {
    case year, month, day
    /// Two digits, the year 2000 + them.
    case shortYear
    case literal(UInt8)
  }

  /// The pattern as given (`DD.MM.YYYY`).
  package let pattern: String
  package let parts: [Part]

  package static let iso = CSVDateFormat(valid: "YYYY-MM-DD")
  package static let russian = CSVDateFormat(valid: "DD.MM.YYYY")
  package static let american = CSVDateFormat(valid: "MM/DD/YYYY")
  package static let european = CSVDateFormat(valid: "DD/MM/YYYY")

  /// The formats auto-detection tries, in this order.
  package static let candidates: [CSVDateFormat] = [.iso, .russian, .american, .european]

  /// `nil` unless the pattern holds each of `YYYY` (or, with `shortYear`, `YY`), `MM` and `DD`
  /// once, separated by ASCII punctuation or spaces. A format that writes is never given
  /// `shortYear`: a two-digit year cannot say every year.
  package init?(_ pattern: String, shortYear: Bool = false) {
    var parts: [Part] = []
    let bytes = Array(pattern.utf8)
    var i = 0
    while i < bytes.count {
      let rest = bytes[i...]
      if rest.starts(with: Array("YYYY".utf8)) {
        parts.append(.year); i += 4
      } else if shortYear, rest.starts(with: Array("YY".utf8)) {
        parts.append(.shortYear); i += 2
      } else if rest.starts(with: Array("MM".utf8)) {
        parts.append(.month); i += 2
      } else if rest.starts(with: Array("DD".utf8)) {
        parts.append(.day); i += 2
      } else if bytes[i] < 0x80, !(0x30...0x39).contains(bytes[i]),
                !(0x41...0x5A).contains(bytes[i]), !(0x61...0x7A).contains(bytes[i]) {
        parts.append(.literal(bytes[i])); i += 1
      } else {
        return nil
      }
    }
    guard parts.filter({ $0 == .year || $0 == .shortYear }).count == 1, parts.filter({ $0 == .month }).count == 1,
          parts.filter({ $0 == .day }).count == 1 else { return nil }
    for (a, b) in zip(parts, parts.dropFirst()) {
      if case .literal = a { continue }
      if case .literal = b { continue }
      return nil  // two numbers without a separator could not take 1-2 digits
    }
    self.pattern = pattern
    self.parts = parts
  }

  private init(valid pattern: String) {
    self.pattern = pattern
    self.parts = CSVDateFormat(pattern)?.parts ?? []
  }

  package var description: String { pattern }

  /// The day written in `text`, or `nil` when it does not fit or does not exist.
  package func parse(_ text: String) -> LocalDate? {
    var text = text
    return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// The day written in a cell's UTF-8 bytes, or `nil` when it does not fit or does not exist.
  package func parse(_ utf8: UnsafeRawBufferPointer) -> LocalDate? {
    var end = utf8.count
    while end > 0, utf8[end - 1] == 0x20 { end -= 1 }
    var i = 0
    while i < end, utf8[i] == 0x20 { i += 1 }
    var year = 0, month = 0, day = 0
    for part in parts {
      switch part {
      case .literal(let b):
        guard i < end, utf8[i] == b else { return nil }
        i += 1
      case .year, .shortYear, .month, .day:
        let most = part == .year ? 4 : 2
        let least = part == .year ? 4 : part == .shortYear ? 2 : 1
        var value = 0, digits = 0
        while i < end, digits < most, (0x30...0x39).contains(utf8[i]) {
          value = value * 10 + Int(utf8[i] - 0x30)
          digits += 1
          i += 1
        }
        guard digits >= least else { return nil }
        switch part {
        case .year: year = value
        case .shortYear: year = 2000 + value
        case .month: month = value
        default: day = value
        }
      }
    }
    guard i == end else { return nil }
    return LocalDate(year: year, month: month, day: day)
  }

  /// Two-digit-year formats, never detected (a short year could be any century) but named in
  /// the hint when a day fits one of them.
  package static let shortYearCandidates: [CSVDateFormat] =
    ["DD.MM.YY", "MM/DD/YY", "DD/MM/YY", "YY-MM-DD"].compactMap { CSVDateFormat($0, shortYear: true) }

  /// The format to write with: this one, with a `YY` year written as `YYYY` (a format read with
  /// `DD.MM.YY` writes `DD.MM.YYYY`), so no century is lost.
  package var writing: CSVDateFormat {
    guard parts.contains(.shortYear) else { return self }
    var pattern = ""
    for part in parts {
      switch part {
      case .literal(let b): pattern.unicodeScalars.append(Unicode.Scalar(b))
      case .year, .shortYear: pattern += "YYYY"
      case .month: pattern += "MM"
      case .day: pattern += "DD"
      }
    }
    return CSVDateFormat(valid: pattern)
  }

  /// `date` in this format, zero-padded. Never for a `YY` format (made with `shortYear`, for
  /// reading only): two digits cannot say every year.
  package func format(_ date: LocalDate) -> String {
    precondition(!parts.contains(.shortYear), "a YY date format is for reading only")
    let (year, month, day) = date.components
    var text = ""
    for part in parts {
      switch part {
      case .literal(let b): text.unicodeScalars.append(Unicode.Scalar(b))
      case .year: text += pad(year, 4)
      case .shortYear: break
      case .month: text += pad(month, 2)
      case .day: text += pad(day, 2)
      }
    }
    return text
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// The one candidate format that reads every value, or why there is none.
  package enum Detection {
    case found(CSVDateFormat)
    /// Several formats read every value (`01/02/2026`): the user must choose.
    case ambiguous([CSVDateFormat])
    /// No format reads every value; `best` reads the most of them.
    case none(best: CSVDateFormat)
  }

  /// Detects the format of `values` among ``candidates``; no values at all (a header-only log,
  /// or one whose `done` filter kept no row) is no reason to ask: `YYYY-MM-DD`.
  package static func detect(_ values: some Collection<String>) -> Detection {
    if values.isEmpty { return .found(.iso) }
    var fits = candidates.map { _ in 0 }
    for value in values {
      for (k, format) in candidates.enumerated() where format.parse(value) != nil { fits[k] += 1 }
    }
    let all = candidates.indices.filter { fits[$0] == values.count }
    if all.count == 1 { return .found(candidates[all[0]]) }
    if all.count > 1 { return .ambiguous(all.map { candidates[$0] }) }
    let best = candidates.indices.max { fits[$0] < fits[$1] } ?? 0
    return .none(best: candidates[best])
  }
}
