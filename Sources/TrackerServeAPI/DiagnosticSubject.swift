import TrackerPort
import TrackerOutput

/// What a diagnostic is about, by the name a person gave it: the habit (or category, or task)
/// its JSON pointer points into (`/trackers/1/emoji` is the second tracker's name,
/// `/records/7` the name of that record's tracker). The page groups findings under these
/// names instead of showing pointers.
enum DiagnosticSubject {
  /// The subject of each of `diagnostics` in `dataset`, in their order; `nil` where the pointer
  /// names no item (a dataset-wide finding, a line of a file).
  static func names(of diagnostics: [Diagnostic], in dataset: TrackerDataset) -> [String?] {
    var trackers: [String: String] = [:]
    for tracker in dataset.trackers where trackers[tracker.id] == nil { trackers[tracker.id] = tracker.name }
    return diagnostics.map { diagnostic in
      guard let pointer = diagnostic.location.pointer else { return nil }
      let parts = pointer.split(separator: "/", omittingEmptySubsequences: true)
      guard parts.count >= 2, let i = Int(parts[1]), i >= 0 else { return nil }
      switch parts[0] {
      case "trackers": return i < dataset.trackers.count ? dataset.trackers[i].name : nil
      case "records": return i < dataset.records.count ? trackers[dataset.records[i].trackerId] : nil
      case "entries": return i < dataset.entries.count ? trackers[dataset.entries[i].trackerId] : nil
      case "categories": return i < dataset.categories.count ? dataset.categories[i].title : nil
      case "tasks": return i < dataset.tasks.count ? dataset.tasks[i].title : nil
      default: return nil
      }
    }
  }

  /// ``names(of:in:)`` as a JSON array of strings and nulls.
  static func json(of diagnostics: [Diagnostic], in dataset: TrackerDataset) -> String {
    JSONOutput.array(names(of: diagnostics, in: dataset).map { JSONOutput.value($0) })
  }
}
