import TrackerPort

/// The `diff --format json` document (`trackport diff`, `POST /api/diff`): whether the datasets
/// are equal, the files' names, and each category, tracker and task added, removed or changed.
public enum DiffJSON {
  /// The document of `diff` between the files named `old` and `new`.
  public static func document(_ diff: DatasetDiff, old: String, new: String) -> String {
    func fields(_ list: [FieldChange]) -> String {
      JSONOutput.array(list.map { JSONOutput.object([("field", JSONOutput.quote($0.field)), ("old", JSONOutput.value($0.old)),
                                                     ("new", JSONOutput.value($0.new))]) })
    }
    func dates(_ list: [LocalDate]) -> String { JSONOutput.array(list.map { JSONOutput.quote($0.description) }) }
    let categories = diff.categories.map {
      JSONOutput.object([("change", JSONOutput.quote($0.kind.rawValue)), ("title", JSONOutput.quote($0.title)),
                         ("oldTitle", JSONOutput.value($0.oldTitle))])
    }
    let trackers = diff.trackers.map { t in
      JSONOutput.object([
        ("change", JSONOutput.quote(t.kind.rawValue)), ("name", JSONOutput.quote(t.name)), ("id", JSONOutput.quote(t.id)),
        ("matchedByName", JSONOutput.value(t.matchedByName)), ("oldId", JSONOutput.value(t.oldId)),
        ("fields", fields(t.fields)),
        ("records", t.kind == .changed
          ? JSONOutput.object([("added", dates(t.days.recordsAdded)), ("removed", dates(t.days.recordsRemoved)),
                               ("changed", dates(t.days.recordsChanged))])
          : String(t.recordCount)),
        ("entries", t.kind == .changed
          ? JSONOutput.object([("added", dates(t.days.entriesAdded)), ("removed", dates(t.days.entriesRemoved)),
                               ("changed", dates(t.days.entriesChanged))])
          : String(t.entryCount)),
      ])
    }
    let tasks = diff.tasks.map {
      JSONOutput.object([("change", JSONOutput.quote($0.kind.rawValue)), ("title", JSONOutput.quote($0.title)),
                         ("id", JSONOutput.quote($0.id)), ("fields", fields($0.fields))])
    }
    return "{\n  \"equal\": \(JSONOutput.value(diff.isEmpty)),\n"
      + "  \"old\": \(JSONOutput.quote(old)),\n  \"new\": \(JSONOutput.quote(new)),\n"
      + "  \"recordsAdded\": \(diff.recordsAdded),\n  \"recordsRemoved\": \(diff.recordsRemoved),\n"
      + "  \"categories\": \(JSONOutput.arrayOfLines(categories)),\n"
      + "  \"trackers\": \(JSONOutput.arrayOfLines(trackers)),\n"
      + "  \"tasks\": \(JSONOutput.arrayOfLines(tasks)),\n"
      + "  \"dataset\": \(fields(diff.datasetFields))\n}"
  }
}
