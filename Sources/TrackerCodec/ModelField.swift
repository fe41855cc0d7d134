import TrackerModel

/// A part of the canonical model a format may be unable to carry, with a way to count how much
/// of it a dataset has. Loss reports (`dropped-field`) are made from these: the raw value is the
/// warning's JSON pointer (without its `/`) and what `trackport formats` lists.
///
/// A plain path (`trackers.emoji`) is a field; a bracket narrows it to some items
/// (`trackers[kind=event]`: the events, `trackers[without records]`: the trackers that have no
/// record). Cases are in the model's order (categories, trackers, records, tasks, the rest),
/// which is the order `trackport formats` lists them in.
public enum ModelField: String, CaseIterable, Hashable, Sendable {
  /// Categories, left out whole: the format has no grouping of trackers.
  case categories
  /// Category ids, where the format derives them from the titles.
  case categoryIds = "categories.id"
  /// The order of categories, where the format makes it the order of first use.
  case categoryOrder = "categories.order"
  /// Categories no tracker is in.
  case categoriesWithoutTrackers = "categories[without trackers]"
  /// Categories none of whose trackers has a record (a format of completed days).
  case categoriesWithoutRecords = "categories[without records]"
  /// Categories none of whose trackers has a day (HabitBull: a record or a kept day not done).
  case categoriesWithoutDays = "categories[without days]"
  /// Tracker ids, where the format derives them from the names (or from a UUID).
  case trackerIds = "trackers.id"
  /// The order of trackers, where the format makes it the order of first record.
  case trackerOrder = "trackers.order"
  /// Trackers' kind: events are written as habits.
  case trackerKind = "trackers.kind"
  /// A tracker whose name an earlier tracker has: the two become one.
  case repeatedTrackerNames = "trackers.name[repeated]"
  /// Trackers' emoji.
  case trackerEmoji = "trackers.emoji"
  /// Trackers' card colours.
  case trackerColor = "trackers.color"
  /// Habits' weekdays, where the format plans every habit every day.
  case trackerSchedule = "trackers.schedule"
  /// An irregular event's day (`trackers.date`).
  case eventDate = "trackers.date"
  /// Trackers' pinned flag (the app's "Pinned" group at the top).
  case trackerPinned = "trackers.pinned"
  /// The day a tracker was created, where the format keeps no such day.
  case trackerCreatedOn = "trackers.createdOn"
  /// Archived habits' flag: they come back active.
  case trackerArchived = "trackers.archived"
  /// Trackers' description: the free text beside the name.
  case trackerDescription = "trackers.description"
  /// A measurable habit's goal (target, at least / at most, unit).
  case trackerGoal = "trackers.goal"
  /// A goal's period when it is not a day (per week, month or n days): the goal arrives as a
  /// goal per day, with every day's amount.
  case trackerGoalPeriod = "trackers.goal.period"
  /// "k times in n days" beside the weekday schedule.
  case trackerFrequency = "trackers.frequency"
  /// Trackers' reminders (time and weekdays).
  case trackerReminders = "trackers.reminders"
  /// Events, left out whole.
  case events = "trackers[kind=event]"
  /// Archived trackers, left out whole with their days (beaverhabits: its import would add them
  /// again on every re-import).
  case archivedTrackers = "trackers[archived]"
  /// Trackers that have no record (a format of completed days).
  case trackersWithoutRecords = "trackers[without records]"
  /// Trackers that have no day (HabitBull: a record or a kept day not done).
  case trackersWithoutDays = "trackers[without days]"
  /// Completed days, left out whole: the format holds the trackers only.
  case records
  /// Records of trackers that are not habits (left out with the events) or of no tracker.
  case eventRecords = "records[of events]"
  /// The amount of a measurable habit's completion.
  case recordAmounts = "records.amount"
  /// A completed day's note.
  case recordNotes = "records.note"
  /// Days marked but not done (skipped, an amount below the goal, a note), left out whole.
  case entries
  /// Skipped days, where the format can carry other entries.
  case skippedEntries = "entries[skipped]"
  /// The amount on a day marked but not done (below an at-least goal, say).
  case entryAmounts = "entries.amount"
  /// The note on a day marked but not done.
  case entryNotes = "entries.note"
  /// The Daily Plan's tasks, left out whole (a habit app's format has no tasks).
  case tasks
  /// Tasks' reminders.
  case taskReminders = "tasks.reminders"
  /// Tasks' attachments (a display name and a path or URI each; never the file itself).
  case taskAttachments = "tasks.attachments"
  /// The order of the Daily Plan's task categories.
  case taskCategoryOrder
  /// `extras`: what the model has no field for, kept per dataset and per item (a source app's
  /// own fields, unknown JSON keys), which only the canonical formats carry back.
  case extras

  /// How many items of `dataset` carry this field (0 when the dataset has none of it). A codec
  /// whose losses depend on the data (an id derived from the name is not lost) counts them
  /// itself in ``TrackerCodec/losses(writing:to:options:)``; this is the count of a codec
  /// that loses the field whatever its value (the default `losses`, and plugins). A value its
  /// reader made up (``Tracker/invented``: Loop's "Loop Habit Tracker" category, an emoji
  /// chosen from the name) is nobody's data, so leaving it out loses nothing: it is not counted.
  public func count(in dataset: TrackerDataset) -> Int {
    switch self {
    case .categories, .categoryIds:
      let madeUp = dataset.inventedCategoryIds
      return madeUp.isEmpty ? dataset.categories.count : dataset.categories.count { !madeUp.contains($0.id) }
    case .categoryOrder:
      let madeUp = dataset.inventedCategoryIds
      return dataset.categories.count { !madeUp.contains($0.id) } > 1 ? 1 : 0
    case .categoriesWithoutTrackers:
      let used = Set(dataset.trackers.map(\.categoryId))
      return dataset.categories.count { !used.contains($0.id) }
    case .categoriesWithoutRecords, .categoriesWithoutDays:
      let done = Set(dataset.records.map(\.trackerId))
      let used = Set(dataset.trackers.filter { done.contains($0.id) }.map(\.categoryId))
      return dataset.categories.count { !used.contains($0.id) }
    case .trackerIds: return dataset.trackers.count
    case .trackerOrder: return dataset.trackers.count > 1 ? 1 : 0
    case .trackerKind, .events: return dataset.trackers.count { $0.kind == .event }
    case .repeatedTrackerNames:
      var names: Set<String> = []
      return dataset.trackers.count { !names.insert($0.name).inserted }
    case .trackerEmoji: return dataset.trackers.count { $0.emoji != nil && !$0.invented.contains(.emoji) }
    case .trackerColor: return dataset.trackers.count { $0.color != nil && !$0.invented.contains(.color) }
    case .trackerSchedule: return dataset.trackers.count { $0.schedule != nil && !$0.invented.contains(.schedule) }
    case .eventDate: return dataset.trackers.count { $0.date != nil }
    case .trackerPinned: return dataset.trackers.count { $0.pinned }
    case .trackerCreatedOn: return dataset.trackers.count { $0.createdOn != nil }
    case .trackerArchived, .archivedTrackers: return dataset.trackers.count(where: \.archived)
    case .trackerDescription: return dataset.trackers.count { $0.description != nil }
    case .trackerGoal: return dataset.trackers.count { $0.goal != nil }
    case .trackerGoalPeriod: return dataset.trackers.count { $0.goal.map { !$0.period.isDay } == true }
    case .trackerFrequency: return dataset.trackers.count { $0.frequency != nil }
    case .trackerReminders: return dataset.trackers.count { !$0.reminders.isEmpty }
    case .trackersWithoutRecords, .trackersWithoutDays:
      let done = Set(dataset.records.map(\.trackerId))
      return dataset.trackers.count { !done.contains($0.id) }
    case .records: return dataset.records.count
    case .eventRecords:
      let habits = Set(dataset.trackers.filter { $0.kind == .habit }.map(\.id))
      return dataset.records.count { !habits.contains($0.trackerId) }
    case .recordAmounts: return dataset.records.count { $0.amount != nil }
    case .recordNotes: return dataset.records.count { $0.note != nil }
    case .entries: return dataset.entries.count
    case .skippedEntries: return dataset.entries.count(where: \.skipped)
    case .entryAmounts: return dataset.entries.count { $0.amount != nil }
    case .entryNotes: return dataset.entries.count { $0.note != nil }
    case .tasks: return dataset.tasks.count
    case .taskReminders: return dataset.tasks.count { !$0.reminders.isEmpty }
    case .taskAttachments: return dataset.tasks.count { !$0.attachments.isEmpty }
    case .taskCategoryOrder:
      return dataset.taskCategoryOrder == TaskCategory.allCases.map(\.rawValue) ? 0 : 1
    case .extras:
      return (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
        + dataset.trackers.count { !$0.extras.ofFormats.isEmpty } + dataset.tasks.count { !$0.extras.isEmpty }
        + dataset.records.count { !$0.extras.isEmpty } + dataset.entries.count { !$0.extras.isEmpty }
    }
  }

  /// `fields` in the model's order (the order of `allCases`), each once.
  public static func inModelOrder(_ fields: some Sequence<ModelField>) -> [ModelField] {
    let set = Set(fields)
    return allCases.filter { set.contains($0) }
  }
}

/// Field-by-field reports of what a conversion cannot carry (pandoc's "not rendered").
public enum LossReport {
  /// The diagnostic code of every loss warning.
  public static let droppedField = DiagnosticDescriptor(
    code: "dropped-field", severity: .warning,
    summary: "The output format cannot carry a part of the dataset; it was left out.")

  /// A habit's frequency the other side cannot say exactly (reading: an app's "every 3 days"
  /// or "2 times per week" that no weekday schedule says; writing: a weekday schedule an app
  /// that only counts times per period cannot keep). Shared by every codec that maps
  /// frequencies, so `trackport rules` lists it once.
  public static let lossyFrequency = DiagnosticDescriptor(
    code: "lossy-frequency", severity: .warning,
    summary: "A habit's frequency the target cannot express exactly. Reading another app's \"every 3 days\", \"2 times per week\" or \"per month\": the habit is planned every day and the frequency kept as the tracker's frequency (or in extras). Writing a weekday schedule to an app that only counts times per period: the nearest frequency is written and the weekdays named.")

  /// The items (the dataset, its categories, trackers, records and entries) holding extras of a
  /// format other than `namespace`: what `extras` loses for a writer that writes its own
  /// (`extras["harsh"]`) back. Tasks are left out: a writer that loses them names them whole.
  public static func itemsWithExtras(in dataset: TrackerDataset, otherThan namespace: String) -> Int {
    func foreign(_ extras: Extras) -> Bool { extras.ofFormats.keys.contains { $0 != namespace } }
    return (foreign(dataset.extras) ? 1 : 0) + dataset.categories.count { foreign($0.extras) }
      + dataset.trackers.count { foreign($0.extras) } + dataset.records.count { foreign($0.extras) }
      + dataset.entries.count { foreign($0.extras) }
  }

  /// One `dropped-field` warning per field of `lost` with a count above zero, in the model's
  /// order, for a writer that counts its own losses (harsh, org): "`writer` cannot carry FIELD:
  /// COUNT " and what the count counts, `what[field]`, else "item(s) left out".
  public static func droppedFields(_ lost: [ModelField: Int], writer: String, what: [ModelField: String],
                                   to fileName: String) -> [Diagnostic] {
    ModelField.inModelOrder(lost.keys).compactMap { field in
      guard let count = lost[field], count > 0 else { return nil }
      return Diagnostic(code: droppedField.code, severity: .warning,
                        message: "\(writer) cannot carry \(field.rawValue): \(count) \(what[field] ?? "item(s) left out")",
                        location: SourceLocation(file: fileName, pointer: "/" + field.rawValue))
    }
  }

  /// One `dropped-field` warning per field of `descriptor.cannotCarry`, then of
  /// `descriptor.carriesInPart`, that `dataset` uses, counting every value.
  public static func diagnostics(writing dataset: TrackerDataset, as descriptor: CodecDescriptor,
                                 to fileName: String) -> [Diagnostic] {
    diagnostics((descriptor.cannotCarry + descriptor.carriesInPart).map { ($0.rawValue, $0.count(in: dataset)) },
                writer: descriptor.name, to: fileName)
  }

  /// One `dropped-field` warning per loss with a count above zero, for a codec whose losses
  /// depend on the data; the fields are those ``CodecDescriptor/cannotCarry`` declares.
  public static func diagnostics(_ losses: [(field: ModelField, count: Int)], writer: String,
                                 to fileName: String) -> [Diagnostic] {
    diagnostics(losses.map { ($0.field.rawValue, $0.count) }, writer: writer, to: fileName)
  }

  /// One `dropped-field` warning per loss with a count above zero, for a codec whose losses
  /// depend on the data (a tracker whose emoji is the one reading back would choose is not lost).
  ///
  /// - Parameters:
  ///   - losses: a model path (`trackers.schedule`, `trackers[without records]`) and how many
  ///     items lose it; the path is also the warning's JSON pointer.
  ///   - writer: what cannot carry them, as the message's subject (`HabitBull CSV`).
  public static func diagnostics(_ losses: [(field: String, count: Int)], writer: String,
                                 to fileName: String) -> [Diagnostic] {
    losses.compactMap { loss in
      guard loss.count > 0 else { return nil }
      return Diagnostic(code: droppedField.code, severity: .warning,
                        message: "\(writer) cannot carry \(loss.field): \(loss.count) item(s) left out",
                        location: SourceLocation(file: fileName, pointer: "/" + loss.field))
    }
  }
}
