import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a log table: `tracker,category,date`, one row per record in the dataset's order, the
/// day in `date-format` (default `YYYY-MM-DD`), then `amount` and `note` when some record has
/// one, then one column per key of the records' `extras["csv"]`. This is what other apps import.
///
/// A log lists completed days: entries (skipped days, amounts below the goal) have no row. A
/// record of an unknown tracker is written with the tracker id as its name. Everything else
/// about trackers (ids, order, kind, emoji, colour, schedule, dates, pinning, what habit apps
/// share; a second tracker of one name is written "NAME (2)"), category ids and order, trackers and categories
/// without records, entries, tasks and other extras is reported as `dropped-field` with its count.
struct CSVLogSheetWriter {
  let options: CSVOptions

  /// The optional columns `dataset` needs: `amount`, `note`, each when some record has one.
  static func optionalColumns(_ dataset: TrackerDataset) -> [String] {
    var columns: [String] = []
    if dataset.records.contains(where: { $0.amount != nil }) { columns.append("amount") }
    if dataset.records.contains(where: { $0.note != nil }) { columns.append("note") }
    return columns
  }

  /// Whether reading back would take a column labelled `label` for one of the table's own
  /// (`columns` as written): the same label ignoring case and surrounding spaces, or exactly
  /// `amount` or `note`, which a log read without `map` takes for those fields.
  static func isOwnColumn(_ label: String, columns: [String]) -> Bool {
    label == "amount" || label == "note" || columns.contains(CSVSheetHeader.fold(label))
  }

  /// The keys of the records' `extras["csv"]` written as columns, in first-seen order; not
  /// those ``isOwnColumn(_:columns:)`` says reading back would take for its own.
  static func extraKeys(_ dataset: TrackerDataset, columns: [String]) -> [String] {
    var keys: [String] = []
    var seen: Set<String> = []
    for record in dataset.records {
      guard case .object(let members)? = record.extras["csv"] else { continue }
      for member in members where !isOwnColumn(member.key, columns: columns) && seen.insert(member.key).inserted {
        keys.append(member.key)
      }
    }
    return keys
  }

  /// - Throws: ``CodecError`` `.unsupportedOperation` for an amount that is not a finite number.
  func write(_ dataset: TrackerDataset, to writer: CSVWriter) throws {
    let optional = Self.optionalColumns(dataset)
    let columns = ["tracker", "category", "date"] + optional
    let extraKeys = Self.extraKeys(dataset, columns: columns)
    let amounts = optional.contains("amount"), notes = optional.contains("note")
    writer.writeRow(columns + extraKeys)
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    var trackers: [String: (name: String, category: String?)] = [:]
    for tracker in Self.written(dataset) where trackers[tracker.id] == nil {
      trackers[tracker.id] = (tracker.name, titles[tracker.categoryId])
    }
    let format = options.dateFormat?.writing ?? .iso
    for (i, record) in dataset.records.enumerated() {
      let tracker = trackers[record.trackerId]
      writer.writeField(tracker?.name ?? record.trackerId)
      if let category = tracker?.category { writer.writeField(category) } else { writer.writeNull() }
      writer.writeField(format.format(record.date))
      if amounts {
        if let amount = record.amount {
          guard amount.isFinite else {
            throw CodecError(.unsupportedOperation, "\(amount) is not a finite number; a number cell cannot hold it",
                             location: SourceLocation(pointer: "/records/\(i)/amount"))
          }
          writer.writeField(CSVCell.number(amount))
        } else {
          writer.writeNull()
        }
      }
      if notes {
        if let note = record.note { writer.writeField(note) } else { writer.writeNull() }
      }
      for key in extraKeys {
        if let value = record.extras["csv"]?[key]?.stringValue { writer.writeField(value) } else { writer.writeNull() }
      }
      writer.endRow()
    }
  }

  /// Every field ``losses(_:)`` may report, in the model's order (the warnings come whole items first).
  static let lostFields: [ModelField] = [
    .categoryIds, .categoryOrder, .categoriesWithoutRecords, .trackerIds, .trackerOrder, .trackerKind,
.trackerEmoji, .trackerColor, .trackerSchedule, .eventDate, .trackerPinned,
    .trackerCreatedOn, .trackerArchived, .trackerDescription, .trackerGoal, .trackerFrequency, .trackerReminders,
    .trackersWithoutRecords, .entries, .tasks, .taskCategoryOrder, .extras,
  ]

  /// What the table leaves out of `dataset`, field by field.
  func losses(_ dataset: TrackerDataset) -> [(field: ModelField, count: Int)] {
    let kept = Self.written(dataset)
    let usedCategories = Set(kept.map(\.categoryId))
    let derivedIds = kept.count { $0.id != CSVStableID.tracker(name: $0.name) }
    // Reading back makes one tracker per name, then its category (by title), in the order the
    // names first come in the rows, which are the records in the dataset's order.
    var byId: [String: Tracker] = [:]
    for tracker in kept where byId[tracker.id] == nil { byId[tracker.id] = tracker }
    let rowOrder = CSVLogSheetWriter.unique(dataset.records.compactMap { byId[$0.trackerId] })
    let trackerOrder = rowOrder.map(\.name) != CSVLogSheetWriter.unique(kept).map(\.name)
    let known = Set(dataset.categories.map(\.id))
    let categoryOrder = CSVLogSheetWriter.firsts(rowOrder.map(\.categoryId)).filter { known.contains($0) }
      != dataset.categories.map(\.id).filter { usedCategories.contains($0) }
    let columns = ["tracker", "category", "date"] + Self.optionalColumns(dataset)
    return [
      (.trackersWithoutRecords, dataset.trackers.count - kept.count),
      (.categoriesWithoutRecords, dataset.categories.count { !usedCategories.contains($0.id) }),
      (.entries, dataset.entries.count),
      (.trackerIds, derivedIds),
      (.trackerOrder, trackerOrder ? 1 : 0),
      (.categoryIds, dataset.categories.count { usedCategories.contains($0.id) && $0.id != CSVStableID.category(title: $0.title) }),
      (.categoryOrder, categoryOrder ? 1 : 0),
      (.trackerKind, kept.count { $0.kind == .event }),
      // Reading back chooses from the palette by name: only other choices are lost.
      (.trackerEmoji, kept.count { $0.emoji != CSVStableID.palette(for: $0.name).emoji }),
      (.trackerColor, kept.count { $0.color != CSVStableID.palette(for: $0.name).color }),
      (.trackerSchedule, kept.count { $0.schedule != nil && Set($0.schedule ?? []).count < 7 }),
      (.eventDate, kept.count { $0.date != nil }),
      (.trackerPinned, kept.count { $0.pinned }),
      (.trackerCreatedOn, kept.count { $0.createdOn != nil }),
      (.trackerArchived, kept.count(where: \.archived)),
      (.trackerDescription, kept.count { $0.description != nil }),
      (.trackerGoal, kept.count { $0.goal != nil }),
      (.trackerFrequency, kept.count { $0.frequency != nil }),
      (.trackerReminders, kept.count { !$0.reminders.isEmpty }),
      (.tasks, dataset.tasks.count),
      (.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: dataset)),
      (.extras, CSVLoss.extras(dataset, recordColumns: { Self.isOwnColumn($0, columns: columns) })),
    ]
  }

  /// The trackers the rows name: the first of each id that has records, in order, under the
  /// name written (``DistinctNames``: a second "Sport" is "Sport (2)", never merged into the
  /// first).
  static func written(_ dataset: TrackerDataset) -> [Tracker] {
    let done = Set(dataset.records.map(\.trackerId))
    var seen: Set<String> = []
    var kept = dataset.trackers.filter { done.contains($0.id) && seen.insert($0.id).inserted }
    for (i, name) in DistinctNames.of(kept.map(\.name)).enumerated() { kept[i].name = name }
    return kept
  }

  /// The trackers written under another name than theirs: (position in `trackers`, name, written).
  static func renamed(_ dataset: TrackerDataset) -> [(index: Int, name: String, written: String)] {
    var position: [String: Int] = [:]
    for (t, tracker) in dataset.trackers.enumerated() where position[tracker.id] == nil { position[tracker.id] = t }
    return written(dataset).compactMap { tracker in
      guard let t = position[tracker.id], dataset.trackers[t].name != tracker.name else { return nil }
      return (t, dataset.trackers[t].name, tracker.name)
    }
  }

  /// The first tracker of each name, in order.
  private static func unique(_ trackers: [Tracker]) -> [Tracker] {
    var names: Set<String> = []
    return trackers.filter { names.insert($0.name).inserted }
  }

  /// Each value once, where it first comes.
  private static func firsts(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }
}
