import CSVCore
import TrackerCodec
import TrackerModel

/// Reads the cells of one data row by column name, reporting each unreadable cell as a
/// `type-error` at its file, row, field, line and column, and carrying on.
struct CSVFieldReader {
  let row: CSVRowView
  /// The table's header, file name and id interner. Not retained per row (a million rows
  /// would pay a retain and a release each): the table reader owns it for the whole read.
  unowned(unsafe) let context: CSVRowContext
  /// The table the row belongs to.
  let table: CSVTable
  /// The entity's index in its table.
  let index: Int
  /// The row's problems so far; any error makes the row unreadable.
  var problems: [Diagnostic] = []

  var file: String { context.file }

  /// Whether the package is of version 2 or later, whose columns the mappings read only then:
  /// a version-1 row pays nothing for them.
  var hasVersion2: Bool { context.header.version >= 2 }
  /// Whether the table is of format version 3 or later (a goal's period).
  var hasVersion3: Bool { context.header.version >= 3 }

  /// The entity's JSON pointer (`/trackers/3`), built only when a problem needs it.
  var pointer: String { table.pointer + "/\(index)" }

  /// The cell of a known column, or `nil` when the file has no such column (or the row is
  /// short; the table reader reports that as `missing-cell`).
  func cell(_ name: String) -> String? {
    guard let i = context.header.knownIndex(name), i < row.count else { return nil }
    return row.string(i)
  }

  /// Where the cell of column `name` is.
  func location(_ name: String) -> SourceLocation {
    var location = SourceLocation(file: file, pointer: pointer + "/" + name, line: row.line, row: row.record, field: name)
    if let i = context.header.index(of: name), i < row.count {
      location.line = row.fieldLine(i)
      location.column = row.column(i)
    }
    return location
  }

  mutating func typeError(_ name: String, _ message: String, note: String? = nil) {
    problems.append(Diagnostic(code: CSVProblem.typeError.code, severity: .error,
                               message: "\(name): \(message)", location: location(name), note: note))
  }

  /// A text column with no absent state: the cell as it is, empty when the column is missing.
  func text(_ name: String) -> String { cell(name) ?? "" }

  /// As ``text(_:)``, for ids that repeat from row to row: equal cells share one `String`.
  func sharedText(_ name: String) -> String {
    guard let i = context.header.knownIndex(name), i < row.count else { return "" }
    return context.intern(row.field(i))
  }

  /// A text that may be absent (``CSVCell/optional(cell:)``).
  func optionalText(_ name: String) -> String? {
    cell(name).flatMap(CSVCell.optional(cell:))
  }

  /// An optional `YYYY-MM-DD` day.
  mutating func date(_ name: String) -> LocalDate? {
    guard let cell = cell(name), !cell.isEmpty else { return nil }
    guard let date = LocalDate(cell) else {
      typeError(name, "\(cell.debugDescription) is not a day (YYYY-MM-DD)")
      return nil
    }
    return date
  }

  /// A required `YYYY-MM-DD` day.
  mutating func requiredDate(_ name: String) -> LocalDate? {
    // The common case straight from the bytes; the slow path words the problem.
    if let i = context.header.knownIndex(name), i < row.count, let date = LocalDate(utf8: row.field(i)) { return date }
    guard let cell = cell(name), !cell.isEmpty else {
      typeError(name, "a day (YYYY-MM-DD) is required")
      return nil
    }
    return date(name)
  }

  /// An optional `YYYY-MM-DDTHH:MM` local time.
  mutating func dateTime(_ name: String) -> LocalDateTime? {
    guard let cell = cell(name), !cell.isEmpty else { return nil }
    guard let value = LocalDateTime(cell) else {
      typeError(name, "\(cell.debugDescription) is not a local time (YYYY-MM-DDTHH:MM)")
      return nil
    }
    return value
  }

  /// `true`/`false`; empty cell or missing column → `false`.
  mutating func bool(_ name: String) -> Bool {
    guard let cell = cell(name) else { return false }
    guard let value = CSVCell.bool(cell: cell) else {
      typeError(name, "\(cell.debugDescription) is not true or false")
      return false
    }
    return value ?? false
  }

  /// A decimal integer; empty cell or missing column → `fallback`.
  mutating func integer(_ name: String, fallback: Int) -> Int {
    guard let cell = cell(name), !cell.isEmpty else { return fallback }
    guard let value = CSVCell.integer(cell: cell) else {
      typeError(name, "\(cell.debugDescription) is not an integer")
      return fallback
    }
    return value
  }

  /// An optional number (``CSVCell/number(cell:decimalComma:)``); empty cell or missing
  /// column → `nil`.
  mutating func number(_ name: String) -> Double? {
    guard let i = context.header.knownIndex(name), i < row.count, !row.isEmpty(i) else { return nil }
    let cell = row.string(i)
    guard let value = CSVCell.number(cell: cell) else {
      typeError(name, "\(cell.debugDescription) is not a number", note: "write digits with a . for decimals, as in 5.5")
      return nil
    }
    return value
  }

  /// An optional decimal integer; empty cell or missing column → `nil`.
  mutating func optionalInteger(_ name: String) -> Int? {
    guard let cell = cell(name), !cell.isEmpty else { return nil }
    guard let value = CSVCell.integer(cell: cell) else {
      typeError(name, "\(cell.debugDescription) is not an integer")
      return nil
    }
    return value
  }

  /// The entity's extras: the `extras` cell, plus unknown columns' cells in `extras["csv"]`.
  mutating func extras() -> Extras {
    var extras: Extras = [:]
    if let cell = cell(CSVTable.extrasColumn) {
      switch CSVCell.extras(cell: cell) {
      case .success(let value): extras = value
      case .failure(let error): typeError(CSVTable.extrasColumn, error.message)
      }
    }
    var members: [JSONMember] = []
    for column in context.header.unknown where column.index < row.count {
      if let value = CSVCell.optional(cell: row.string(column.index)) {
        members.append(JSONMember(column.name, .string(value)))
      }
    }
    if !members.isEmpty {
      if extras[CSVTableWriter.csvNamespace] != nil {
        typeError(CSVTable.extrasColumn, "holds \"\(CSVTableWriter.csvNamespace)\" while the row's unknown columns hold values too",
                  note: "keep unknown columns' values in the columns, or in the extras cell, not both")
      } else {
        extras[CSVTableWriter.csvNamespace] = .object(members)
      }
    }
    return extras
  }
}

/// What every row of one table shares: its header, its file name, and the interner that lets
/// rows repeating an id (a record's `trackerId`) share one `String`.
final class CSVRowContext {
  let header: CSVHeader
  let file: String
  private var interner = StringInterner()

  /// The shared `String` for these bytes.
  func intern(_ bytes: UnsafeRawBufferPointer) -> String { interner.intern(bytes) }

  init(header: CSVHeader, file: String) {
    self.header = header
    self.file = file
  }
}
