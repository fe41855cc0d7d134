import CSVCore
import TrackerModel

/// The first record of a single-file table (a trackers or log sheet; the package's tables use
/// ``CSVHeader``): labels, where they are, and which columns can be
/// used by name.
///
/// An empty label (`blank-label`) or a repeated one (`duplicate-label`, the first keeps the
/// name) is an error diagnostic; such a column's cells are still kept, in extras under `#N`
/// (its 1-based number), so nothing is lost.
struct CSVSheetHeader {
  /// The labels as written.
  let labels: [String]
  /// 1-based line and column of each label.
  let lines: [Int]
  let columns: [Int]
  /// The key a column's cells are kept under when it is not a known column: its label, or
  /// `#N` when the label is empty or repeated.
  let extraKeys: [String]
  /// Header problems, to report.
  private(set) var diagnostics: [Diagnostic] = []
  private let byFoldedLabel: [String: Int]

  init(_ view: CSVRowView, file: String?) {
    var labels: [String] = [], lines: [Int] = [], columns: [Int] = [], keys: [String] = []
    var folded: [String: Int] = [:]
    var problems: [Diagnostic] = []
    for i in 0..<view.count {
      let label = view.string(i)
      labels.append(label)
      lines.append(view.fieldLine(i))
      columns.append(view.column(i))
      var location = view.location(ofField: i, file: file)
      location.field = label
      let fold = CSVSheetHeader.fold(label)
      if fold.isEmpty {
        keys.append("#\(i + 1)")
        problems.append(CSVProblem.blankLabel.diagnostic(
          "column \(i + 1) has no label; its cells are kept in extras under \"#\(i + 1)\"",
          severity: .error, at: location))
      } else if let first = folded[fold] {
        keys.append("#\(i + 1)")
        problems.append(CSVProblem.duplicateLabel.diagnostic(
          "label \"\(label)\" repeats column \(first + 1); column \(i + 1) is kept in extras under \"#\(i + 1)\"",
          severity: .error, at: location))
      } else {
        folded[fold] = i
        keys.append(label)
      }
    }
    self.labels = labels
    self.lines = lines
    self.columns = columns
    self.extraKeys = keys
    self.diagnostics = problems
    self.byFoldedLabel = folded
  }

  /// The index of the column labelled `name`: an exact match, else one that differs only in
  /// case and surrounding spaces.
  func index(of name: String) -> Int? {
    if let exact = labels.firstIndex(of: name), extraKeys[exact] == name { return exact }
    return byFoldedLabel[CSVSheetHeader.fold(name)]
  }

  /// The label's location, for diagnostics about a column.
  func location(of i: Int, file: String?) -> SourceLocation {
    SourceLocation(file: file, line: lines[i], column: columns[i], row: 1, field: labels[i])
  }

  static func fold(_ label: String) -> String { String(label.trimmingSpaces).lowercased() }

  /// `missing-cell` and `extra-cell` for a row whose length differs from the header's: a short
  /// row reads as empty cells (warning); cells past the header are kept in extras under `#N`
  /// but make the row an error, since they have no column to go to.
  func raggedness(_ view: CSVRowView, file: String?) -> Diagnostic? {
    if view.count < labels.count {
      let missing = labels.count - view.count
      var location = view.location(ofField: view.count - 1, file: file)
      location.field = labels[view.count]
      return CSVProblem.missingCell.diagnostic(
        "row \(view.record) has \(view.count) cells, the header \(labels.count): \(missing) missing cell(s) read as empty",
        severity: .warning, at: location)
    }
    if view.count > labels.count {
      let location = view.location(ofField: labels.count, file: file)
      return CSVProblem.extraCell.diagnostic(
        "row \(view.record) has \(view.count) cells, the header \(labels.count); the extra cells are kept in extras under \"#\(labels.count + 1)\"…",
        severity: .error, at: location)
    }
    return nil
  }

  /// The key extras keep cell `i` under: ``extraKeys`` within the header, `#N` past it.
  func extraKey(_ i: Int) -> String { i < extraKeys.count ? extraKeys[i] : "#\(i + 1)" }
}
