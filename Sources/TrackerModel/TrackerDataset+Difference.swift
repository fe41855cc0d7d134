extension TrackerDataset {
  /// The first part of `other` that differs from this dataset, in the model's order, in a few
  /// words (`tracker … ≠ …`, `record count 3 ≠ 4`); `nil` when they are equal. For failure
  /// messages that fit on a screen (tests, fuzz findings), not for showing changes to a user.
  public func firstDifference(from other: TrackerDataset) -> String? {
    guard self != other else { return nil }
    if categories != other.categories { return "categories: \(categories) ≠ \(other.categories)" }
    for (x, y) in zip(trackers, other.trackers) where x != y { return "tracker \(x) ≠ \(y)" }
    if trackers.count != other.trackers.count { return "tracker count \(trackers.count) ≠ \(other.trackers.count)" }
    for (x, y) in zip(records, other.records) where x != y { return "record \(x) ≠ \(y)" }
    if records.count != other.records.count { return "record count \(records.count) ≠ \(other.records.count)" }
    for (x, y) in zip(entries, other.entries) where x != y { return "entry \(x) ≠ \(y)" }
    if entries.count != other.entries.count { return "entry count \(entries.count) ≠ \(other.entries.count)" }
    for (x, y) in zip(tasks, other.tasks) where x != y { return "task \(x) ≠ \(y)" }
    if tasks.count != other.tasks.count { return "task count \(tasks.count) ≠ \(other.tasks.count)" }
    if taskCategoryOrder != other.taskCategoryOrder { return "task category order" }
    return "extras: \(extras) ≠ \(other.extras)"
  }
}
