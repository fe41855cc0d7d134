import TrackerCodec

/// Writes CSV records to a ``ByteWriter``, quoting as RFC 4180 says, decided on bytes.
///
/// - A field is quoted when it holds the delimiter, a quote, CR or LF, starts or ends with a
///   space or tab (other readers trim them), or is an empty string; quotes inside are doubled.
///   The check runs on UTF-8 bytes, never on `Character`s: `"\r\n"` and a quote followed by a
///   combining mark are single `Character`s in Swift and would slip past.
/// - An empty string is written `""` and a missing value (``writeNull()``) as nothing, which
///   ``CSVParser`` tells apart (``CSVRowView/isQuoted(_:)``); frictionless and spreadsheets read
///   both as empty. A row of one missing value is written `""` too: an empty line would vanish.
/// - Lines end in CRLF (RFC 4180; Excel expects it, and every reader takes it), or in LF alone
///   with ``lineFeedOnly`` (for an app whose own files end so: Habit Builder's backup).
/// - Spreadsheet safety: a cell starting with `=` `+` `-` `@`, tab or CR may run as a formula
///   (OWASP "CSV injection"). With ``spreadsheetSafe`` such a cell gets a leading `'`, which
///   spreadsheets show as text (the value changes, so this is for spreadsheet output only);
///   without it, ``riskyCells`` counts them for a warning. A plain number (`-12`, `+3.5`)
///   is not a formula and is left alone.
package final class CSVWriter {
  /// Where the bytes go; the caller flushes it.
  package let output: ByteWriter
  /// Delimiter and quote (the encoding is always UTF-8 on output).
  package let dialect: CSVDialect
  /// Whether cells that could run as formulas get a leading `'`.
  package let spreadsheetSafe: Bool
  /// Cells written as they were although they start like a formula (when not ``spreadsheetSafe``).
  private(set) var riskyCells = 0
  /// Cells given a leading `'` (when ``spreadsheetSafe``).
  private(set) var neutralisedCells = 0
  /// Records written so far.
  private(set) var records = 0
  /// Whether records end in LF alone rather than CRLF.
  package let lineFeedOnly: Bool

  private var fieldsInRow = 0
  private var onlyNull = true

  package init(output: ByteWriter, dialect: CSVDialect = .standard, spreadsheetSafe: Bool = false,
               lineFeedOnly: Bool = false) {
    self.output = output
    self.dialect = dialect
    self.spreadsheetSafe = spreadsheetSafe
    self.lineFeedOnly = lineFeedOnly
  }

  /// The warning to give when cells that may run as formulas were written as they are.
  package var riskWarning: String? {
    guard riskyCells > 0 else { return nil }
    let cells = riskyCells == 1 ? "1 cell starts" : "\(riskyCells) cells start"
    return "\(cells) with = + - @ and may run as formulas in a spreadsheet; pass --spreadsheet-safe"
  }

  /// Appends a field given as UTF-8 bytes.
  package func writeField(_ bytes: UnsafeRawBufferPointer) {
    separate()
    onlyNull = false
    var prefix = false
    if CSVWriter.startsLikeFormula(bytes) {
      if spreadsheetSafe {
        prefix = true
        neutralisedCells += 1
      } else {
        riskyCells += 1
      }
    }
    guard needsQuotes(bytes) else {
      if prefix { output.write(byte: UInt8(ascii: "'")) }
      output.write(bytes)
      return
    }
    let quote = dialect.quote
    output.write(byte: quote)
    if prefix { output.write(byte: UInt8(ascii: "'")) }
    var start = 0
    for (i, b) in bytes.enumerated() where b == quote {
      output.write(UnsafeRawBufferPointer(rebasing: bytes[start...i]))
      output.write(byte: quote)
      start = i + 1
    }
    output.write(UnsafeRawBufferPointer(rebasing: bytes[start...]))
    output.write(byte: quote)
  }

  /// Appends a field.
  package func writeField(_ text: String) {
    var text = text
    text.withUTF8 { writeField(UnsafeRawBufferPointer($0)) }
  }

  /// Appends a missing value: nothing between the delimiters, which reads back unquoted-empty.
  package func writeNull() {
    separate()
  }

  /// Ends the record with CRLF (LF with ``lineFeedOnly``).
  package func endRow() {
    if fieldsInRow <= 1 && onlyNull {
      output.write(byte: dialect.quote)
      output.write(byte: dialect.quote)
    }
    if !lineFeedOnly { output.write(byte: 0x0D) }
    output.write(byte: 0x0A)
    fieldsInRow = 0
    onlyNull = true
    records += 1
    output.countItems()
  }

  /// Writes a whole record.
  package func writeRow<Fields: Sequence<String>>(_ fields: Fields) {
    for field in fields { writeField(field) }
    endRow()
  }

  private func separate() {
    if fieldsInRow > 0 { output.write(byte: dialect.delimiter) }
    fieldsInRow += 1
  }

  private func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first, let last = bytes.last else { return true }
    if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
    let delimiter = dialect.delimiter, quote = dialect.quote
    for b in bytes where b == delimiter || b == quote || b == 0x0A || b == 0x0D {
      return true
    }
    return false
  }

  /// Whether a cell starts with `=` `+` `-` `@`, tab or CR and is not a plain number.
  package static func startsLikeFormula(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let first = bytes.first else { return false }
    switch first {
    case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D:
      return true
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      return !isPlainNumber(UnsafeRawBufferPointer(rebasing: bytes.dropFirst()))
    default:
      return false
    }
  }

  /// Digits, optionally with one `.` between digits.
  private static func isPlainNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var digitsBefore = 0, digitsAfter = 0, dot = false
    for b in bytes {
      if b >= 0x30 && b <= 0x39 {
        if dot { digitsAfter += 1 } else { digitsBefore += 1 }
      } else if b == UInt8(ascii: ".") && !dot {
        dot = true
      } else {
        return false
      }
    }
    return digitsBefore > 0 && (!dot || digitsAfter > 0)
  }
}
