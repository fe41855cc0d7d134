import TrackerCodec
import TrackerModel

// SEAM: the canonical CSV package (folder or zip with datapackage.json, categories.csv,
// trackers.csv, records.csv, tasks.csv) is built on another branch. The lead replaces THIS
// FILE when merging; nothing else in the codec needs to change. CSVCodec calls these two
// functions for every package input and output (see `CSVCodec.decode` / `CSVCodec.encode`).
extension CSVCodec {
  /// Reads a CSV data package (a folder or a zip archive); options are in `context.options`.
  func decodePackage(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    throw CodecError(.unsupportedOperation, "the CSV package is not built yet",
                     location: SourceLocation(file: input.displayName),
                     note: "read a single CSV file, or pass --option shape=trackers or shape=log")
  }

  /// Writes a CSV data package (a folder, or a zip when the output ends in `.zip`).
  func encodePackage(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "the CSV package is not built yet",
                     location: SourceLocation(file: output.displayName),
                     note: "write a single file ending in .csv, or pass --option shape=trackers or shape=log")
  }
}
