/// Something that takes rows of fields, header first: the seam between the table writers and
/// the CSV writer, which quotes them. Fields are text exactly as they must read back.
protocol CSVRowSink {
  /// Writes one record.
  mutating func writeRow(_ fields: [String]) throws
  /// Called once after the last row: a writer that buffers hands its bytes on here.
  mutating func finish() throws
}

extension CSVRowSink {
  /// Nothing to finish by default.
  mutating func finish() throws {}
}
