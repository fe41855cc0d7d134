import CSVCore
/// Something that takes the records of one CSV file, header first, as the parser hands them
/// over: the seam between the parser and the table readers.
protocol CSVRowConsumer {
  /// Takes one record; the view is valid only during the call. Throws only to stop reading
  /// (problems a reader can report and carry on from are kept by the reader).
  mutating func consume(_ row: CSVRowView) throws
}
