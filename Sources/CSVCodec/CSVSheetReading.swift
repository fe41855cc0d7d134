import TrackerModel

/// A reader of one single-file table shape, fed record by record after the header.
protocol CSVSheetReading: AnyObject {
  /// Findings so far, located.
  var diagnostics: [Diagnostic] { get }
  /// One data record.
  func row(_ view: CSVRowView) throws
  /// An empty line or a row of empty cells (`blank-row`).
  func blank(line: Int, record: Int)
  /// The dataset and its locator.
  func finish() throws -> (TrackerDataset, CSVTableLocator)
}

extension CSVRowView {
  /// Cell `i`, or `nil` when the row is shorter or the cell empty: an empty cell is an absent
  /// value in every single-file table.
  func cell(_ i: Int?) -> String? {
    guard let i, i < count, !isEmpty(i) else { return nil }
    return string(i)
  }
}
