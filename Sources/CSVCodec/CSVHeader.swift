/// A table's header row: which column of the file holds which field.
final class CSVHeader: Sendable {
  /// The labels as written.
  let labels: [String]
  /// The package version the columns are known by: a column of a later version is unknown.
  let version: Int
  /// File column of each known column by name, and of ``CSVTable/extrasColumn``.
  let known: [String: Int]
  /// Columns the format does not define, with their file column, in file order.
  let unknown: [(index: Int, name: String)]
  /// ``known`` as pairs: a table has a dozen columns at most, and comparing a few short names
  /// beats hashing one for every cell of a million rows.
  private let knownPairs: [(name: String, index: Int)]

  /// Sorts the labels into known and unknown columns (those of the package `version`);
  /// duplicates and blanks keep their first place (the table reader reports them).
  init(labels: [String], table: CSVTable, version: Int) {
    self.labels = labels
    self.version = version
    let names = Set(table.columns(version: version).map(\.name) + [CSVTable.extrasColumn])
    var known: [String: Int] = [:]
    var unknown: [(Int, String)] = []
    var seen = Set<String>()
    for (i, label) in labels.enumerated() where seen.insert(label).inserted && !label.isEmpty {
      if names.contains(label) { known[label] = i } else { unknown.append((i, label)) }
    }
    self.known = known
    self.unknown = unknown
    self.knownPairs = known.map { ($0.key, $0.value) }
  }

  /// File column of a known column (or of the extras column), as ``known`` has it.
  @inline(__always)
  func knownIndex(_ name: String) -> Int? {
    for pair in knownPairs where pair.name == name { return pair.index }
    return nil
  }

  /// File column of a label, known or not.
  func index(of name: String) -> Int? {
    known[name] ?? unknown.first(where: { $0.name == name })?.index
  }
}
