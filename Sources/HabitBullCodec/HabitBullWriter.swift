import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a HabitBull CSV file that Loop's importer reads: the header HabitBull writes, then
/// per tracker (in the dataset's order) one row per day, by date — its records, its entries
/// that are not skipped, and the days kept in `extras["habitbull"].notDone` — with the day as
/// `yyyy-MM-dd`.
///
/// `Value` is a record's amount when it is a whole number from 1 (else 1), an entry's when it
/// is a whole number up to 0 (else 0) — so that a positive Value is a done day — or the cell
/// kept in `extras["habitbull"].value` when it reads as that amount; `HabitDescription` is the
/// tracker's description, `CommentText` the day's note (or, for files of format version 1,
/// what `extras["habitbull"]` kept). What HabitBull cannot say is counted by ``losses(_:)``.
struct HabitBullWriter {
  /// A row before writing.
  private struct Row {
    var date: LocalDate
    var value: String
    var comment: String
  }

  /// A tracker's rows, with what of its records and entries does not come back.
  private struct Rows {
    var rows: [Row] = []
    /// Whether reading back makes the habit measurable: a Value is above 1.
    var measurable = false
    var lost: [ModelField: Int] = [:]
  }

  func write(_ dataset: TrackerDataset, to writer: CSVWriter) {
    writer.writeRow(HabitBullColumn.allCases.map(\.label))
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    var written: Set<String> = []
    let withRows = dataset.trackers.filter { written.insert($0.id).inserted }.map { tracker in
      (tracker, HabitBullWriter.rows(records[tracker.id] ?? [], entries[tracker.id] ?? [],
                                     notDone: tracker.extras["habitbull"]?["notDone"]).rows)
    }.filter { !$0.1.isEmpty }
    // HabitBull's rows are by name: a second "Sport" is written "Sport (2)", never merged.
    for ((tracker, rows), name) in zip(withRows, HabitBullWriter.names(of: withRows.map(\.0))) {
      write(rows, name: name, description: HabitBullWriter.description(of: tracker),
            // A made-up category (Loop's) is left out: the cell is optional.
            category: tracker.invented.contains(.category) ? "" : titles[tracker.categoryId] ?? "", to: writer)
    }
    // Days of trackers the dataset does not define keep their tracker id as the name.
    for id in Set(records.keys).union(entries.keys).sorted() where !written.contains(id) {
      write(HabitBullWriter.rows(records[id] ?? [], entries[id] ?? [], notDone: nil).rows,
            name: id, description: "", category: "", to: writer)
    }
  }

  /// The trackers with rows written under another name than theirs: (position in `trackers`,
  /// name, written).
  func renamed(_ dataset: TrackerDataset) -> [(index: Int, name: String, written: String)] {
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    var seen: Set<String> = []
    let withRows = dataset.trackers.indices.filter { t in
      let tracker = dataset.trackers[t]
      return seen.insert(tracker.id).inserted
        && !HabitBullWriter.rows(records[tracker.id] ?? [], entries[tracker.id] ?? [], notDone: tracker.extras["habitbull"]?["notDone"]).rows.isEmpty
    }
    let names = HabitBullWriter.names(of: withRows.map { dataset.trackers[$0] })
    return zip(withRows, names).compactMap { t, name in dataset.trackers[t].name == name ? nil : (t, dataset.trackers[t].name, name) }
  }

  /// The names the trackers with rows are written under (each once, in order), made distinct
  /// (``DistinctNames``).
  static func names(of trackers: [Tracker]) -> [String] {
    DistinctNames.of(trackers.map(\.name))
  }

  private func write(_ rows: [Row], name: String, description: String, category: String, to writer: CSVWriter) {
    for row in rows {
      writer.writeField(name)
      for cell in [description, category, HabitBullDate.format(row.date), row.value, row.comment] {
        if cell.isEmpty { writer.writeNull() } else { writer.writeField(cell) }
      }
      writer.endRow()
    }
  }

  /// `HabitDescription`: the tracker's description, else what a file of format version 1 kept.
  private static func description(of tracker: Tracker) -> String {
    tracker.description ?? tracker.extras["habitbull"]?["description"]?.stringValue ?? ""
  }

  /// A tracker's rows by date (records first on a day given twice), and what of its records
  /// and entries reading them back does not give again.
  ///
  /// Reading back makes a habit measurable when a written Value is above 1; then its Values
  /// are amounts, else no day has one. A skipped entry is not written (HabitBull has no skip);
  /// neither is an entry or a kept day on a day that has a record (the record is the day).
  private static func rows(_ records: [TrackerRecord], _ entries: [TrackerEntry], notDone: JSONValue?) -> Rows {
    var result = Rows()
    func lose(_ field: ModelField) { result.lost[field, default: 0] += 1 }
    var done = Set<LocalDate>()
    var recordRows: [(row: Row, amount: Double?)] = []
    for record in records {
      done.insert(record.date)
      let extras = record.extras["habitbull"]
      let kept = extras?["value"].flatMap(HabitBullValue.text).flatMap { text in
        HabitBullValue.parse(text).flatMap { HabitBullValue.isDone($0) ? text : nil }
      }
      let value: String
      if let amount = record.amount {
        if let kept, HabitBullValue.parse(kept).map(Double.init) == amount {
          value = kept
        } else {
          value = HabitBullValue.text(amount: amount).flatMap { amount >= 1 ? $0 : nil } ?? "1"
        }
      } else {
        value = kept ?? "1"
      }
      if record.note?.isEmpty == true { lose(.recordNotes) }
      recordRows.append((Row(date: record.date, value: value, comment: record.note ?? extras?["comment"]?.stringValue ?? ""),
                         record.amount))
    }
    var entryRows: [(row: Row, entry: TrackerEntry)] = []
    for entry in entries {
      if entry.skipped { continue }  // counted whole, as entries[skipped]
      guard !done.contains(entry.date) else {
        lose(.entries)
        continue
      }
      let kept = entry.extras["habitbull"]?["value"].flatMap(HabitBullValue.text).flatMap { text in
        HabitBullValue.isDone(HabitBullValue.parse(text)) ? nil : text
      }
      let value: String
      if let amount = entry.amount {
        if let kept, HabitBullValue.parse(kept).map(Double.init) == amount {
          value = kept
        } else {
          value = HabitBullValue.text(amount: amount).flatMap { amount <= 0 ? $0 : nil } ?? "0"
        }
      } else {
        value = kept ?? "0"
      }
      if entry.note?.isEmpty == true { lose(.entryNotes) }
      entryRows.append((Row(date: entry.date, value: value, comment: entry.note ?? ""), entry))
    }
    var keptRows: [Row] = []
    if case .array(let days)? = notDone {
      for day in days {
        guard let date = day["date"]?.stringValue.flatMap({ LocalDate($0) }), !done.contains(date) else { continue }
        keptRows.append(Row(date: date, value: day["value"].flatMap(HabitBullValue.text) ?? "0",
                            comment: day["comment"]?.stringValue ?? ""))
      }
    }
    // What reading back gives: amounts only when some Value is above 1.
    let measurable = (recordRows.map(\.row) + entryRows.map(\.row) + keptRows).contains { (HabitBullValue.parse($0.value) ?? 0) > 1 }
    result.measurable = measurable
    for (row, amount) in recordRows where amount != nil {
      if !measurable || HabitBullValue.parse(row.value).map(Double.init) != amount { lose(.recordAmounts) }
    }
    for (row, entry) in entryRows {
      let back = measurable ? HabitBullValue.parse(row.value).map(Double.init) : nil
      if entry.amount != nil && back != entry.amount { lose(.entryAmounts) }
      if back == nil && row.comment.isEmpty && entry.amount == nil { lose(.entries) }  // an entry of nothing
    }
    result.rows = recordRows.map(\.row) + entryRows.map(\.row) + keptRows
    result.rows = result.rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    return result
  }

  /// The order of ``losses(_:)``: whole items first, then the model's order.
  private static let reportOrder: [ModelField] = [
    .trackersWithoutDays, .categoriesWithoutDays, .categoryIds, .categoryOrder, .trackerIds,
    .trackerKind, .trackerEmoji, .trackerColor, .trackerSchedule, .eventDate, .trackerPinned, .trackerCreatedOn,
    .trackerArchived, .trackerDescription, .trackerGoal, .trackerFrequency, .trackerReminders, .recordAmounts,
    .recordNotes, .entries, .skippedEntries, .entryAmounts, .entryNotes, .tasks, .taskCategoryOrder, .extras,
  ]

  /// Every field ``losses(_:)`` may report for a dataset that uses every field, in the model's
  /// order (the warnings come whole items first).
  /// What reading back makes up or leaves out (ids from the names, palette choices, every
  /// day's schedule) is in this list; what HabitBull holds for some values only is in
  /// ``carriedInPart``.
  static let lostFields: [ModelField] = [
    .categoryIds, .categoryOrder, .categoriesWithoutDays, .trackerIds, .trackerKind,
    .trackerEmoji, .trackerColor, .trackerSchedule, .eventDate, .trackerPinned, .trackerCreatedOn,
    .trackerArchived, .trackerGoal, .trackerFrequency, .trackerReminders, .trackersWithoutDays,
    .skippedEntries, .tasks, .taskCategoryOrder,
  ]

  /// What HabitBull holds, but not every value of: amounts (its values, read back against a
  /// goal of at least 1), extras (its own, `extras["habitbull"]`, only).
  static let carriedInPart: [ModelField] = [.repeatedTrackerNames, .recordAmounts, .entryAmounts, .extras]

  /// What the file leaves out of `dataset`, field by field. What reading the file back fills
  /// in the same way (an id derived from the name, the palette choice, an every-day schedule,
  /// the goal "at least 1" of a habit with a Value above 1) is not counted. Fields the full
  /// dataset carries are counted too when a dataset holds what the file cannot say of them
  /// (an empty note, an entry on a day that is also a record, an entry with nothing in it).
  func losses(_ dataset: TrackerDataset) -> [(field: ModelField, count: Int)] {
    let records = Dictionary(grouping: dataset.records, by: \.trackerId)
    let entries = Dictionary(grouping: dataset.entries, by: \.trackerId)
    var lost: [ModelField: Int] = [:]
    var kept: [Tracker] = []
    var hasRows: [String: Bool] = [:]
    for tracker in dataset.trackers {
      // A repeated id: its days were written with the first tracker of that id.
      if let rows = hasRows[tracker.id] {
        if rows { kept.append(tracker) }
        continue
      }
      let rows = HabitBullWriter.rows(records[tracker.id] ?? [], entries[tracker.id] ?? [],
                                      notDone: tracker.extras["habitbull"]?["notDone"])
      hasRows[tracker.id] = !rows.rows.isEmpty
      guard !rows.rows.isEmpty else { continue }
      kept.append(tracker)
      lost.merge(rows.lost, uniquingKeysWith: +)
      if let goal = tracker.goal, goal != HabitBullReader.goal || !rows.measurable { lost[.trackerGoal, default: 0] += 1 }
      if tracker.description?.isEmpty == true { lost[.trackerDescription, default: 0] += 1 }
    }
    let keptIds = Set(kept.map(\.id))
    let usedCategories = Set(kept.filter { !$0.invented.contains(.category) }.map(\.categoryId))
    let known = Set(dataset.categories.map(\.id))
    let madeUp = dataset.inventedCategoryIds
    let written = HabitBullWriter.names(of: kept)
    let everyDay = Set(Weekday.allCases)
    func otherExtras(_ extras: Extras) -> Bool { extras.ofFormats.keys.contains { $0 != "habitbull" } }
    func firstUse(_ ids: [String]) -> [String] {
      var seen: Set<String> = []
      return ids.filter { seen.insert($0).inserted }
    }
    let counted: [(field: ModelField, count: Int)] = [
      (.trackersWithoutDays, dataset.trackers.count { !keptIds.contains($0.id) }),
      (.categoriesWithoutDays, dataset.categories.count { !usedCategories.contains($0.id) && !madeUp.contains($0.id) }),
      (.categoryIds, dataset.categories.count { usedCategories.contains($0.id) && $0.id != CSVStableID.category(title: $0.title) }),
      // Reading back makes the categories in the order the habits first use them.
      (.categoryOrder, firstUse(kept.map(\.categoryId)).filter { known.contains($0) && usedCategories.contains($0) }
        == dataset.categories.map(\.id).filter { usedCategories.contains($0) } ? 0 : 1),
      (.trackerIds, zip(kept, written).count { $0.0.id != CSVStableID.tracker(name: $0.1) }),
      (.trackerKind, kept.count { $0.kind == .event }),
      (.trackerEmoji, zip(kept, written).count { $0.0.emoji != PaletteEmoji.stableChoice(for: $0.1).emoji.rawValue }),
      (.trackerColor, zip(kept, written).count { $0.0.color != PaletteEmoji.stableChoice(for: $0.1).color.rawValue }),
      (.trackerSchedule, kept.count { $0.kind == .habit && Set($0.schedule ?? []) != everyDay }),
      (.eventDate, kept.count { $0.date != nil }),
      (.trackerPinned, kept.count { $0.pinned }),
      (.trackerCreatedOn, kept.count { $0.createdOn != nil }),
      (.trackerArchived, kept.count(where: \.archived)),
      (.trackerFrequency, kept.count { $0.frequency != nil }),
      (.trackerReminders, kept.count { !$0.reminders.isEmpty }),
      (.skippedEntries, dataset.entries.count(where: \.skipped)),
      (.tasks, dataset.tasks.count),
      (.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: dataset)),
      (.extras, (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
        + dataset.trackers.count { otherExtras($0.extras) } + dataset.records.count { otherExtras($0.extras) }
        + dataset.entries.count { otherExtras($0.extras) } + dataset.tasks.count { !$0.extras.isEmpty }),
    ]
    for (field, count) in counted { lost[field, default: 0] += count }
    return Self.reportOrder.map { ($0, lost[$0] ?? 0) }
  }
}
