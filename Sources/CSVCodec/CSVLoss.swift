import TrackerCodec
import TrackerModel

/// Counting what a single-file table drops, for `dropped-field` warnings.
enum CSVLoss {
  /// Items with extras the table does not write: all, except trackers' (or records')
  /// `extras["csv"]`, which become columns.
  static func extras(_ dataset: TrackerDataset, keepingTrackerCSV: Bool = false,
                     keepingRecordCSV: Bool = false) -> Int {
    func others(_ extras: Extras, keep: Bool) -> Bool {
      keep ? extras.keys.contains { $0 != "csv" } : !extras.isEmpty
    }
    return (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
      + dataset.trackers.count { others($0.extras, keep: keepingTrackerCSV) }
      + dataset.records.count { others($0.extras, keep: keepingRecordCSV) }
      + dataset.tasks.count { !$0.extras.isEmpty }
  }

  /// One `dropped-field` warning per loss with a count above zero.
  static func diagnostics(_ losses: [(field: ModelField, count: Int)], shape: String, file: String) -> [Diagnostic] {
    LossReport.diagnostics(losses, writer: "a CSV \(shape)", to: file)
  }
}
