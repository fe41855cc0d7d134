/// The layout of a CSV input or output: the lossless package, or one of the single-file tables.
///
/// Chosen with the `shape` option; without it a folder or zip (or an output not ending in
/// `.csv`) is a package, and a single file is a trackers table or a log table by its header
/// (`docs/csv-files.md`).
public enum CSVShape: String, CaseIterable, Sendable {
  /// A folder or zip with `datapackage.json` and one file per model table (`entries.csv` too
  /// in version 2); carries everything.
  case package
  /// One row per tracker, with the columns of the package's `trackers.csv` (category titles
  /// allowed instead of ids): for creating many trackers from a spreadsheet.
  case trackers
  /// One row per completed day (`tracker,category,date`, with `amount` and `note` when the
  /// dataset has them), the shape most apps export.
  case log
}
