import TrackerModel

/// What changed from one dataset to another (`trackport diff A B`), by the identity rules of
/// ``DatasetMatch``.
public struct DatasetDiff: Sendable {
  /// A category only in one dataset, or kept under its id with another title.
  public struct CategoryChange: Hashable, Sendable {
    /// Only in the second dataset, only in the first, or in both (same id) with another title;
    /// the raw value is what `diff --format json` writes.
    public enum Kind: String, Sendable { case added, removed, renamed }
    /// Which of the three.
    public var kind: Kind
    /// The title (the new one for a rename).
    public var title: String
    /// The old title of a renamed category.
    public var oldTitle: String?
    /// The category's index in the second dataset (added, renamed) or the first (removed).
    public var index: Int
  }

  /// A tracker only in one dataset, or in both with changes.
  public struct TrackerChange: Hashable, Sendable {
    /// Only in the second dataset, only in the first, or matched in both with differences;
    /// the raw value is what `diff --format json` writes.
    public enum Kind: String, Sendable { case added, removed, changed }
    /// Which of the three.
    public var kind: Kind
    /// The name in the second dataset (in the first for a removed tracker).
    public var name: String
    /// The tracker's id in the second dataset (the first for a removed one).
    public var id: String
    /// Its index in the second dataset (the first for a removed one).
    public var index: Int
    /// Its index in the first dataset, for a changed tracker.
    public var oldIndex: Int?
    /// Matched by normalised name and kind although the ids differ (the first's id is `oldId`).
    public var matchedByName: Bool
    /// The first dataset's id when matched by name.
    public var oldId: String?
    /// Field changes (category by title, extras per namespace), for a changed tracker.
    public var fields: [FieldChange]
    /// Days added, removed and changed, for a changed tracker.
    public var days: DayChanges
    /// Completions of an added or removed tracker (0 for a changed one: see ``days``).
    public var recordCount: Int
    /// Entries (amounts, notes, skipped days) of an added or removed tracker (0 for a changed one).
    public var entryCount: Int
  }

  /// A task only in one dataset, or in both with changes.
  public struct TaskChange: Hashable, Sendable {
    /// Only in the second dataset, only in the first, or in both (same id) with differences;
    /// the raw value is what `diff --format json` writes.
    public enum Kind: String, Sendable { case added, removed, changed }
    /// Which of the three.
    public var kind: Kind
    /// The title in the second dataset (in the first for a removed task).
    public var title: String
    /// The task's id in the second dataset (the first for a removed one); tasks are matched by
    /// id, then by title (``DatasetMatch``).
    public var id: String
    /// Its index in the second dataset (the first for a removed one).
    public var index: Int
    /// Field changes, for a changed task.
    public var fields: [FieldChange]
  }

  /// Categories added, removed or renamed, in the order `diff` shows them.
  public var categories: [CategoryChange] = []
  /// Trackers added, removed or changed, in the order `diff` shows them.
  public var trackers: [TrackerChange] = []
  /// Tasks added, removed or changed, in the order `diff` shows them.
  public var tasks: [TaskChange] = []
  /// Dataset-level differences: extras per namespace, the task category order.
  public var datasetFields: [FieldChange] = []

  /// Nothing differs.
  public var isEmpty: Bool {
    categories.isEmpty && trackers.isEmpty && tasks.isEmpty && datasetFields.isEmpty
  }

  /// Records added and removed over all trackers (an added tracker's records count as added).
  public var recordsAdded: Int {
    trackers.reduce(0) { $0 + ($1.kind == .added ? $1.recordCount : $1.days.recordsAdded.count) }
  }

  /// Records removed over all trackers (a removed tracker's records count as removed).
  public var recordsRemoved: Int {
    trackers.reduce(0) { $0 + ($1.kind == .removed ? $1.recordCount : $1.days.recordsRemoved.count) }
  }

  /// Compares `new` against `old`, both from formats that carry every field.
  public init(from old: TrackerDataset, to new: TrackerDataset) {
    self.init(from: MergeInput(old), to: MergeInput(new))
  }

  /// Compares `new` against `old`; a field either side's format cannot carry, or that either
  /// side's tracker marks made up (``Tracker/invented``), is not compared (its reader made the
  /// value up), and a category only trackers that were put in it by their reader are in is no
  /// category of the user's.
  public init(from oldInput: MergeInput, to newInput: MergeInput) {
    let old = oldInput.dataset.withoutInventedCategories
    let new = newInput.dataset.withoutInventedCategories
    let skipped = oldInput.uncarried.union(newInput.uncarried)
    let match = DatasetMatch(old, new)

    // Categories: by title; a category whose id stayed and whose title changed is a rename.
    var oldCategoryTaken = Array(repeating: false, count: old.categories.count)
    for i in match.categoryInFirst.compactMap({ $0 }) { oldCategoryTaken[i] = true }
    var oldCategoryById: [String: Int] = [:]
    for (i, c) in old.categories.enumerated() where oldCategoryById[c.id] == nil { oldCategoryById[c.id] = i }
    var renamedOld = Set<Int>()
    for (j, c) in new.categories.enumerated() where match.categoryInFirst[j] == nil {
      if let i = oldCategoryById[c.id], !oldCategoryTaken[i], !renamedOld.contains(i) {
        renamedOld.insert(i)
        categories.append(CategoryChange(kind: .renamed, title: c.title, oldTitle: old.categories[i].title, index: j))
      } else {
        categories.append(CategoryChange(kind: .added, title: c.title, oldTitle: nil, index: j))
      }
    }
    // A category whose trackers are all matched by trackers the other side's reader put in a
    // made-up category (Loop has none) is not removed: that side cannot say.
    var unknownOnNew = Set<String>(), knownOnNew = Set<String>()
    for (j, t) in new.trackers.enumerated() {
      guard let i = match.trackerInFirst[j] else { continue }
      if t.categoryId.isEmpty && t.invented.contains(.category) { unknownOnNew.insert(old.trackers[i].categoryId) } else { knownOnNew.insert(old.trackers[i].categoryId) }
    }
    for (i, c) in old.categories.enumerated() where !oldCategoryTaken[i] && !renamedOld.contains(i) {
      if unknownOnNew.contains(c.id) && !knownOnNew.contains(c.id) { continue }
      categories.append(CategoryChange(kind: .removed, title: c.title, oldTitle: nil, index: i))
    }
    // Matched by title, written otherwise (case, spaces): a rename too.
    for (j, c) in new.categories.enumerated() {
      if let i = match.categoryInFirst[j], old.categories[i].title != c.title, !skipped.contains("category") {
        categories.append(CategoryChange(kind: .renamed, title: c.title, oldTitle: old.categories[i].title, index: j))
      }
    }
    for (j, c) in new.categories.enumerated() {
      guard let i = match.categoryInFirst[j] else { continue }
      let changes = ModelFields.changes(old.categories[i].extras, c.extras)
      if !changes.isEmpty { datasetFields += changes.map { FieldChange(field: "categories[\(c.title)]." + $0.field, old: $0.old, new: $0.new) } }
    }

    // Trackers.
    let oldDays = DayIndex(old)
    let newDays = DayIndex(new)
    let oldTitles = Dictionary(old.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    let newTitles = Dictionary(new.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    var oldTrackerTaken = Array(repeating: false, count: old.trackers.count)
    for (j, t) in new.trackers.enumerated() {
      guard let i = match.trackerInFirst[j] else {
        trackers.append(TrackerChange(kind: .added, name: t.name, id: t.id, index: j, oldIndex: nil, matchedByName: false,
                                      oldId: nil, fields: [], days: DayChanges(),
                                      recordCount: newDays.records[t.id]?.count ?? 0, entryCount: newDays.entries[t.id]?.count ?? 0))
        continue
      }
      oldTrackerTaken[i] = true
      let before = old.trackers[i]
      let unset = skipped.union(before.invented.map(\.rawValue)).union(t.invented.map(\.rawValue))
      var fields = ModelFields.changes(ModelFields.tracker, before, t).filter { !unset.contains($0.field) }
      let oldTitle = oldTitles[before.categoryId] ?? before.categoryId
      let newTitle = newTitles[t.categoryId] ?? t.categoryId
      if NameKey.of(oldTitle) != NameKey.of(newTitle), !unset.contains("category") {
        fields.insert(FieldChange(field: "category", old: oldTitle, new: newTitle), at: min(2, fields.count))
      }
      fields += ModelFields.changes(before.extras.ofFormats, t.extras.ofFormats)
      var days = DayChanges()
      (days.recordsAdded, days.recordsRemoved, days.recordsChanged) =
        DayChanges.compare(oldDays.records[before.id] ?? [], newDays.records[t.id] ?? [],
                           same: { old.records[$0].sameContent(as: new.records[$1]) })
      (days.entriesAdded, days.entriesRemoved, days.entriesChanged) =
        DayChanges.compare(oldDays.entries[before.id] ?? [], newDays.entries[t.id] ?? [],
                           same: { old.entries[$0].sameContent(as: new.entries[$1]) })
      let byName = match.trackerByName[j]
      if fields.isEmpty, days.isEmpty, !byName { continue }
      trackers.append(TrackerChange(kind: .changed, name: t.name, id: t.id, index: j, oldIndex: i, matchedByName: byName,
                                    oldId: byName ? before.id : nil, fields: fields, days: days,
                                    recordCount: 0, entryCount: 0))
    }
    for (i, t) in old.trackers.enumerated() where !oldTrackerTaken[i] {
      trackers.append(TrackerChange(kind: .removed, name: t.name, id: t.id, index: i, oldIndex: nil, matchedByName: false,
                                    oldId: nil, fields: [], days: DayChanges(),
                                    recordCount: oldDays.records[t.id]?.count ?? 0, entryCount: oldDays.entries[t.id]?.count ?? 0))
    }

    // Tasks.
    var oldTaskTaken = Array(repeating: false, count: old.tasks.count)
    for (j, task) in new.tasks.enumerated() {
      guard let i = match.taskInFirst[j] else {
        tasks.append(TaskChange(kind: .added, title: task.title, id: task.id, index: j, fields: []))
        continue
      }
      oldTaskTaken[i] = true
      let fields = ModelFields.changes(ModelFields.task, old.tasks[i], task).filter { !skipped.contains("task." + $0.field) }
        + ModelFields.changes(old.tasks[i].extras, task.extras)
      if !fields.isEmpty { tasks.append(TaskChange(kind: .changed, title: task.title, id: task.id, index: j, fields: fields)) }
    }
    for (i, task) in old.tasks.enumerated() where !oldTaskTaken[i] {
      tasks.append(TaskChange(kind: .removed, title: task.title, id: task.id, index: i, fields: []))
    }

    // The user's order of what is in both: trackers, categories, tasks (by position).
    let trackerOrder = match.trackerInFirst.compactMap { $0 }
    if trackerOrder != trackerOrder.sorted(), !skipped.contains("trackers.order") {
      datasetFields.append(FieldChange(field: "trackers.order", old: "as before", new: "reordered"))
    }
    let categoryOrder = match.categoryInFirst.compactMap { $0 }
    if categoryOrder != categoryOrder.sorted(), !skipped.contains("categories.order") {
      datasetFields.append(FieldChange(field: "categories.order", old: "as before", new: "reordered"))
    }
    let taskOrder = new.tasks.indices.sorted { (new.tasks[$0].position, $0) < (new.tasks[$1].position, $1) }
      .compactMap { match.taskInFirst[$0] }
    let oldTaskRank = Dictionary(uniqueKeysWithValues: old.tasks.indices.sorted { (old.tasks[$0].position, $0) < (old.tasks[$1].position, $1) }
      .enumerated().map { ($0.element, $0.offset) })
    let ranks = taskOrder.compactMap { oldTaskRank[$0] }
    if ranks != ranks.sorted() {
      datasetFields.append(FieldChange(field: "tasks.order", old: "as before", new: "reordered"))
    }
    if old.taskCategoryOrder != new.taskCategoryOrder, !skipped.contains("taskCategoryOrder") {
      datasetFields.append(FieldChange(field: "taskCategoryOrder", old: old.taskCategoryOrder.joined(separator: ","),
                                       new: new.taskCategoryOrder.joined(separator: ",")))
    }
    datasetFields += ModelFields.changes(old.extras, new.extras)
  }
}

/// A dataset's records and entries by tracker id, each tracker's days sorted, as indices into
/// the dataset's arrays (a repeated day keeps its last one: such a dataset breaks rule
/// `record-duplicate` anyway).
struct DayIndex {
  struct Day {
    let day: Int
    let index: Int
  }

  var records: [String: [Day]] = [:]
  var entries: [String: [Day]] = [:]

  init(_ dataset: TrackerDataset) {
    for (i, r) in dataset.records.enumerated() { records[r.trackerId, default: []].append(Day(day: r.date.dayNumber, index: i)) }
    for (i, e) in dataset.entries.enumerated() { entries[e.trackerId, default: []].append(Day(day: e.date.dayNumber, index: i)) }
    for key in records.keys { Self.sortKeepingLast(&records[key]!) }
    for key in entries.keys { Self.sortKeepingLast(&entries[key]!) }
  }

  private static func sortKeepingLast(_ days: inout [Day]) {
    var sorted = true
    for i in days.indices.dropFirst() where days[i - 1].day >= days[i].day {
      sorted = false
      break
    }
    if sorted { return }
    days.sort { $0.day != $1.day ? $0.day < $1.day : $0.index < $1.index }
    var kept: [Day] = []
    kept.reserveCapacity(days.count)
    for d in days {
      if let last = kept.last, last.day == d.day { kept[kept.count - 1] = d } else { kept.append(d) }
    }
    days = kept
  }
}
