/// One user's data: the canonical model every codec reads into and writes from.
///
/// Its JSON form (`docs/json-format.md`) is the contract every other format maps to.
public struct TrackerDataset: Hashable, Sendable {
  /// The newest canonical format version this model describes; readers refuse newer ones.
  public static let formatVersion = 3
  /// The versions readers accept. Version 2 adds what habit apps share (archived habits,
  /// descriptions, goals and amounts, frequencies, reminders, notes, `entries`), version 3 a
  /// goal's period (per week, month or `n` days); writers write the oldest version that says
  /// everything a dataset uses, so such files stay byte for byte as they were, and an older
  /// reader refuses a newer file rather than misread it (docs/json-format.md).
  public static let formatVersions = 1...3

  /// Categories in the order the user sees them.
  public var categories: [TrackerCategory]
  /// Trackers in the user's order, which is also the card order within an agenda group.
  public var trackers: [Tracker]
  /// One completion per tracker and day (rule `record-duplicate`).
  public var records: [TrackerRecord]
  /// Days marked but not done: skipped, or an amount below the goal, or a note (see
  /// ``TrackerEntry``); never completions. At most one per tracker and day (rule
  /// `entry-duplicate`).
  public var entries: [TrackerEntry]
  /// The Daily Plan side.
  public var tasks: [PlanTask]
  /// The order of task categories on the Daily Plan screen, as ``TaskCategory`` raw values.
  public var taskCategoryOrder: [String]
  /// Dataset-level source data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// An empty dataset by default; `taskCategoryOrder` defaults to the app's order
  /// (`urgent, notUrgent, optional, other, none`), as when the JSON key is absent.
  public init(categories: [TrackerCategory] = [], trackers: [Tracker] = [],
              records: [TrackerRecord] = [], entries: [TrackerEntry] = [], tasks: [PlanTask] = [],
              taskCategoryOrder: [String] = TaskCategory.allCases.map(\.rawValue),
              extras: Extras = [:]) {
    self.categories = categories
    self.trackers = trackers
    self.records = records
    self.entries = entries
    self.tasks = tasks
    self.taskCategoryOrder = taskCategoryOrder
    self.extras = extras
  }
}

extension TrackerDataset {
  /// The format version a writer writes for this dataset: 3 when a goal has a period other
  /// than a day, 2 when it uses another field of version 2 (an archived habit, a description,
  /// goal, frequency or reminder, a record's amount or note, an entry), else 1.
  public var formatVersionNeeded: Int {
    if trackers.contains(where: { $0.goal.map { !$0.period.isDay } == true }) { return 3 }
    if !entries.isEmpty || trackers.contains(where: \.usesVersion2)
      || records.contains(where: { $0.amount != nil || $0.note != nil }) {
      return 2
    }
    return 1
  }
}
