import CSVCore
import TrackerCodec
import TrackerModel

/// One CSV file of a backup, read as the app's importer reads it (`CSVHandler.kt`: Apache
/// Commons CSV's `DEFAULT` format with the first record as the header, `setHeader()`): cells
/// are found by column name, so the columns may come in any order and other columns are
/// ignored; empty lines are skipped; a file with no bytes at all is a table with no rows.
///
/// Parsed by ``CSVParser`` (libcsv), which is stricter than Commons CSV in one way: a quote
/// inside an unquoted field (`ab"c`) is an error (`stray-quote`) where Commons CSV keeps it.
/// The app never writes one: it quotes every field that holds a quote.
struct HabitBuilderTable {
  /// The member's name in diagnostics (`backup.zip/habits.csv`).
  let file: String
  /// The columns the importer reads, in the app's header order.
  let columns: [String]
  /// What was read past: columns and cells the app does not read (`habitbuilder-not-read`).
  private(set) var warnings: [Diagnostic] = []

  init(file: String, columns: [String]) {
    self.file = file
    self.columns = columns
  }

  /// A record after the header, its cells by column name; valid only inside the callback.
  struct Row {
    let view: CSVRowView
    let file: String
    /// Field index of each of ``HabitBuilderTable/columns``.
    let indices: [String: Int]

    /// The 1-based record number (the header is record 1).
    var record: Int { view.record }

    /// The cell of `column` (one of the table's columns, which every row was checked to have).
    func string(_ column: String) -> String {
      guard let i = indices[column], i < view.count else { return "" }
      return view.string(i)
    }

    /// Where the cell of `column` is: file, line, column, record and the column's name.
    func location(_ column: String) -> SourceLocation {
      var location = view.location(ofField: min(indices[column] ?? 0, max(view.count - 1, 0)), file: file)
      location.field = column
      return location
    }

    /// The cell as Kotlin's `String.toInt()` reads it (a 32-bit whole number, an optional sign).
    ///
    /// - Throws: ``CodecError`` `type-error` at the cell.
    func int32(_ column: String) throws -> Int32 {
      let text = string(column)
      guard let value = Int32(text) else {
        throw CSVProblem.typeError.error("\(column) \(text.debugDescription) is not a whole number", at: location(column),
                                         note: "Habit Builder reads \(column) as a 32-bit whole number (CSVHandler.kt, toInt)")
      }
      return value
    }

    /// The cell as Kotlin's `String.toLong()` reads it (a 64-bit whole number, an optional sign).
    ///
    /// - Throws: ``CodecError`` `type-error` at the cell.
    func int64(_ column: String, what: String) throws -> Int64 {
      let text = string(column)
      guard let value = Int64(text) else {
        throw CSVProblem.typeError.error("\(column) \(text.debugDescription) is not a whole number", at: location(column),
                                         note: "Habit Builder reads \(column) as \(what) (CSVHandler.kt, toLong)")
      }
      return value
    }
  }

  /// Reads `bytes`, calling `row` for each record after the header.
  ///
  /// - Throws: ``CodecError`` `.malformedInput`: from the parser (`unclosed-quote`,
  ///   `stray-quote`, `encoding-error`); a header without one of ``columns`` (`missing-label`)
  ///   or a row too short to hold one (`missing-cell`), located; whatever `row` throws.
  mutating func read(_ bytes: UnsafeRawBufferPointer, row: (Row) throws -> Void) throws {
    let parser = try CSVParser(dialect: CSVDialect(), file: file)
    var indices: [String: Int] = [:]
    var width = 0
    var extraCells = 0
    var firstExtra: SourceLocation?
    // Empty lines are skipped, as the app's importer skips them (Commons CSV's ignoreEmptyLines,
    // on in DEFAULT): its own tests import files with one between every record.
    try parser.parse(bytes) { view in
      if view.record == 1 {
        try header(view, indices: &indices)
        width = view.count
        return
      }
      let needed = (indices.values.max() ?? 0) + 1
      if view.count < needed {
        let missing = columns.filter { (indices[$0] ?? 0) >= view.count }
        throw CSVProblem.missingCell.error(
          "record \(view.record) has \(view.count) cell(s), the header \(width): no \(missing.joined(separator: ", "))",
          at: view.location(ofField: max(view.count - 1, 0), file: file),
          note: "Habit Builder's importer refuses a row without a value for each of " + columns.joined(separator: ","))
      }
      if view.count > width {
        extraCells += view.count - width
        if firstExtra == nil { firstExtra = view.location(ofField: width, file: file) }
      }
      try row(Row(view: view, file: file, indices: indices))
    }
    warnings.insert(contentsOf: parser.warnings, at: 0)
    if let firstExtra {
      warnings.append(Diagnostic(code: HabitBuilderCodec.notRead.code, severity: .warning,
                                 message: "\(extraCells) cell(s) past the header's \(width) columns are not read, as Habit Builder does not read them",
                                 location: firstExtra))
    }
  }

  private mutating func header(_ view: CSVRowView, indices: inout [String: Int]) throws {
    var others: [String] = []
    for i in 0..<view.count {
      let label = view.string(i)
      if columns.contains(label) {
        if indices[label] == nil { indices[label] = i }
      } else {
        others.append(label)
      }
    }
    for column in columns where indices[column] == nil {
      throw CSVProblem.missingLabel.error("the header has no column \(column)", at: view.location(ofField: 0, file: file),
                                          note: "Habit Builder writes the header " + columns.joined(separator: ",")
                                            + " and its importer reads every one of them")
    }
    if !others.isEmpty {
      warnings.append(Diagnostic(code: HabitBuilderCodec.notRead.code, severity: .warning,
                                 message: "column(s) \(others.map(\.debugDescription).joined(separator: ", ")) are not read, as Habit Builder does not read them",
                                 location: view.location(ofField: 0, file: file)))
    }
  }
}
