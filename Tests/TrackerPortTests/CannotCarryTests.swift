import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// What `trackport formats` says a format cannot carry is what a conversion to it reports lost.
///
/// Every built-in codec that writes (and every shape of one that writes several, the CSV
/// package and tables) writes ``fullDataset()``, a dataset that uses every part of the model:
/// the fields its `losses` names in `dropped-field` warnings must be exactly those its descriptor
/// declares, and reading the output back must give the dataset again, but for those fields.
@Suite struct CannotCarryTests {
  /// One output a codec writes: the codec, or one of its ``CodecDescriptor/shapes``.
  struct Writer: Sendable, CustomTestStringConvertible {
    var codec: any TrackerCodec
    var shape: CodecDescriptor.Shape?

    var testDescription: String { codec.descriptor.id + (shape.map { " --to-shape \($0.name)" } ?? "") }
    /// What the descriptor says this output cannot carry.
    var declared: [ModelField] { shape?.cannotCarry ?? codec.descriptor.cannotCarry }
    /// What the descriptor says this output carries only some values of.
    var inPart: [ModelField] { shape?.carriesInPart ?? codec.descriptor.carriesInPart }
    /// Everything writing may report lost.
    var mayLose: [ModelField] { ModelField.inModelOrder(declared + inPart) }
    /// Writing options: the shape, when there is one.
    var options: [String: String] { shape.map { ["to-shape": $0.name] } ?? [:] }
    /// Reading options: the same shape.
    var readOptions: [String: String] { shape.map { ["shape": $0.name] } ?? [:] }
    /// An output name of the format: its own ending, else the first it claims by content. A
    /// shape other than the package is a single file (the CSV tables), the package a folder.
    var fileName: String {
      let d = codec.descriptor
      if let shape {
        return shape.name == "package" ? "full-package" : "full-\(shape.name).\(d.sniffedExtensions.first ?? d.id)"
      }
      return "full." + (d.extensions.first ?? d.sniffedExtensions.first ?? d.id)
    }
  }

  /// Every output of every built-in codec that writes.
  static let writers: [Writer] = StandardCodecs.all.filter(\.descriptor.canWrite).flatMap { codec in
    codec.descriptor.shapes.isEmpty ? [Writer(codec: codec)] : codec.descriptor.shapes.map { Writer(codec: codec, shape: $0) }
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }
  static func time(_ text: String) -> LocalDateTime { LocalDateTime(text)! }
  static func extras(_ note: String) -> Extras { ["test": .object([JSONMember("note", .string(note))])] }

  /// A dataset that uses every part of the model (``TrackerDataset`` and the types it holds),
  /// each in the way that is hardest to carry:
  ///
  /// - categories: ids that are not derived from the titles, in an order that is not the order
  ///   of first use, one with no tracker and one whose trackers have no record, extras;
  /// - trackers: ids that are neither derived from the names nor UUIDs (and one lower-case
  ///   UUID); both kinds (a dated event with records, an undated one without); emoji and
  ///   colours off every palette (the app's, Loop's) and none at all; a schedule that is not
  ///   every day and one that is; pinned; `createdOn`; a name repeated; a name longer than the
  ///   app's 38 characters; extras;
  /// - records of habits and of an event, by date across trackers (so the first records are
  ///   not in the trackers' order), with extras;
  /// - tasks with every field (description, colour, category, start and end, done, reminders,
  ///   attachments, position, extras) and one with only the required ones;
  /// - a task category order that is not the app's, and dataset extras.
  static func fullDataset() -> TrackerDataset {
    let categories = [
      TrackerCategory(id: "cat-events", title: "События", extras: extras("category")),
      TrackerCategory(id: "cat-home", title: "Домашний уют"),
      TrackerCategory(id: "cat-empty", title: "Пусто"),
      TrackerCategory(id: "cat-idle", title: "Без отметок"),
    ]
    let trackers = [
      Tracker(id: "tracker-water", kind: .habit, name: "Поливать растения", categoryId: "cat-home", emoji: "🎈",
              color: "#123456", schedule: [.mon, .wed, .fri], pinned: true, createdOn: day("2026-01-05"),
              extras: extras("tracker")),
      Tracker(id: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", kind: .habit, name: "Поливать растения", categoryId: "cat-home",
              emoji: nil, color: nil, schedule: Weekday.allCases),
      Tracker(id: "tracker-doctor", kind: .event, name: "Сходить к врачу", categoryId: "cat-events", emoji: "😇",
              color: "#FD4C49", date: day("2026-01-06"), pinned: true),
      Tracker(id: "tracker-someday", kind: .event, name: "Разобрать антресоли", categoryId: "cat-idle", emoji: "🙂",
              color: "#33CF69"),
      Tracker(id: "tracker-long", kind: .habit, name: "Читать по двадцать страниц каждый вечер перед сном",
              categoryId: "cat-idle", emoji: "🥦", color: "#007BFA", schedule: [.sat, .sun]),
      // What habit apps share beyond the Tracker app (format version 2).
      Tracker(id: "tracker-run", kind: .habit, name: "Бег", categoryId: "cat-home", emoji: "🏃", color: "#FF674D",
              schedule: Weekday.allCases, description: "Утром, до работы",
              goal: TrackerGoal(target: 5.5, direction: .atLeast, unit: "km"),
              frequency: TrackerFrequency(times: 3, days: 7),
              reminders: [TrackerReminder(time: "07:30", days: [.mon, .wed]), TrackerReminder(time: "19:00")]),
      // A goal per week (format version 3), without days: an app whose goals are daily keeps
      // the target per day and names the period lost.
      Tracker(id: "tracker-swim", kind: .habit, name: "Плавание", categoryId: "cat-home", emoji: "🏊", color: "#FF674D",
              schedule: Weekday.allCases, goal: TrackerGoal(target: 3, direction: .atLeast, unit: "km", period: .week)),
      // Archived apart from the habit that has every other field: a format may leave archived
      // habits out whole (beaverhabits), and the other fields must still be reported.
      Tracker(id: "tracker-old", kind: .habit, name: "Зарядка", categoryId: "cat-home", emoji: "🙂", color: "#33CF69",
              schedule: Weekday.allCases, archived: true),
    ]
    let records = [
      TrackerRecord(trackerId: "tracker-long", date: day("2026-01-03")),
      TrackerRecord(trackerId: "tracker-water", date: day("2026-01-05"), extras: extras("record")),
      TrackerRecord(trackerId: "tracker-doctor", date: day("2026-01-06")),
      TrackerRecord(trackerId: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", date: day("2026-01-06")),
      TrackerRecord(trackerId: "tracker-water", date: day("2026-01-07")),
      TrackerRecord(trackerId: "tracker-run", date: day("2026-01-05"), amount: 6.25, note: "в парке"),
      TrackerRecord(trackerId: "tracker-old", date: day("2026-01-04")),
    ]
    let entries = [
      TrackerEntry(trackerId: "tracker-run", date: day("2026-01-06"), skipped: true, note: "дождь"),
      TrackerEntry(trackerId: "tracker-run", date: day("2026-01-07"), amount: 2.5, extras: extras("entry")),
    ]
    let tasks = [
      PlanTask(id: "task-report", title: "Отчёт", description: "Квартальный отчёт", color: "#007BFA", category: "urgent",
               start: time("2026-01-05T09:00"), end: time("2026-01-05T10:30"), done: true,
               reminders: [time("2026-01-05T08:45")], attachments: [TaskAttachment(name: "plan.pdf", uri: "files/plan.pdf")],
               position: 0, extras: extras("task")),
      PlanTask(id: "task-call", title: "Позвонить", description: nil, color: nil, position: 1),
    ]
    return TrackerDataset(categories: categories, trackers: trackers, records: records, entries: entries, tasks: tasks,
                          taskCategoryOrder: ["none", "other", "optional", "notUrgent", "urgent"],
                          extras: extras("dataset"))
  }

  /// The fields named by `dropped-field` warnings (their pointers without the `/`), by a
  /// writer's per-habit `lossy-frequency` (`/trackers/3/schedule` names `trackers.schedule`),
  /// and by `repeated-name-renamed` (a habit written as "NAME (2)": `trackers.name[repeated]`).
  static func reported(_ losses: [Diagnostic]) -> [String] {
    losses.map { loss in
      if loss.code == "repeated-name-renamed" { return ModelField.repeatedTrackerNames.rawValue }
      let path = (loss.location.pointer ?? "").drop { $0 == "/" }
      let parts = path.split(separator: "/")
      if loss.code == "lossy-frequency", parts.count == 3, parts[0] == "trackers" { return "trackers." + parts[2] }
      return String(path)
    }
  }

  @Test(arguments: writers)
  func declaredIsWhatTheLossReportNames(_ writer: Writer) throws {
    let losses = writer.codec.losses(writing: Self.fullDataset(), to: CodecOutput(path: "/tmp/" + writer.fileName),
                                     options: writer.options)
    #expect(losses.allSatisfy { ["dropped-field", "lossy-frequency", "repeated-name-renamed"].contains($0.code) && $0.severity == .warning },
            "\(losses)")
    let reported = Set(Self.reported(losses))
    let declared = Set(writer.mayLose.map(\.rawValue))
    let agree = reported == declared
    #expect(agree, """
      \(writer.testDescription): reported but not declared: \(reported.subtracting(declared).sorted()); \
      declared but not reported: \(declared.subtracting(reported).sorted())
      """)
    // Listed as `trackport formats` prints them: in the model's order.
    #expect(writer.declared == ModelField.inModelOrder(writer.declared), "\(writer.testDescription)")
  }

  @Test func aCodecWithShapesDeclaresWhatEveryShapeLoses() {
    for codec in StandardCodecs.all where !codec.descriptor.shapes.isEmpty {
      let shapes = codec.descriptor.shapes.map { Set($0.cannotCarry) }
      let common = shapes.dropFirst().reduce(shapes[0]) { $0.intersection($1) }
      #expect(Set(codec.descriptor.cannotCarry) == common, "\(codec.descriptor.id)")
      let inPart = codec.descriptor.shapes.map { Set($0.carriesInPart) }
      #expect(Set(codec.descriptor.carriesInPart) == inPart.dropFirst().reduce(inPart[0]) { $0.intersection($1) }, "\(codec.descriptor.id)")
    }
  }

  @Test func everyFieldIsUsedByTheFullDataset() {
    // A generic count of each field above zero: the dataset leaves no field of the model out.
    let dataset = Self.fullDataset()
    for field in ModelField.allCases {
      #expect(field.count(in: dataset) > 0, "\(field.rawValue)")
    }
  }

  /// Writing and reading back loses what the loss report names, and nothing else: the two
  /// datasets are equal once the reported fields are forgotten on both sides (``forgetting(_:in:)``).
  @Test(arguments: writers.filter(\.codec.descriptor.canRead))
  func readingBackLosesOnlyWhatWasReported(_ writer: Writer) throws {
    let folder = try temporaryFolder("trackport-carry")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(writer.fileName).path
    let full = Self.fullDataset()
    let lost = Set(Self.reported(writer.codec.losses(writing: full, to: CodecOutput(path: path), options: writer.options))
      .compactMap(ModelField.init(rawValue:)))
    var writing = CodecContext(fileName: path, options: writer.options)
    try writer.codec.encode(full, to: CodecOutput(path: path), context: &writing)
    var reading = CodecContext(fileName: path, options: writer.readOptions)
    let back = try writer.codec.decode(CodecInput(path: path), context: &reading)
    let expected = Self.forgetting(lost, in: full), got = Self.forgetting(lost, in: back, skippedIn: full)
    let same = got == expected
    #expect(same, "\(writer.testDescription) lost more than it reported: \(Self.differences(expected, got))")
  }

  /// `dataset` without what `lost` names: each field set to one value on every item, items
  /// removed, ids replaced by the name or title they are derived from, order made canonical,
  /// so that a dataset and its read-back copy compare equal when only those fields differ.
  ///
  /// Skipped entries lost (`entries[skipped]`): what was a skipped day of `original` (the
  /// dataset written; `dataset` itself by default) may be left out or come back as another entry
  /// of that day (beaverhabits writes a skip's note on a day not done), so every entry of those
  /// days is forgotten.
  static func forgetting(_ lost: Set<ModelField>, in dataset: TrackerDataset,
                         skippedIn original: TrackerDataset? = nil) -> TrackerDataset {
    var d = dataset
    if lost.contains(.extras) {
      d.extras = [:]
      for i in d.categories.indices { d.categories[i].extras = [:] }
      for i in d.trackers.indices { d.trackers[i].extras = [:] }
      for i in d.records.indices { d.records[i].extras = [:] }
      for i in d.entries.indices { d.entries[i].extras = [:] }
      for i in d.tasks.indices { d.tasks[i].extras = [:] }
    }
    if lost.contains(.entries) { d.entries = [] }
    if lost.contains(.skippedEntries) {
      let skippedDays = Set((original ?? dataset).entries.filter(\.skipped).map { "\($0.trackerId) \($0.date)" })
      d.entries.removeAll { $0.skipped || skippedDays.contains("\($0.trackerId) \($0.date)") }
    }
    if lost.contains(.entryAmounts) {
      for i in d.entries.indices { d.entries[i].amount = nil }
      d.entries.removeAll { !$0.skipped && $0.amount == nil && $0.note == nil }
    }
    if lost.contains(.entryNotes) {
      for i in d.entries.indices { d.entries[i].note = nil }
      d.entries.removeAll { !$0.skipped && $0.amount == nil && $0.note == nil }
    }
    if lost.contains(.recordAmounts) { for i in d.records.indices { d.records[i].amount = nil } }
    if lost.contains(.recordNotes) { for i in d.records.indices { d.records[i].note = nil } }
    if lost.contains(.tasks) { d.tasks = [] }
    if lost.contains(.taskReminders) { for i in d.tasks.indices { d.tasks[i].reminders = [] } }
    if lost.contains(.taskAttachments) { for i in d.tasks.indices { d.tasks[i].attachments = [] } }
    if lost.contains(.taskCategoryOrder) { d.taskCategoryOrder = TaskCategory.allCases.map(\.rawValue) }
    if lost.contains(.records) { d.records = [] }
    if lost.contains(.eventRecords) {
      let habits = Set(d.trackers.filter { $0.kind == .habit }.map(\.id))
      d.records.removeAll { !habits.contains($0.trackerId) }
    }
    if lost.contains(.events) { d.trackers.removeAll { $0.kind == .event } }
    if lost.contains(.archivedTrackers) {
      let archived = Set(d.trackers.filter(\.archived).map(\.id))
      d.trackers.removeAll(where: \.archived)
      d.records.removeAll { archived.contains($0.trackerId) }
      d.entries.removeAll { archived.contains($0.trackerId) }
    }
    if lost.contains(.repeatedTrackerNames) {
      // Written apart as "NAME (2)" (DistinctNames): the suffix forgotten, then merged by name
      // on both sides, as a format that merged them would.
      for i in d.trackers.indices {
        if let match = d.trackers[i].name.wholeMatch(of: /(.+) \(([2-9]|[1-9][0-9]+)\)/) { d.trackers[i].name = String(match.1) }
      }
      var first: [String: String] = [:], rename: [String: String] = [:]
      d.trackers.removeAll { tracker in
        if let kept = first[tracker.name] { rename[tracker.id] = kept; return true }
        first[tracker.name] = tracker.id
        return false
      }
      for i in d.records.indices { d.records[i].trackerId = rename[d.records[i].trackerId] ?? d.records[i].trackerId }
      for i in d.entries.indices { d.entries[i].trackerId = rename[d.entries[i].trackerId] ?? d.entries[i].trackerId }
    }
    if !lost.isDisjoint(with: [.trackersWithoutRecords, .trackersWithoutDays]) {
      let done = Set(d.records.map(\.trackerId))
      d.trackers.removeAll { !done.contains($0.id) }
    }
    for i in d.trackers.indices {
      if lost.contains(.trackerKind), d.trackers[i].kind == .event {
        // Written as a habit, an event reads back as one planned every day.
        d.trackers[i].kind = .habit
        d.trackers[i].schedule = d.trackers[i].schedule ?? Weekday.allCases
      }
      if lost.contains(.trackerSchedule) { d.trackers[i].schedule = nil }
      if lost.contains(.trackerEmoji) { d.trackers[i].emoji = nil }
      if lost.contains(.trackerColor) { d.trackers[i].color = nil }
      if lost.contains(.eventDate) { d.trackers[i].date = nil }
      if lost.contains(.trackerPinned) { d.trackers[i].pinned = false }
      if lost.contains(.trackerCreatedOn) { d.trackers[i].createdOn = nil }
      if lost.contains(.trackerArchived) { d.trackers[i].archived = false }
      if lost.contains(.trackerDescription) { d.trackers[i].description = nil }
      if lost.contains(.trackerGoal) { d.trackers[i].goal = nil }
      if lost.contains(.trackerGoalPeriod) { d.trackers[i].goal?.period = .day }
      if lost.contains(.trackerFrequency) { d.trackers[i].frequency = nil }
      if lost.contains(.trackerReminders) { d.trackers[i].reminders = [] }
    }
    if lost.contains(.trackerIds) {
      var ids: [String: String] = [:], seen: [String: Int] = [:]
      for i in d.trackers.indices {
        let name = d.trackers[i].name
        let id = "name:\(name)#\(seen[name, default: 0])"
        seen[name, default: 0] += 1
        if ids[d.trackers[i].id] == nil { ids[d.trackers[i].id] = id }
        d.trackers[i].id = id
      }
      for i in d.records.indices { d.records[i].trackerId = ids[d.records[i].trackerId] ?? "unknown:" + d.records[i].trackerId }
      for i in d.entries.indices { d.entries[i].trackerId = ids[d.entries[i].trackerId] ?? "unknown:" + d.entries[i].trackerId }
    }
    if lost.contains(.categories) {
      d.categories = []
      for i in d.trackers.indices { d.trackers[i].categoryId = "" }
    }
    if lost.contains(.categoryIds) {
      var ids: [String: String] = [:]
      for i in d.categories.indices {
        if ids[d.categories[i].id] == nil { ids[d.categories[i].id] = "title:" + d.categories[i].title }
        d.categories[i].id = "title:" + d.categories[i].title
      }
      for i in d.trackers.indices { d.trackers[i].categoryId = ids[d.trackers[i].categoryId] ?? d.trackers[i].categoryId }
    }
    if lost.contains(.categoriesWithoutTrackers) {
      let used = Set(d.trackers.map(\.categoryId))
      d.categories.removeAll { !used.contains($0.id) }
    }
    if !lost.isDisjoint(with: [.categoriesWithoutRecords, .categoriesWithoutDays]) {
      let done = Set(d.records.map(\.trackerId))
      let used = Set(d.trackers.filter { done.contains($0.id) }.map(\.categoryId))
      d.categories.removeAll { !used.contains($0.id) }
    }
    if lost.contains(.trackerOrder) { d.trackers.sort { $0.name < $1.name } }
    if lost.contains(.categoryOrder) { d.categories.sort { $0.title < $1.title } }
    // Records are one per tracker and day: their order in the file is not data.
    var seen: Set<String> = []
    d.records = d.records.sorted { ($0.trackerId, $0.date) < ($1.trackerId, $1.date) }
      .filter { seen.insert("\($0.trackerId) \($0.date)").inserted }
    seen = []
    d.entries = d.entries.sorted { ($0.trackerId, $0.date) < ($1.trackerId, $1.date) }
      .filter { seen.insert("\($0.trackerId) \($0.date)").inserted }
    return d
  }

  /// What differs between two datasets, part by part, for a failure message.
  static func differences(_ a: TrackerDataset, _ b: TrackerDataset) -> String {
    var parts: [String] = []
    if a.categories != b.categories { parts.append("categories \(a.categories) ≠ \(b.categories)") }
    if a.trackers.count != b.trackers.count {
      parts.append("trackers \(a.trackers.map(\.name)) ≠ \(b.trackers.map(\.name))")
    } else {
      for (x, y) in zip(a.trackers, b.trackers) where x != y { parts.append("tracker \(x) ≠ \(y)") }
    }
    if a.records != b.records { parts.append("records \(a.records) ≠ \(b.records)") }
    if a.entries != b.entries { parts.append("entries \(a.entries) ≠ \(b.entries)") }
    if a.tasks != b.tasks { parts.append("tasks \(a.tasks) ≠ \(b.tasks)") }
    if a.taskCategoryOrder != b.taskCategoryOrder { parts.append("taskCategoryOrder \(a.taskCategoryOrder) ≠ \(b.taskCategoryOrder)") }
    if a.extras != b.extras { parts.append("extras \(a.extras) ≠ \(b.extras)") }
    return parts.joined(separator: "\n")
  }
}
