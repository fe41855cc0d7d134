/// One column of a canonical package table, with what its Table Schema field says.
struct CSVColumn: Hashable, Sendable {
  /// The header label, and the field name in `datapackage.json`.
  let name: String
  /// The Table Schema type: `string`, `number`, `date`, `datetime`, `boolean`, `integer`,
  /// `array`, `object`.
  let type: String
  /// The Table Schema `format`, when not the default.
  var format: String? = nil
  /// Whether a file must have this column (a column with a default may be left out).
  var requiredLabel = false
  /// Table Schema `constraints`: only what every valid dataset meets, so a dataset the
  /// validator accepts is also a valid data package.
  var required = false
  var pattern: String? = nil
  var allowed: [String]? = nil
  /// The package version that added the column: a package of an older version neither writes
  /// it nor knows it (a column of that name is an unknown column there, kept in extras).
  var since = 1
  /// A one-line description for `datapackage.json`.
  var description: String
}
