/// An empty line between records, which libcsv skips silently: the parser reports it so a
/// table reader can raise `blank-row`.
///
/// Empty lines after the last record are not reported: editors add them, and no data follows.
package struct CSVBlankLine: Hashable, Sendable {
  /// 1-based line of the empty line.
  package var line: Int
  /// 1-based number of the record that follows it (1 when it comes before the header).
  package var nextRecord: Int
}
