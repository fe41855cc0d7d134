import TrackerModel

/// Which keys of the objects whose keys depend on the format version one version defines: a
/// count of the newest key table's entries (``JSONDatasetReader/rootKeys``, `trackerKeys`,
/// `recordKeys`).
///
/// Versions 2 and 3 only add keys, after those of the version before, so a version's keys are a prefix of
/// each table and every key keeps its number (its bit in the reader's `seen` mask, its case in
/// the reader's switch). The reader keeps matching keys against the full static tables, which
/// the optimizer folds into the records' hot loop; only the switch cases of keys version 2
/// added look at ``version``, and a version-1 document reads those keys as unknown keys, kept
/// in `extras["json"]` as they always were: a file written before version 2 means what it
/// meant, and reads and writes back byte for byte. The writer uses the prefixes to decide
/// which unknown keys can go back inline.
struct JSONKeyTables {
  /// The format version the counts are for.
  let version: Int
  /// How many top-level keys the version defines.
  let rootCount: Int
  /// How many tracker keys the version defines.
  let trackerCount: Int
  /// How many record keys the version defines.
  let recordCount: Int
  /// How many goal keys the version defines (version 3 adds `period`).
  var goalCount = 3

  /// The counts of `version` (1, 2 or 3; another value gets the newest).
  static func forVersion(_ version: Int) -> JSONKeyTables {
    if version == 1 { return JSONKeyTables(version: 1, rootCount: 7, trackerCount: 11, recordCount: 3) }
    return JSONKeyTables(version: version == 2 ? 2 : 3, rootCount: JSONDatasetReader.rootKeys.count,
                         trackerCount: JSONDatasetReader.trackerKeys.count, recordCount: JSONDatasetReader.recordKeys.count,
                         goalCount: version == 2 ? 3 : JSONDatasetReader.goalKeys.count)
  }

  /// The top-level keys of the version.
  var root: ArraySlice<StaticString> { JSONDatasetReader.rootKeys.prefix(rootCount) }
  /// The tracker keys of the version.
  var tracker: ArraySlice<StaticString> { JSONDatasetReader.trackerKeys.prefix(trackerCount) }
  /// The goal keys of the version.
  var goal: ArraySlice<StaticString> { JSONDatasetReader.goalKeys.prefix(goalCount) }
  /// The record keys of the version.
  var record: ArraySlice<StaticString> { JSONDatasetReader.recordKeys.prefix(recordCount) }
}
