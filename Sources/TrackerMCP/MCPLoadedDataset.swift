import TrackerPort

/// A dataset as the tools use it: read through ``MCPReading`` into canonical JSON, decoded, and
/// kept until its file changes.
public struct MCPLoadedDataset: Sendable {
  /// Where it came from.
  public let source: MCPDatasetSource
  /// The file's own bytes (for `validate`, which locates findings in them, and `convert_file`).
  public let original: [UInt8]
  /// The canonical JSON `/api/convert` wrote for it.
  public let canonical: [UInt8]
  /// The model.
  public let dataset: TrackerDataset
  /// The index of `dataset`, built once.
  public let index: DatasetIndex
  /// The file's stamp when it was read (cursors carry it).
  public let stamp: String

  init(source: MCPDatasetSource, original: [UInt8], canonical: [UInt8], dataset: TrackerDataset, stamp: String) {
    self.source = source
    self.original = original
    self.canonical = canonical
    self.dataset = dataset
    index = DatasetIndex(dataset)
    self.stamp = stamp
  }
}
