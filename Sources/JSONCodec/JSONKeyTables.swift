import TrackerModel

/// Which keys of the objects whose keys depend on the format version one version defines: a
/// count of the newest key table's entries (``JSONDatasetReader/rootKeys``, `trackerKeys`,
/// `recordKeys`).
///
/// Version 2 only adds keys, after those of version 1, so a version's keys are a prefix of
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

  /// The counts of `version` (1 or 2; another value gets the newest).
  static func forVersion(_ version: Int) -> JSONKeyTables {
    version == 1
      ? JSONKeyTables(version: 1, rootCount: 7, trackerCount: 11, recordCount: 3)
      : JSONKeyTables(version: 2, rootCount: JSONDatasetReader.rootKeys.count,
                      trackerCount: JSONDatasetReader.trackerKeys.count, recordCount: JSONDatasetReader.recordKeys.count)
  }

  /// The top-level keys of the version.
  var root: ArraySlice<StaticString> { JSONDatasetReader.rootKeys.prefix(rootCount) }
  /// The tracker keys of the version.
  var tracker: ArraySlice<StaticString> { JSONDatasetReader.trackerKeys.prefix(trackerCount) }
  /// The record keys of the version.
  var record: ArraySlice<StaticString> { JSONDatasetReader.recordKeys.prefix(recordCount) }
}
