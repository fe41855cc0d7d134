import TrackerModel

/// The known keys of the objects whose keys depend on the format version, for one version:
/// a key's index in its table is its bit in the reader's `seen` mask and its case in the
/// reader's switch.
///
/// Version 2 only adds keys, after those of version 1, so each version-1 table is a prefix of
/// the version-2 one and every key keeps its number. In a version-1 document the keys of
/// version 2 are unknown keys, kept in `extras["json"]` as they always were: a file written
/// before version 2 means what it meant, and reads and writes back byte for byte.
struct JSONKeyTables {
  /// The format version the tables are for.
  let version: Int
  /// Top-level keys.
  let root: [StaticString]
  /// Tracker keys.
  let tracker: [StaticString]
  /// Record keys.
  let record: [StaticString]

  /// The tables of `version` (1 or 2; another value gets the newest).
  static func forVersion(_ version: Int) -> JSONKeyTables {
    version == 1 ? version1 : version2
  }

  private static let version1 = JSONKeyTables(
    version: 1, root: Array(JSONDatasetReader.rootKeys.prefix(7)),
    tracker: Array(JSONDatasetReader.trackerKeys.prefix(11)), record: Array(JSONDatasetReader.recordKeys.prefix(3)))

  private static let version2 = JSONKeyTables(
    version: 2, root: JSONDatasetReader.rootKeys, tracker: JSONDatasetReader.trackerKeys,
    record: JSONDatasetReader.recordKeys)
}
