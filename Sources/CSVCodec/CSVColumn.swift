/// One column of a canonical package table, with what its Table Schema field says.
struct CSVColumn: Hashable, Sendable {
  /// The header label, and the field name in `datapackage.json`.
  let name: String
  /// The Table Schema type: `string`, `date`, `datetime`, `boolean`, `integer`, `array`, `object`.
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
  /// A one-line description for `datapackage.json`.
  var description: String
}
