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
    /// The base with every incoming dataset merged in.
    public var dataset: TrackerDataset
    /// Every disagreement met, with the side that won it, in the order met.
    public var conflicts: [MergeConflict]
    /// What was new, matched and in conflict, counted over all incoming datasets.
    public var plan: MergePlan
  }

  /// Merges each of `incoming` into `base`, in order (formats that carry every field).
  public func merge(_ base: TrackerDataset, _ incoming: [TrackerDataset]) -> Result {
    merge(MergeInput(base), incoming.map { MergeInput($0) })
  }

  /// Merges each of `incoming` into `base`, in order; a field a side's format cannot carry
  /// counts as unset on that side (``MergeInput``).
  ///
  /// `base` is consumed: when the caller holds no other copy of its dataset (pass it with
  /// `consume`), the merge adds to its arrays in place instead of copying them first.
  public func merge(_ base: consuming MergeInput, _ incoming: [MergeInput]) -> Result {
    var dataset = TrackerDataset()
    swap(&dataset, &base.dataset)
    var state = MergeState(consume dataset, prefer: prefer)
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
  /// Incoming made-up categories not added yet: added with the first new tracker in them.
  var pendingCategories: [String: TrackerCategory] = [:]
  var conflicts: [MergeConflict] { log.conflicts }
  var prefer: MergePreference { log.prefer }

  init(_ base: consuming TrackerDataset, prefer: MergePreference) {
    dataset = base
    log = ConflictLog(prefer: prefer)
  }

  mutating func add(_ incoming: TrackerDataset) {
    let match = DatasetMatch(dataset, incoming)
    let ends = DataEnds(base: dataset, incoming: incoming, match: match)
    let categoryIds = addCategories(incoming, match)
    let trackerIds = addTrackers(incoming, match, categoryIds: categoryIds)
    addDays(incoming, trackerIds: trackerIds)
    ends.apply(to: &dataset, trackerIds: trackerIds, incoming: incoming)
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
    // A category only made-up trackers are in (HabitBull's default) is added only for a new
    // tracker in it (``addTrackers``), never beside the base's.
    let madeUp = incoming.inventedCategoryIds, baseMadeUp = dataset.inventedCategoryIds
    pendingCategories = [:]
    for (j, category) in incoming.categories.enumerated() {
      plan.categories += 1
      if match.categoryInFirst[j] == nil && madeUp.contains(category.id) {
        pendingCategories[category.id] = category
        continue
      }
      if let i = match.categoryInFirst[j] {
        ids[category.id] = ids[category.id] ?? dataset.categories[i].id
        // The same title written otherwise (case, spaces) is a retitle. A title a reader made up
        // (a category only made-up trackers are in) is unset on its side: it never conflicts,
        // and a real title replaces it.
        let title = dataset.categories[i].title
        if title != category.title, !log.incomingUncarried.contains("category"), !madeUp.contains(category.id) {
          if log.baseUncarried.contains("category") || baseMadeUp.contains(dataset.categories[i].id)
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
    var categoryIds = categoryIds
    var ids: [String: String] = [:]
    var used = Set(dataset.trackers.map(\.id))
    let titles = Dictionary(dataset.categories.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
    for (j, tracker) in incoming.trackers.enumerated() {
      plan.trackers += 1
      var theirs = tracker
      if match.trackerInFirst[j] == nil, categoryIds[tracker.categoryId] == nil, var pending = pendingCategories.removeValue(forKey: tracker.categoryId) {
        pending.id = Self.freeId(pending.id, used: Set(dataset.categories.map(\.id)))
        dataset.categories.append(pending)
        plan.categoriesNew += 1
        categoryIds[tracker.categoryId] = pending.id
      }
      theirs.categoryId = categoryIds[tracker.categoryId] ?? tracker.categoryId
      theirs.invented = tracker.invented  // made up under its new category id too
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
      // A field a reader made up (``Tracker/invented``) is unset on that side, as a field its
      // format cannot carry; a value taken from the other side is real, and loses the mark.
      let (baseUncarried, incomingUncarried) = (log.baseUncarried, log.incomingUncarried)
      let mine = dataset.trackers[i].invented, others = theirs.invented
      log.baseUncarried.formUnion(mine.map(\.rawValue))
      log.incomingUncarried.formUnion(others.map(\.rawValue))
      defer { (log.baseUncarried, log.incomingUncarried) = (baseUncarried, incomingUncarried) }
      log.reconcile(&dataset.trackers[i], theirs, rules: ModelFields.tracker, subject: subject, pointer: pointer)
      dataset.trackers[i].invented = mine.filter { others.contains($0) || incomingUncarried.contains($0.rawValue) }
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
      log.mergeExtras(&dataset.trackers[i].extras, theirs.extras.ofFormats, subject: subject, pointer: pointer + "/extras")
      if log.conflicts.count > before { plan.trackersInConflict += 1 }
    }
    return ids
  }

  /// The union of days by (tracker, day): a day is never duplicated. A completion and a mark
  /// of one tracker on one day conflict; the preferred side's stays.
  private mutating func addDays(_ incoming: TrackerDataset, trackerIds: [String: String]) {
    var keys = DayKeys(trackerIds: trackerIds)
    var days = DayTables()
    dataset.records.withUnsafeBufferPointer { records in
      for i in records.indices { days.records.set(keys.slots.slot(records[i].trackerId), records[i].date.dayNumber, i) }
    }
    dataset.entries.withUnsafeBufferPointer { entries in
      for i in entries.indices { days.entries.set(keys.slots.slot(entries[i].trackerId), entries[i].date.dayNumber, i) }
    }
    let names = Dictionary(dataset.trackers.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    var records = DayCounts(), entries = DayCounts()
    // Room for every incoming day at once: grown by appends, the records would move to a
    // buffer twice the size (and fault in its pages) at each doubling.
    dataset.records.reserveCapacity(dataset.records.count + incoming.records.count)
    dataset.entries.reserveCapacity(dataset.entries.count + incoming.entries.count)
    Self.mergeDays(incoming.records, into: &dataset.records, beside: dataset.entries, tables: &days, keys: &keys,
                   names: names, log: &log, counts: &records)
    Self.mergeDays(incoming.entries, into: &dataset.entries, beside: dataset.records, tables: &days, keys: &keys,
                   names: names, log: &log, counts: &entries)
    records.add(to: &plan, \.records, \.recordsNew, \.recordsPresent, \.recordsInConflict)
    entries.add(to: &plan, \.entries, \.entriesNew, \.entriesPresent, \.entriesInConflict)
    if !days.droppedRecords.isEmpty {
      dataset.records = dataset.records.enumerated().filter { !days.droppedRecords.contains($0.offset) }.map(\.element)
      log.removed(days.droppedRecords, from: .records)
    }
    if !days.droppedEntries.isEmpty {
      dataset.entries = dataset.entries.enumerated().filter { !days.droppedEntries.contains($0.offset) }.map(\.element)
      log.removed(days.droppedEntries, from: .entries)
    }
  }

  /// What ``mergeDays(_:into:beside:tables:keys:names:log:counts:)`` met of one kind of day.
  struct DayCounts {
    var total = 0, new = 0, present = 0, conflicts = 0

    /// Adds these counts to the plan's fields of their kind (once per kind, outside the loop).
    func add(to plan: inout MergePlan, _ totalField: WritableKeyPath<MergePlan, Int>, _ newField: WritableKeyPath<MergePlan, Int>,
             _ presentField: WritableKeyPath<MergePlan, Int>, _ conflictsField: WritableKeyPath<MergePlan, Int>) {
      plan[keyPath: totalField] += total
      plan[keyPath: newField] += new
      plan[keyPath: presentField] += present
      plan[keyPath: conflictsField] += conflicts
    }
  }

  /// One kind of day (completions, or marks) merged into `mine`; `others` are the other kind,
  /// whose day on the same date is a conflict. Static, on the arrays themselves, so it is
  /// compiled for each kind: through key paths it ran generic, and was a fifth of a merge.
  @inline(__always)
  private static func mergeDays<Item: MergedDay, Other: MergedDay>(
    _ items: [Item], into mine: inout [Item], beside others: [Other],
    tables: inout DayTables, keys: inout DayKeys, names: [String: String], log: inout ConflictLog,
    counts: inout DayCounts
  ) {
    let myTable = Item.table, otherTable = Other.table
    let prefer = log.prefer
    for item in items {
      counts.total += 1
      var theirs = item
      let (id, slot, renamed) = keys.merged(item.trackerId)
      if renamed { theirs.trackerId = id }
      let key = DayKey(slot: slot, day: theirs.date.dayNumber)
      func subject() -> String { "tracker \"\(names[id] ?? id)\"" }
      if let i = tables.index(myTable, key), !tables.dropped(myTable, i) {
        counts.present += 1
        if mine[i].sameContent(as: theirs) { continue }
        let before = log.conflicts.count
        log.reconcileDay(&mine[i], theirs, subject: subject(), pointer: "/\(myTable.rawValue)/\(i)")
        if log.conflicts.count > before { counts.conflicts += 1 }
      } else if let o = tables.index(otherTable, key), !tables.dropped(otherTable, o) {
        counts.conflicts += 1
        // The kept day: the base's, or the incoming one appended below.
        let kept = log.conflict(subject(), theirs.date.description, others[o].dayText, theirs.dayText,
                                pointer: prefer == .base ? "/\(otherTable.rawValue)/\(o)"
                                  : "/\(myTable.rawValue)/\(mine.count)")
        if kept == .incoming {
          tables.drop(otherTable, o)
          tables.set(myTable, key, mine.count)
          mine.append(theirs)
        }
      } else {
        counts.new += 1
        tables.set(myTable, key, mine.count)
        mine.append(theirs)
      }
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
struct ConflictLog {
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
  /// One day present on both sides, whichever kind it is.
  mutating func reconcileDay<Item: MergedDay>(_ mine: inout Item, _ theirs: Item, subject: String, pointer: String) {
    Item.reconcile(&mine, theirs, log: &self, subject: subject, pointer: pointer)
  }

  /// One optional value of a day: an unset side takes the other's; two values conflict.
  private mutating func reconcile<Value: Equatable>(_ mine: inout Value?, _ theirs: Value?, _ subject: String, _ field: String,
                                                    text: (Value) -> String, pointer: String) {
    guard mine != theirs, let other = theirs else { return }
    guard let current = mine else {
      mine = other
      return
    }
    if conflict(subject, field, text(current), text(other), pointer: pointer) == .incoming { mine = other }
  }

  mutating func reconcileRecord(_ mine: inout TrackerRecord, _ theirs: TrackerRecord, subject: String, pointer: String) {
    let day = theirs.date.description
    reconcile(&mine.amount, theirs.amount, subject, day + " amount", text: \.amountText, pointer: pointer + "/amount")
    reconcile(&mine.note, theirs.note, subject, day + " note", text: { $0 }, pointer: pointer + "/note")
    mergeExtras(&mine.extras, theirs.extras, subject: subject + " " + day, pointer: pointer + "/extras")
  }

  mutating func reconcileEntry(_ mine: inout TrackerEntry, _ theirs: TrackerEntry, subject: String, pointer: String) {
    let day = theirs.date.description
    if mine.skipped != theirs.skipped,
       conflict(subject, day + " skipped", ValueText.bool(mine.skipped), ValueText.bool(theirs.skipped),
                pointer: pointer + "/skipped") == .incoming {
      mine.skipped = theirs.skipped
    }
    reconcile(&mine.amount, theirs.amount, subject, day + " amount", text: \.amountText, pointer: pointer + "/amount")
    reconcile(&mine.note, theirs.note, subject, day + " note", text: { $0 }, pointer: pointer + "/note")
    mergeExtras(&mine.extras, theirs.extras, subject: subject + " " + day, pointer: pointer + "/extras")
  }

  /// Keeps the pointers true after the days at `dropped` of `table` were removed from the
  /// merged dataset: a pointer into a removed day is cleared (its value is no longer there),
  /// one past it moves down.
  mutating func removed(_ dropped: Set<Int>, from table: DayTables.Table) {
    let prefix = "/" + table.rawValue + "/"
    let gone = dropped.sorted()
    for k in conflicts.indices {
      guard let pointer = conflicts[k].pointer, pointer.hasPrefix(prefix) else { continue }
      let rest = pointer.utf8.dropFirst(prefix.utf8.count)
      let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard let index = Int(String(decoding: digits, as: UTF8.self)) else { continue }
      if dropped.contains(index) {
        conflicts[k].pointer = nil
        continue
      }
      // How many removed days came before it: the first position in `gone` not below it.
      var low = 0, high = gone.count
      while low < high {
        let middle = (low + high) / 2
        if gone[middle] < index { low = middle + 1 } else { high = middle }
      }
      conflicts[k].pointer = prefix + String(index - low) + String(decoding: rest.dropFirst(digits.count), as: UTF8.self)
    }
  }
}

/// The tracker slots of one merge step's days: the merged dataset's ids by ``TrackerSlots``,
/// and each incoming id's merged id and slot, found once per incoming tracker.
private struct DayKeys {
  var slots = TrackerSlots()
  private var incoming = TrackerSlots()
  /// Per incoming slot, its merged id and slot (slots are dense: a new one is the next index),
  /// and whether the merged id differs from the incoming one.
  private var mapped: [(id: String, slot: Int, renamed: Bool)] = []
  private let trackerIds: [String: String]

  init(trackerIds: [String: String]) { self.trackerIds = trackerIds }

  /// The merged id and slot of an incoming day's tracker id, and whether the id changed (most
  /// do not: the day keeps its own string then, with no retain and release per day).
  mutating func merged(_ id: String) -> (id: String, slot: Int, renamed: Bool) {
    let n = incoming.slot(id)
    if n < mapped.count { return mapped[n] }
    let target = trackerIds[id] ?? id
    mapped.append((target, slots.slot(target), target != id))
    return mapped[n]
  }
}

/// A tracker slot and a day number.
struct DayKey {
  var slot: Int
  var day: Int
}

/// The two kinds of day a merge unites: completions (records) and marks (entries).
protocol MergedDay {
  /// Where the kind lives in the dataset and its tables.
  static var table: DayTables.Table { get }
  var trackerId: String { get set }
  var date: LocalDate { get }
  func sameContent(as other: Self) -> Bool
  /// The day's content in a conflict message: `done`, `done (3, "tired")`, `skipped`.
  var dayText: String { get }
  static func reconcile(_ mine: inout Self, _ theirs: Self, log: inout ConflictLog, subject: String, pointer: String)
}

extension TrackerRecord: MergedDay {
  static var table: DayTables.Table { .records }
  var dayText: String { "done" + DayTables.details(amount, note) }
  static func reconcile(_ mine: inout TrackerRecord, _ theirs: TrackerRecord, log: inout ConflictLog, subject: String, pointer: String) {
    log.reconcileRecord(&mine, theirs, subject: subject, pointer: pointer)
  }
}

extension TrackerEntry: MergedDay {
  static var table: DayTables.Table { .entries }
  var dayText: String { (skipped ? "skipped" : "not done") + DayTables.details(amount, note) }
  static func reconcile(_ mine: inout TrackerEntry, _ theirs: TrackerEntry, log: inout ConflictLog, subject: String, pointer: String) {
    log.reconcileEntry(&mine, theirs, subject: subject, pointer: pointer)
  }
}

/// Where each day of the merged dataset is (by ``DayKey``), and which were given up to
/// the other kind in a conflict.
struct DayTables {
  enum Table: String { case records, entries }
  var records = DayPositions()
  var entries = DayPositions()
  private(set) var droppedRecords = Set<Int>()
  private(set) var droppedEntries = Set<Int>()

  func index(_ table: Table, _ key: DayKey) -> Int? {
    table == .records ? records.position(key.slot, key.day) : entries.position(key.slot, key.day)
  }

  mutating func set(_ table: Table, _ key: DayKey, _ index: Int) {
    if table == .records { records.set(key.slot, key.day, index) } else { entries.set(key.slot, key.day, index) }
  }

  func dropped(_ table: Table, _ index: Int) -> Bool {
    table == .records ? droppedRecords.contains(index) : droppedEntries.contains(index)
  }

  mutating func drop(_ table: Table, _ index: Int) {
    if table == .records { droppedRecords.insert(index) } else { droppedEntries.insert(index) }
  }

  static func details(_ amount: Double?, _ note: String?) -> String {
    let parts = [amount.map(\.amountText), note.map { "\"\($0)\"" }].compactMap { $0 }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
  }
}
