import CSVCore
import TrackerModel

/// Codes only the single-file tables report (the rest are ``CSVProblem``s).
enum CSVSheetCodes {
  static let defaultedField = DiagnosticDescriptor(
    code: "defaulted-field", severity: .warning,
    summary: "A field the table does not give was filled in (a palette emoji and colour, an every-day schedule).")
  static let formulaCells = DiagnosticDescriptor(
    code: "formula-cells", severity: .warning,
    summary: "Cells starting with = + - @ were written as they are and may run as formulas in a spreadsheet.")
}
