/// One user's data: the canonical model every codec reads into and writes from.
///
/// Its JSON form (`docs/json-format.md`) is the contract every other format maps to.
public struct TrackerDataset: Hashable, Sendable {
  /// The canonical format version this model describes; readers refuse others.
  public static let formatVersion = 1

  /// Categories in the order the user sees them.
  public var categories: [TrackerCategory]
  /// Trackers in the user's order, which is also the card order within an agenda group.
  public var trackers: [Tracker]
  /// One completion per tracker and day (rule `record-duplicate`).
  public var records: [TrackerRecord]
  /// The Daily Plan side.
  public var tasks: [PlanTask]
  /// The order of task categories on the Daily Plan screen, as ``TaskCategory`` raw values.
  public var taskCategoryOrder: [String]
  /// Dataset-level source data the model cannot say; see ``Extras``.
  public var extras: Extras

  /// An empty dataset by default; `taskCategoryOrder` defaults to the app's order
  /// (`urgent, notUrgent, optional, other, none`), as when the JSON key is absent.
  public init(categories: [TrackerCategory] = [], trackers: [Tracker] = [],
              records: [TrackerRecord] = [], tasks: [PlanTask] = [],
              taskCategoryOrder: [String] = TaskCategory.allCases.map(\.rawValue),
              extras: Extras = [:]) {
    self.categories = categories
    self.trackers = trackers
    self.records = records
    self.tasks = tasks
    self.taskCategoryOrder = taskCategoryOrder
    self.extras = extras
  }
}
