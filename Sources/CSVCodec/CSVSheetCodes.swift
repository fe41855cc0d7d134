import TrackerModel

/// Codes only the single-file tables report.
enum CSVSheetCodes {
  static let unknownColumn = DiagnosticDescriptor(
    code: "unknown-column", severity: .warning,
    summary: "A CSV column the table does not define; its cells are kept in extras[\"csv\"] and written back.")
  static let typeError = DiagnosticDescriptor(
    code: "type-error", severity: .error,
    summary: "A CSV cell does not hold a value of its column's type (a day, a weekday list, true/false).")
  static let defaultedField = DiagnosticDescriptor(
    code: "defaulted-field", severity: .warning,
    summary: "A field the table does not give was filled in (a palette emoji and colour, an every-day schedule).")
  static let formulaCells = DiagnosticDescriptor(
    code: "formula-cells", severity: .warning,
    summary: "Cells starting with = + - @ were written as they are and may run as formulas in a spreadsheet.")
}
