import CSVCore
import TrackerModel

/// A reader of one single-file table shape, fed record by record after the header.
protocol CSVSheetReading: AnyObject {
  /// Findings so far, located.
  var diagnostics: [Diagnostic] { get }
  /// One data record.
  func row(_ view: CSVRowView) throws
  /// The file name in diagnostics.
  var fileName: String? { get }
  /// Adds a finding.
  func report(_ diagnostic: Diagnostic)
  /// The dataset and its locator.
  func finish() throws -> (TrackerDataset, CSVTableLocator)
}

extension CSVSheetReading {
  /// An empty line or a row of empty cells: skipped, with a `blank-row` warning.
  func blank(line: Int, record: Int) {
    report(CSVProblem.blankRow.diagnostic(
      "blank row skipped", severity: .warning, at: SourceLocation(file: fileName, line: line, column: 1, row: record)))
  }
}

extension CSVRowView {
  /// Cell `i`, or `nil` when the row is shorter or the cell empty: an empty cell is an absent
  /// value in every single-file table.
  func cell(_ i: Int?) -> String? {
    guard let i, i < count, !isEmpty(i) else { return nil }
    return string(i)
  }
}
