import TrackerCodec
import TrackerModel

/// Counting what a single-file table drops, for `dropped-field` warnings.
enum CSVLoss {
  /// Items with extras the table does not write: all, except trackers' `extras["csv"]` when
  /// `trackerColumns` is given (or records', with `recordColumns`), whose text members become
  /// columns; a member the predicate says the reader takes for one of its own columns, or that
  /// is not text, is lost with the rest.
  static func extras(_ dataset: TrackerDataset, trackerColumns: ((String) -> Bool)? = nil,
                     recordColumns: ((String) -> Bool)? = nil) -> Int {
    func lost(_ extras: Extras, _ ownColumn: ((String) -> Bool)?) -> Bool {
      guard let ownColumn else { return !extras.ofFormats.isEmpty }
      for (namespace, value) in extras.ofFormats {
        guard namespace == CSVTableWriter.csvNamespace, case .object(let members) = value else { return true }
        if members.contains(where: { ownColumn($0.key) || $0.value.stringValue == nil }) { return true }
      }
      return false
    }
    return (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
      + dataset.trackers.count { lost($0.extras, trackerColumns) }
      + dataset.records.count { lost($0.extras, recordColumns) }
      + dataset.entries.count { !$0.extras.isEmpty }
      + dataset.tasks.count { !$0.extras.isEmpty }
  }

  /// One `dropped-field` warning per loss with a count above zero.
  static func diagnostics(_ losses: [(field: ModelField, count: Int)], shape: String, file: String) -> [Diagnostic] {
    LossReport.diagnostics(losses, writer: "a CSV \(shape)", to: file)
  }
}
