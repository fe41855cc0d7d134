/// Which side wins where two datasets disagree.
public enum MergePreference: String, CaseIterable, Sendable {
  /// The dataset merged into (the older one, usually).
  case base
  /// The dataset being merged in (the newer export): the default.
  case incoming
}

import TrackerModel

/// One place where base and incoming disagree, and what the merge kept: reported as a
/// `merge-conflict` warning with both values.
public struct MergeConflict: Hashable, Sendable {
  /// The code `merge` reports conflicts under.
  public static let descriptor = DiagnosticDescriptor(
    code: "merge-conflict", severity: .warning,
    summary: "Two merged datasets disagree on a value or a day; the side named by --prefer was kept.")

  /// What it is about: `tracker "Water"`, `task "Call mum"`, `category "Sport"`, `dataset`.
  public var subject: String
  /// The field (`goal`, `extras.loop`) or `YYYY-MM-DD` for a day of a tracker.
  public var field: String
  /// The base's value as text.
  public var base: String
  /// The incoming value as text.
  public var incoming: String
  /// The side whose value the merge kept.
  public var kept: MergePreference
  /// A JSON pointer into the merged dataset, where the kept value is: `/trackers/3/color`,
  /// `/records/120/note`; for a day kept against a day of the other kind, the kept day. None
  /// when a later incoming dataset replaced the day it pointed at. Canonical JSON and XML write
  /// the dataset in this order, so the pointer also finds the value in such an output
  /// (`trackport merge` prints the line and column there).
  public var pointer: String?
  /// Which incoming dataset (0 for the first) disagreed with what was merged before it.
  public var incomingIndex = 0
}

/// What a merge did, counted over the incoming datasets: what `--dry-run` prints.
public struct MergePlan: Hashable, Sendable {
  /// Incoming trackers, those new to the base, those matched, and of those the ones matched by
  /// name (ids differ).
  public var trackers = 0, trackersNew = 0, trackersMatched = 0, trackersByName = 0
  /// Matched trackers with at least one field conflict.
  public var trackersInConflict = 0
  /// Incoming categories and those added.
  public var categories = 0, categoriesNew = 0
  /// Incoming records: new days, days already there (the same or reconciled), and days in
  /// conflict (another amount or note, or done on one side and skipped on the other).
  public var records = 0, recordsNew = 0, recordsPresent = 0, recordsInConflict = 0
  /// Incoming entries (skipped or marked days), counted as records are.
  public var entries = 0, entriesNew = 0, entriesPresent = 0, entriesInConflict = 0
  /// Incoming tasks, those new and those matched.
  public var tasks = 0, tasksNew = 0, tasksMatched = 0

  /// All counts zero, before merging.
  public init() {}

}
