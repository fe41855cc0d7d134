import TrackerModel

/// Points findings about a dataset read from a canonical CSV package back at the package:
/// `/trackers/3/name` → `trackers.csv`, row 5, field `name`, its line and column.
///
/// Dataset-level parts (`/taskCategoryOrder`, `/extras`) point at `datapackage.json`.
struct CSVPackageLocator: SourceLocator {
  /// The descriptor's name in diagnostics.
  let descriptorFile: String
  /// Each table's row positions.
  let tables: [CSVTable: CSVTablePositions]

  func locate(_ pointers: Set<String>) -> [String: SourceLocation] {
    var result: [String: SourceLocation] = [:]
    for pointer in pointers {
      if let location = locate(pointer) { result[pointer] = location }
    }
    return result
  }

  private func locate(_ pointer: String) -> SourceLocation? {
    guard pointer.hasPrefix("/") else { return nil }
    let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { token in
      token.contains("~") ? String(token).replacing("~1", with: "/").replacing("~0", with: "~") : String(token)
    }
    guard let first = tokens.first, let table = CSVTable(rawValue: first), let positions = tables[table] else {
      return SourceLocation(file: descriptorFile, pointer: pointer)
    }
    guard tokens.count > 1 else {
      return SourceLocation(file: positions.file, pointer: pointer, line: 1, column: 1, row: 1)
    }
    guard let index = Int(tokens[1]) else { return nil }
    return positions.location(entity: index, field: field(tokens.dropFirst(2), positions.labels), pointer: pointer)
  }

  /// The column a pointer below an entity lands in: the column of its first token (of its
  /// first two for a goal or a frequency: `goal/target` is `goalTarget`), or for
  /// `extras/csv/NAME` the unknown column NAME, else the `extras` column.
  private func field(_ tokens: ArraySlice<String>, _ labels: [String]) -> String? {
    guard let name = tokens.first else { return nil }
    if name == "goal" || name == "frequency" {
      guard let part = tokens.dropFirst().first, let initial = part.first else { return name == "goal" ? "goalTarget" : "frequencyTimes" }
      return name + initial.uppercased() + part.dropFirst()
    }
    if name == CSVTable.extrasColumn {
      let rest = Array(tokens.dropFirst())
      if rest.count >= 2, rest[0] == CSVTableWriter.csvNamespace, labels.contains(rest[1]) { return rest[1] }
      return CSVTable.extrasColumn
    }
    return name
  }
}
