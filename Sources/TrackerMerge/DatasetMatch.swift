import TrackerModel

/// Which category, tracker and task of one dataset is which of another: the identity rules
/// `diff` and `merge` share (docs/merge-diff.md).
///
/// - Trackers: by id; then a tracker left over on both sides whose kind and ``NameKey`` agree
///   ("matched by name"), in dataset order.
/// - Categories: by title (``NameKey``), as the app shows them; `diff` also calls a category
///   kept under its id with another title renamed.
/// - Tasks: by id; then by title and start.
public struct DatasetMatch: Sendable {
  /// For each tracker of the second dataset, the index of its tracker in the first, or `nil`.
  public var trackerInFirst: [Int?]
  /// For each tracker of the second dataset, whether it was matched by name (ids differ).
  public var trackerByName: [Bool]
  /// For each category of the second dataset, the index of its category in the first, or `nil`.
  public var categoryInFirst: [Int?]
  /// For each task of the second dataset, the index of its task in the first, or `nil`.
  public var taskInFirst: [Int?]

  /// Matches `second` against `first`.
  public init(_ first: TrackerDataset, _ second: TrackerDataset) {
    trackerInFirst = Array(repeating: nil, count: second.trackers.count)
    trackerByName = Array(repeating: false, count: second.trackers.count)
    var firstTaken = Array(repeating: false, count: first.trackers.count)
    var firstById: [String: Int] = [:]
    for (i, t) in first.trackers.enumerated() where firstById[t.id] == nil { firstById[t.id] = i }
    for (j, t) in second.trackers.enumerated() {
      if let i = firstById[t.id], !firstTaken[i] {
        trackerInFirst[j] = i
        firstTaken[i] = true
      }
    }
    var firstByName: [String: [Int]] = [:]
    for (i, t) in first.trackers.enumerated() where !firstTaken[i] {
      firstByName[t.kind.rawValue + "\u{0}" + NameKey.of(t.name), default: []].append(i)
    }
    for (j, t) in second.trackers.enumerated() where trackerInFirst[j] == nil {
      let key = t.kind.rawValue + "\u{0}" + NameKey.of(t.name)
      guard var candidates = firstByName[key], !candidates.isEmpty else { continue }
      let i = candidates.removeFirst()
      firstByName[key] = candidates
      trackerInFirst[j] = i
      trackerByName[j] = true
    }

    var firstCategoryByTitle: [String: Int] = [:]
    for (i, c) in first.categories.enumerated() {
      let key = NameKey.of(c.title)
      if firstCategoryByTitle[key] == nil { firstCategoryByTitle[key] = i }
    }
    categoryInFirst = second.categories.map { firstCategoryByTitle[NameKey.of($0.title)] }

    taskInFirst = Array(repeating: nil, count: second.tasks.count)
    var taskTaken = Array(repeating: false, count: first.tasks.count)
    var taskById: [String: Int] = [:]
    for (i, t) in first.tasks.enumerated() where taskById[t.id] == nil { taskById[t.id] = i }
    for (j, t) in second.tasks.enumerated() {
      if let i = taskById[t.id], !taskTaken[i] {
        taskInFirst[j] = i
        taskTaken[i] = true
      }
    }
    var taskByTitle: [String: [Int]] = [:]
    for (i, t) in first.tasks.enumerated() where !taskTaken[i] {
      taskByTitle[Self.taskKey(t), default: []].append(i)
    }
    for (j, t) in second.tasks.enumerated() where taskInFirst[j] == nil {
      let key = Self.taskKey(t)
      guard var candidates = taskByTitle[key], !candidates.isEmpty else { continue }
      taskInFirst[j] = candidates.removeFirst()
      taskByTitle[key] = candidates
    }
  }

  private static func taskKey(_ task: PlanTask) -> String {
    NameKey.of(task.title) + "\u{0}" + (task.start?.description ?? "")
  }
}
