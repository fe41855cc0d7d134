import TrackerModel

/// Merges exports into a base dataset (`trackport merge`): the union of trackers, days and
/// tasks by the identity rules of ``DatasetMatch``, nothing duplicated, every disagreement
/// reported as a ``MergeConflict`` and decided by a ``MergePreference``.
///
/// A value set on one side only is taken from that side (a format that cannot carry notes never
/// erases the notes of the other); a day is never duplicated: a completion and a mark of one
/// tracker on one day conflict, and the preferred side's stays. The base's order, ids and
/// positions stay; what is new is appended in the incoming order. Merging what is already in
/// changes nothing, so `merge(merge(A, B), B) == merge(A, B)`.
public struct DatasetMerger: Sendable {
  /// Which side wins a conflict.
  public var prefer: MergePreference

  /// A merger keeping the `prefer` side's value in conflicts.
  public init(prefer: MergePreference = .incoming) {
    self.prefer = prefer
  }

  /// The merged dataset, its conflicts and the plan counts.
  public struct Result: Sendable {
    public var dataset: TrackerDataset
    public var conflicts: [MergeConflict]
    public var plan: MergePlan
  }

  /// Merges each of `incoming` into `base`, in order (formats that carry every field).
  public func merge(_ base: TrackerDataset, _ incoming: [TrackerDataset]) -> Result {
    merge(MergeInput(base), incoming.map { MergeInput($0) })
  }

  /// Merges each of `incoming` into `base`, in order; a field a side's format cannot carry
  /// counts as unset on that side (``MergeInput``).
  public func merge(_ base: MergeInput, _ incoming: [MergeInput]) -> Result {
    var state = MergeState(base.dataset, prefer: prefer)
    state.log.baseUncarried = base.uncarried
    for (n, other) in incoming.enumerated() {
      state.log.incomingIndex = n
      state.log.incomingUncarried = other.uncarried
      state.add(other.dataset)
    }
    return Result(dataset: state.dataset, conflicts: state.conflicts, plan: state.plan)
  }
}

/// One merge in progress.
private struct MergeState {
  var dataset: TrackerDataset
  var log: ConflictLog
  var plan = MergePlan()
  var conflicts: [MergeConflict] { log.conflicts }
  var prefer: MergePreference { log.prefer }

  init(_ base: TrackerDataset, prefer: MergePreference) {
    dataset = base
    log = ConflictLog(prefer: prefer)
  }

  mutating func add(_ incoming: TrackerDataset) {
    let match = DatasetMatch(dataset, incoming)
    let categoryIds = addCategories(incoming, match)
    let trackerIds = addTrackers(incoming, match, categoryIds: categoryIds)
    addDays(incoming, trackerIds: trackerIds)
    addTasks(incoming, match)
    if dataset.taskCategoryOrder != incoming.taskCategoryOrder, !log.incomingUncarried.contains("taskCategoryOrder") {
      if log.baseUncarried.contains("taskCategoryOrder") {
        dataset.taskCategoryOrder = incoming.taskCategoryOrder
      } else if log.conflict("dataset", "taskCategoryOrder", dataset.taskCategoryOrder.joined(separator: ","),
                  incoming.taskCategoryOrder.joined(separator: ","), pointer: "/taskCategoryOrder") == .incoming {
        dataset.taskCategoryOrder = incoming.taskCategoryOrder
      }
    }
    log.mergeExtras(&dataset.extras, incoming.extras, subject: "dataset", pointer: "/extras")
  }

  /// Adds the incoming categories that are new by title; returns each incoming category id's
  /// id in the merged dataset.
  private mutating func addCategories(_ incoming: TrackerDataset, _ match: DatasetMatch) -> [String: String] {
    var ids: [String: String] = [:]
    var used = Set(dataset.categories.map(\.id))
    for (j, category) in incoming.categories.enumerated() {
      plan.categories += 1
      if let i = match.categoryInFirst[j] {
        ids[category.id] = ids[category.id] ?? dataset.categories[i].id
        // The same title written otherwise (case, spaces) is a retitle.
        let title = dataset.categories[i].title
        if title != category.title, !log.incomingUncarried.contains("category") {
          if log.baseUncarried.contains("category")
            || log.conflict("category \"\(title)\"", "title", title, category.title,
                            pointer: "/categories/\(i)/title") == .incoming {
            dataset.categories[i].title = category.title
          }
        }
        log.mergeExtras(&dataset.categories[i].extras, category.extras, subject: "category \"\(category.title)\"",
                    pointer: "/categories/\(i)/extras")
        continue
      }
      var added = category
      added.id = Self.freeId(category.id, used: used)
      used.insert(added.id)
      ids[category.id] = ids[category.id] ?? added.id
      dataset.categories.append(added)
      plan.categoriesNew += 1
    }
    return ids
  }

  /// Adds new trackers and reconciles matched ones; returns each incoming tracker id's id in
  /// the merged dataset.
  private mutating func addTrackers(_ incoming: TrackerDataset, _ match: DatasetMatch,
                                    categoryIds: [String: String]) -> [String: String] {
    var ids: [String: String] = [:]
    var used = Set(dataset.trackers.map(\.id))
    let titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    for (j, tracker) in incoming.trackers.enumerated() {
      plan.trackers += 1
      var theirs = tracker
      theirs.categoryId = categoryIds[tracker.categoryId] ?? tracker.categoryId
      guard let i = match.trackerInFirst[j] else {
        theirs.id = Self.freeId(tracker.id, used: used)
        used.insert(theirs.id)
        dataset.trackers.append(theirs)
        ids[tracker.id] = theirs.id
        plan.trackersNew += 1
        continue
      }
      plan.trackersMatched += 1
      if match.trackerByName[j] { plan.trackersByName += 1 }
      ids[tracker.id] = dataset.trackers[i].id
      let before = log.conflicts.count
      let subject = "tracker \"\(dataset.trackers[i].name)\""
      let pointer = "/trackers/\(i)"
      log.reconcile(&dataset.trackers[i], theirs, rules: ModelFields.tracker, subject: subject, pointer: pointer)
      if dataset.trackers[i].categoryId != theirs.categoryId, !log.incomingUncarried.contains("category") {
        if log.baseUncarried.contains("category") {
          dataset.trackers[i].categoryId = theirs.categoryId
        } else {
        let mine = titles[dataset.trackers[i].categoryId] ?? dataset.trackers[i].categoryId
        let other = titles[theirs.categoryId] ?? theirs.categoryId
        if log.conflict(subject, "category", mine, other, pointer: pointer + "/categoryId") == .incoming {
          dataset.trackers[i].categoryId = theirs.categoryId
        }
        }
      }
      log.mergeExtras(&dataset.trackers[i].extras, theirs.extras, subject: subject, pointer: pointer + "/extras")
      if log.conflicts.count > before { plan.trackersInConflict += 1 }
    }
    return ids
  }

  /// The union of days by (tracker, day): a day is never duplicated.
  private mutating func addDays(_ incoming: TrackerDataset, trackerIds: [String: String]) {
    var keys = DayKeys()
    var recordAt: [Int: Int] = Dictionary(minimumCapacity: dataset.records.count + incoming.records.count)
    for (i, r) in dataset.records.enumerated() { recordAt[keys.key(r.trackerId, r.date)] = i }
    var entryAt: [Int: Int] = [:]
    for (i, e) in dataset.entries.enumerated() { entryAt[keys.key(e.trackerId, e.date)] = i }
    let names = Dictionary(dataset.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    func subject(_ id: String) -> String { "tracker \"\(names[id] ?? id)\"" }
    var droppedRecords = Set<Int>()
    var droppedEntries = Set<Int>()

    for record in incoming.records {
      plan.records += 1
      var theirs = record
      theirs.trackerId = trackerIds[record.trackerId] ?? record.trackerId
      let key = keys.key(theirs.trackerId, theirs.date)
      if let i = recordAt[key] {
        plan.recordsPresent += 1
        if dataset.records[i].sameContent(as: theirs) { continue }
        let before = log.conflicts.count
        log.reconcileDay(&dataset.records[i], theirs, subject: subject(theirs.trackerId), pointer: "/records/\(i)")
        if log.conflicts.count > before { plan.recordsInConflict += 1 }
      } else if let e = entryAt[key], !droppedEntries.contains(e) {
        plan.recordsInConflict += 1
        let kept = log.conflict(subject(theirs.trackerId), theirs.date.description, DayText.entry(dataset.entries[e]), DayText.record(theirs),
                            pointer: prefer == .base ? "/entries/\(e)" : nil)
        if kept == .incoming {
          droppedEntries.insert(e)
          recordAt[key] = dataset.records.count
          dataset.records.append(theirs)
        }
      } else {
        plan.recordsNew += 1
        recordAt[key] = dataset.records.count
        dataset.records.append(theirs)
      }
    }

    for entry in incoming.entries {
      plan.entries += 1
      var theirs = entry
      theirs.trackerId = trackerIds[entry.trackerId] ?? entry.trackerId
      let key = keys.key(theirs.trackerId, theirs.date)
      if let i = entryAt[key], !droppedEntries.contains(i) {
        plan.entriesPresent += 1
        if dataset.entries[i].sameContent(as: theirs) { continue }
        let before = log.conflicts.count
        log.reconcileDay(&dataset.entries[i], theirs, subject: subject(theirs.trackerId), pointer: "/entries/\(i)")
        if log.conflicts.count > before { plan.entriesInConflict += 1 }
      } else if let r = recordAt[key], !droppedRecords.contains(r) {
        plan.entriesInConflict += 1
        let kept = log.conflict(subject(theirs.trackerId), theirs.date.description, DayText.record(dataset.records[r]), DayText.entry(theirs),
                            pointer: prefer == .base ? "/records/\(r)" : nil)
        if kept == .incoming {
          droppedRecords.insert(r)
          entryAt[key] = dataset.entries.count
          dataset.entries.append(theirs)
        }
      } else {
        plan.entriesNew += 1
        entryAt[key] = dataset.entries.count
        dataset.entries.append(theirs)
      }
    }
    if !droppedRecords.isEmpty {
      dataset.records = dataset.records.enumerated().filter { !droppedRecords.contains($0.offset) }.map(\.element)
    }
    if !droppedEntries.isEmpty {
      dataset.entries = dataset.entries.enumerated().filter { !droppedEntries.contains($0.offset) }.map(\.element)
    }
  }

  /// Tasks by id, then by title and start; new ones appended after the base's positions.
  private mutating func addTasks(_ incoming: TrackerDataset, _ match: DatasetMatch) {
    var used = Set(dataset.tasks.map(\.id))
    var nextPosition = (dataset.tasks.map(\.position).max() ?? -1) + 1
    for (j, task) in incoming.tasks.enumerated() {
      plan.tasks += 1
      if let i = match.taskInFirst[j] {
        plan.tasksMatched += 1
        let subject = "task \"\(dataset.tasks[i].title)\""
        log.reconcile(&dataset.tasks[i], task, rules: ModelFields.task, subject: subject, pointer: "/tasks/\(i)", prefix: "task.")
        log.mergeExtras(&dataset.tasks[i].extras, task.extras, subject: subject, pointer: "/tasks/\(i)/extras")
        continue
      }
      var added = task
      added.id = Self.freeId(task.id, used: used)
      used.insert(added.id)
      added.position = nextPosition
      nextPosition += 1
      dataset.tasks.append(added)
      plan.tasksNew += 1
    }
  }

  /// `id`, or `id-2`, `id-3`, … when the merged dataset already uses it for something else.
  static func freeId(_ id: String, used: Set<String>) -> String {
    guard used.contains(id) else { return id }
    var n = 2
    while used.contains("\(id)-\(n)") { n += 1 }
    return "\(id)-\(n)"
  }
}

/// The conflicts of a merge and the rule that decides them.
private struct ConflictLog {
  let prefer: MergePreference
  var conflicts: [MergeConflict] = []
  var incomingIndex = 0
  /// Fields the base's and the current incoming dataset's formats cannot carry.
  var baseUncarried = Set<String>()
  var incomingUncarried = Set<String>()

  /// Records a conflict between two different, both set values and says which side stays.
  mutating func conflict(_ subject: String, _ field: String, _ base: String, _ incoming: String,
                                 pointer: String?) -> MergePreference {
    conflicts.append(MergeConflict(subject: subject, field: field, base: base, incoming: incoming, kept: prefer, pointer: pointer,
                                   incomingIndex: incomingIndex))
    return prefer
  }

  /// Field by field: an unset side takes the other's value; two different set values conflict.
  /// A field a side's format cannot carry is unset on that side.
  mutating func reconcile<Item>(_ mine: inout Item, _ theirs: Item, rules: [ModelFieldRule<Item>],
                                subject: String, pointer: String, prefix: String = "") {
    for rule in rules where !rule.same(mine, theirs) {
      let name = prefix + rule.name
      if incomingUncarried.contains(name) { continue }
      if baseUncarried.contains(name) {
        rule.copy(&mine, theirs)
        continue
      }
      switch (rule.text(mine), rule.text(theirs)) {
      case (nil, _): rule.copy(&mine, theirs)
      case (_, nil): break
      case let (base?, other?):
        if conflict(subject, rule.name, base, other, pointer: pointer + "/" + rule.name) == .incoming {
          rule.copy(&mine, theirs)
        }
      }
    }
  }

  /// Namespace by namespace: new namespaces are added, differing ones conflict.
  mutating func mergeExtras(_ mine: inout Extras, _ theirs: Extras, subject: String, pointer: String) {
    for key in theirs.keys.sorted() {
      guard let value = theirs[key], !ModelFields.sameData(mine[key], value) else { continue }
      guard let current = mine[key] else {
        mine[key] = value
        continue
      }
      if conflict(subject, "extras." + key, ValueText.json(current), ValueText.json(value),
                  pointer: pointer + "/" + JSONPointer.escape(key)) == .incoming {
        mine[key] = value
      }
    }
  }

  /// One day present on both sides: amount and note as fields (unset takes the other's), extras
  /// by namespace.
  mutating func reconcileDay(_ mine: inout TrackerRecord, _ theirs: TrackerRecord, subject: String, pointer: String) {
    let day = theirs.date.description
    if mine.amount != theirs.amount {
      if mine.amount == nil { mine.amount = theirs.amount }
      else if let a = mine.amount, let b = theirs.amount,
              conflict(subject, day + " amount", a.amountText, b.amountText, pointer: pointer + "/amount") == .incoming {
        mine.amount = b
      }
    }
    if mine.note != theirs.note {
      if mine.note == nil { mine.note = theirs.note }
      else if let a = mine.note, let b = theirs.note,
              conflict(subject, day + " note", a, b, pointer: pointer + "/note") == .incoming {
        mine.note = b
      }
    }
    mergeExtras(&mine.extras, theirs.extras, subject: subject + " " + day, pointer: pointer + "/extras")
  }

  mutating func reconcileDay(_ mine: inout TrackerEntry, _ theirs: TrackerEntry, subject: String, pointer: String) {
    let day = theirs.date.description
    if mine.skipped != theirs.skipped,
       conflict(subject, day + " skipped", ValueText.bool(mine.skipped), ValueText.bool(theirs.skipped),
                pointer: pointer + "/skipped") == .incoming {
      mine.skipped = theirs.skipped
    }
    if mine.amount != theirs.amount {
      if mine.amount == nil { mine.amount = theirs.amount }
      else if let a = mine.amount, let b = theirs.amount,
              conflict(subject, day + " amount", a.amountText, b.amountText, pointer: pointer + "/amount") == .incoming {
        mine.amount = b
      }
    }
    if mine.note != theirs.note {
      if mine.note == nil { mine.note = theirs.note }
      else if let a = mine.note, let b = theirs.note,
              conflict(subject, day + " note", a, b, pointer: pointer + "/note") == .incoming {
        mine.note = b
      }
    }
    mergeExtras(&mine.extras, theirs.extras, subject: subject + " " + day, pointer: pointer + "/extras")
  }

}

/// Whole-number keys for (tracker, day): each tracker id gets a slot once, so the tables of
/// days hash integers, not strings.
private struct DayKeys {
  private var slots: [String: Int] = [:]
  private var lastId = ""
  private var lastSlot = -1

  mutating func key(_ tracker: String, _ date: LocalDate) -> Int {
    if tracker != lastId || lastSlot < 0 {
      if let slot = slots[tracker] {
        lastSlot = slot
      } else {
        lastSlot = slots.count
        slots[tracker] = lastSlot
      }
      lastId = tracker
    }
    // Day numbers fit in 32 bits with room to spare (±5.8 million years).
    return lastSlot << 32 | Int(UInt32(truncatingIfNeeded: date.dayNumber))
  }
}

/// A day's content in a conflict message: `done`, `done (3 km)`, `skipped`, `marked (1 km, "tired")`.
enum DayText {
  static func record(_ r: TrackerRecord) -> String { "done" + details(r.amount, r.note) }
  static func entry(_ e: TrackerEntry) -> String { (e.skipped ? "skipped" : "not done") + details(e.amount, e.note) }

  private static func details(_ amount: Double?, _ note: String?) -> String {
    let parts = [amount.map(\.amountText), note.map { "\"\($0)\"" }].compactMap { $0 }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
  }
}
