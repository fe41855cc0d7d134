import CSVCore
import TrackerModel

/// Reads one table of a canonical package: the header row first, then one entity per data
/// row. Problems are collected (every problem of the table at once, as frictionless reports
/// them); a row with an error gives no entity, and the package reader refuses the package.
struct CSVTableReader<Mapping: CSVTableMapping>: CSVRowConsumer {
  /// The member's name in diagnostics.
  let file: String
  /// The package version, which decides the known columns.
  let version: Int
  /// The entities read so far, in row order.
  private(set) var entities: [Mapping.Entity] = []
  /// Errors and warnings so far, in file order.
  private(set) var problems: [Diagnostic] = []
  /// Where each entity's row was, for the package locator.
  private(set) var positions: CSVTablePositions
  private var context: CSVRowContext?
  private var header: CSVHeader? { context?.header }
  private var dataRows = 0
  /// The table's size in bytes, when known: after ``sampleRows`` rows the entities' array is
  /// sized for the whole table once, instead of doubling (a doubling copies the array, and for
  /// a table of millions of records the copy was the peak of memory).
  var expectedBytes: Int?
  private var sampledBytes = 0
  static var sampleRows: Int { 2048 }

  init(file: String, version: Int) {
    self.file = file
    self.version = version
    positions = CSVTablePositions(file: file)
  }

  /// Whether any problem is an error.
  var failed: Bool { problems.contains { $0.severity == .error } }

  /// The header as read, once the first row was consumed.
  var labels: [String]? { header?.labels }

  mutating func consume(_ row: CSVRowView) throws {
    guard let context else {
      readHeader(row)
      return
    }
    let header = context.header
    let index = dataRows
    dataRows += 1
    var reader = CSVFieldReader(row: row, context: context, table: Mapping.table, index: index)
    if row.count < header.labels.count {
      for i in row.count..<header.labels.count {
        reader.problems.append(Diagnostic(
          code: CSVProblem.missingCell.code, severity: .error,
          message: "row \(row.record) has \(row.count) of \(header.labels.count) cells; \(header.labels[i].debugDescription) is missing",
          location: SourceLocation(file: file, pointer: reader.pointer, line: row.fieldLine(row.count - 1), row: row.record,
                                   field: header.labels[i])))
      }
    } else if row.count > header.labels.count {
      for i in header.labels.count..<row.count {
        reader.problems.append(Diagnostic(
          code: CSVProblem.extraCell.code, severity: .error,
          message: "row \(row.record) has \(row.count) cells; the header names \(header.labels.count)",
          location: SourceLocation(file: file, pointer: reader.pointer, line: row.fieldLine(i), column: row.column(i),
                                   row: row.record),
          note: "cell \(i + 1) holds \(row.string(i).debugDescription)"))
      }
    }
    let entity = Mapping.entity(&reader, index: index)
    problems += reader.problems
    if let expectedBytes, dataRows <= Self.sampleRows {
      // A row's bytes in the file: its fields, a separator or line end each (quotes not counted,
      // so the estimate errs high, which costs only address space: pages never written are
      // never in memory).
      sampledBytes += row.byteCount + row.count
      if dataRows == Self.sampleRows {
        let estimate = min(expectedBytes / max(1, sampledBytes / Self.sampleRows), 500_000_000) * 5 / 4
        entities.reserveCapacity(estimate)
        positions.reserve(estimate)
      }
    }
    positions.append(row)
    if !reader.problems.contains(where: { $0.severity == .error }) { entities.append(entity) }
  }

  private mutating func readHeader(_ row: CSVRowView) {
    let labels = (0..<row.count).map { row.string($0) }
    let header = CSVHeader(labels: labels, table: Mapping.table, version: version)
    context = CSVRowContext(header: header, file: file)
    positions.setHeader(labels)
    func at(_ i: Int?) -> SourceLocation {
      var location = SourceLocation(file: file, line: row.line, column: 1, row: row.record)
      if let i {
        location.column = row.column(i)
        location.field = labels[i].isEmpty ? nil : labels[i]
      }
      return location
    }
    var seen = Set<String>()
    for (i, label) in labels.enumerated() {
      if label.isEmpty {
        problems.append(Diagnostic(code: CSVProblem.blankLabel.code, severity: .error,
                                   message: "column \(i + 1) of the header has no name", location: at(i)))
      } else if !seen.insert(label).inserted {
        problems.append(Diagnostic(code: CSVProblem.duplicateLabel.code, severity: .error,
                                   message: "column \(label.debugDescription) appears twice in the header", location: at(i)))
      }
    }
    let columns = Mapping.table.columns(version: version)
    for column in columns where column.requiredLabel && header.known[column.name] == nil {
      problems.append(Diagnostic(code: CSVProblem.missingLabel.code, severity: .error,
                                 message: "\(Mapping.table.fileName) has no column \(column.name.debugDescription)",
                                 location: at(nil), note: "its header must name: " + columns.filter(\.requiredLabel).map(\.name).joined(separator: ", ")))
    }
    for column in header.unknown {
      problems.append(Diagnostic(code: CSVProblem.unknownColumn.code, severity: .warning,
                                 message: "unknown column \(column.name.debugDescription) kept in extras[\"csv\"]", location: at(column.index)))
    }
  }

  /// Ends the table: a file with no header row at all is an error.
  mutating func finish() {
    if header == nil {
      problems.append(Diagnostic(code: CSVProblem.missingLabel.code, severity: .error,
                                 message: "\(Mapping.table.fileName) is empty; it needs at least its header row",
                                 location: SourceLocation(file: file, line: 1, column: 1, row: 1)))
    }
  }
}
