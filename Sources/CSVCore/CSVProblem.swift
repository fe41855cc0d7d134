import TrackerCodec
import TrackerModel

/// A problem in a CSV file, under a stable code modelled on frictionless' error types.
///
/// The parser throws the first three as ``CodecError`` `.malformedInput` (and warns with the
/// fourth); the table layer raises
/// the others (it knows the header and the columns' types). Errors make a row unreadable, so a
/// package is refused after every problem of every table has been collected; identity and
/// reference problems (duplicate ids, unknown categories) are left to the model rules, whose
/// findings the package locator points back at file, row, field, line and column. A thrown
/// error's code travels at the end of its message as `[code]`, and ``init(_:)`` reads it back.
package enum CSVProblem: String, CaseIterable, Sendable {
  /// A quoted field still open at the end of the input.
  case unclosedQuote = "unclosed-quote"
  /// A quote inside an unquoted field, or text after a closing quote.
  case strayQuote = "stray-quote"
  /// Bytes that are not UTF-8 (or not windows-1251, when that encoding is chosen).
  case encodingError = "encoding-error"
  /// A file read in a single-byte encoding (`--encoding windows-1251`) that is valid UTF-8
  /// with non-ASCII text: almost surely UTF-8, read as mojibake ("CafГ©").
  case encodingImplausible = "encoding-implausible"
  /// An empty line between records.
  case blankRow = "blank-row"
  /// A row with fewer fields than the header.
  case missingCell = "missing-cell"
  /// A row with more fields than the header.
  case extraCell = "extra-cell"
  /// Two header cells with the same label.
  case duplicateLabel = "duplicate-label"
  /// A column the table's format requires is not in the header.
  case missingLabel = "missing-label"
  /// An empty header cell.
  case blankLabel = "blank-label"
  /// A column the table's format does not define; its cells are kept in `extras["csv"]`.
  case unknownColumn = "unknown-column"
  /// A cell that does not hold a value of its column's type (a date, a boolean, a weekday).
  case typeError = "type-error"

  /// The code as users see it and `--select`/`--ignore` take it.
  package var code: String { rawValue }

  /// One line for `trackport rules`.
  package var summary: String {
    switch self {
    case .unclosedQuote: "A quoted field is still open at the end of the file."
    case .strayQuote: "A quote appears inside an unquoted field or after a closing quote."
    case .encodingError: "The bytes are not valid text in the file's encoding."
    case .encodingImplausible: "The file was read in the single-byte encoding given with --encoding, but its bytes are valid UTF-8 with non-ASCII text: it is almost surely UTF-8, and its text came out garbled (\"CafГ©\" for \"Café\")."
    case .blankRow: "An empty line or a row of empty cells lies between records."
    case .missingCell: "A row has fewer cells than the header."
    case .extraCell: "A row has more cells than the header."
    case .duplicateLabel: "Two header cells have the same label."
    case .missingLabel: "A column the table requires is missing from the header."
    case .blankLabel: "A header cell is empty."
    case .unknownColumn: "A column the format does not define; its cells are kept in extras[\"csv\"] and written back."
    case .typeError: "A cell does not hold a value of its column's type."
    }
  }

  /// Every problem but an unknown column makes its row unreadable.
  package var severity: Severity { self == .unknownColumn || self == .encodingImplausible ? .warning : .error }

  /// The code with its severity and summary, for a codec's descriptor and `trackport rules`.
  package var descriptor: DiagnosticDescriptor {
    DiagnosticDescriptor(code: code, severity: severity, summary: summary)
  }

  /// Every code's descriptor.
  package static var descriptors: [DiagnosticDescriptor] { allCases.map(\.descriptor) }

  /// The problem an error was raised under, read from the `[code]` that ends its message.
  package init?(_ error: CodecError) {
    guard error.message.hasSuffix("]"), let open = error.message.lastIndex(of: "[") else { return nil }
    let code = error.message[error.message.index(after: open)..<error.message.index(before: error.message.endIndex)]
    self.init(rawValue: String(code))
  }

  /// A malformed-input error under this code: `message` is one lower-case clause, the code is
  /// appended.
  package func error(_ message: String, at location: SourceLocation, note: String? = nil) -> CodecError {
    CodecError(.malformedInput, "\(message) [\(rawValue)]", location: location, note: note)
  }

  /// A diagnostic under this code, for problems a reader reports and carries on past.
  package func diagnostic(_ message: String, severity: Severity, at location: SourceLocation,
                  note: String? = nil) -> Diagnostic {
    Diagnostic(code: rawValue, severity: severity, message: message, location: location, note: note)
  }
}
