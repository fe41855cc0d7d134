import CSVCore
import TrackerModel

/// Where each data row of a table was, kept compactly for the package locator: per row its
/// record number, line and the column of each field; per-field lines only for the rare rows
/// that span several lines.
struct CSVTablePositions: Sendable {
  /// The member's name in diagnostics (`export/trackers.csv`, `export.zip/trackers.csv`).
  let file: String
  /// The header labels, to find a field's file column by name.
  private(set) var labels: [String] = []
  private var records: [Int32] = []
  private var lines: [Int32] = []
  private var columns: [Int32] = []
  private var fieldLines: [Int: [Int32]] = [:]

  init(file: String) { self.file = file }

  /// How many data rows were recorded.
  var count: Int { records.count }

  mutating func setHeader(_ labels: [String]) { self.labels = labels }

  /// Room for `rows` data rows, made once.
  mutating func reserve(_ rows: Int) {
    records.reserveCapacity(rows)
    lines.reserveCapacity(rows)
    columns.reserveCapacity(rows * max(labels.count, 1))
  }

  /// Records data row number ``count`` (0-based), the model entity of the same index.
  mutating func append(_ row: CSVRowView) {
    let entity = records.count
    records.append(Int32(clamping: row.record))
    lines.append(Int32(clamping: row.line))
    var multiline = false
    for i in 0..<labels.count {
      columns.append(i < row.count ? Int32(clamping: row.column(i)) : 0)
    }
    let last = min(row.count, labels.count)
    if last > 1 && row.fieldLine(last - 1) != row.line { multiline = true }
    if multiline {
      fieldLines[entity] = (0..<last).map { Int32(clamping: row.fieldLine($0)) }
    }
  }

  /// The place of entity `index`, at `field` when the file has that column (and the row that
  /// cell), else at the row's first cell with no field.
  func location(entity index: Int, field: String?, pointer: String) -> SourceLocation? {
    guard index >= 0, index < records.count else { return nil }
    var location = SourceLocation(file: file, pointer: pointer, line: Int(lines[index]), column: 1, row: Int(records[index]))
    guard let field, let column = labels.firstIndex(of: field) else {
      if !labels.isEmpty, columns[index * labels.count] > 0 { location.column = Int(columns[index * labels.count]) }
      return location
    }
    let start = columns[index * labels.count + column]
    guard start > 0 else { return location }
    location.field = field
    location.column = Int(start)
    if let perField = fieldLines[index], column < perField.count { location.line = Int(perField[column]) }
    return location
  }
}
