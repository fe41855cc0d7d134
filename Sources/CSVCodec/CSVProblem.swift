import TrackerModel

/// The codes the canonical package reader reports, modelled on frictionless error types.
///
/// Errors make a row unreadable, so the package is refused (after every problem of every
/// table has been collected); identity and reference problems (duplicate ids, unknown
/// categories or trackers) are left to the model rules, which the package locator points back
/// at file, row, field, line and column.
enum CSVProblem {
  static let missingLabel = DiagnosticDescriptor(
    code: "missing-label", severity: .error,
    summary: "A CSV table lacks a column its format requires.")
  static let duplicateLabel = DiagnosticDescriptor(
    code: "duplicate-label", severity: .error,
    summary: "A CSV header names one column twice.")
  static let blankLabel = DiagnosticDescriptor(
    code: "blank-label", severity: .error,
    summary: "A CSV header has an empty column name.")
  static let unknownColumn = DiagnosticDescriptor(
    code: "unknown-column", severity: .warning,
    summary: "A CSV table has a column its format does not define; its cells are kept in extras[\"csv\"] and written back.")
  static let missingCell = DiagnosticDescriptor(
    code: "missing-cell", severity: .error,
    summary: "A CSV row has fewer cells than its header.")
  static let extraCell = DiagnosticDescriptor(
    code: "extra-cell", severity: .error,
    summary: "A CSV row has more cells than its header.")
  static let typeError = DiagnosticDescriptor(
    code: "type-error", severity: .error,
    summary: "A CSV cell does not hold a value of its column's type.")

  /// Every code, for the codec descriptor.
  static let all = [missingLabel, duplicateLabel, blankLabel, unknownColumn, missingCell, extraCell, typeError]
}
