import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a HabitBull CSV file that Loop's importer reads: the header HabitBull writes, then
/// per tracker (in the dataset's order) one row per day, by date — its records, and the days
/// kept in `extras["habitbull"].notDone` — with the day as `yyyy-MM-dd`.
///
/// `Value` is the record's `extras["habitbull"].value`, else 1; `HabitDescription` and
/// `CommentText` come from `extras["habitbull"]`. What HabitBull cannot say is counted by
/// ``losses(_:)``.
struct HabitBullWriter {
  /// A row before writing.
  private struct Row {
    var date: LocalDate
    var value: String
    var comment: String
  }

  func write(_ dataset: TrackerDataset, to writer: CSVWriter) {
    writer.writeRow(HabitBullColumn.allCases.map(\.label))
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    let byTracker = Dictionary(grouping: dataset.records, by: \.trackerId)
    var written: Set<String> = []
    for tracker in dataset.trackers where written.insert(tracker.id).inserted {
      let rows = HabitBullWriter.rows(byTracker[tracker.id] ?? [], notDone: tracker.extras["habitbull"]?["notDone"])
      let description = tracker.extras["habitbull"]?["description"]?.stringValue ?? ""
      write(rows, name: tracker.name, description: description, category: titles[tracker.categoryId] ?? "", to: writer)
    }
    // Records of trackers the dataset does not define keep their tracker id as the name.
    for (id, records) in byTracker.sorted(by: { $0.key < $1.key }) where !written.contains(id) {
      write(HabitBullWriter.rows(records, notDone: nil), name: id, description: "", category: "", to: writer)
    }
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

  /// A tracker's rows by date (records first on a day given twice).
  private static func rows(_ records: [TrackerRecord], notDone: JSONValue?) -> [Row] {
    var rows = records.map { record in
      let extras = record.extras["habitbull"]
      return Row(date: record.date, value: extras?["value"].flatMap(HabitBullValue.text) ?? "1",
                 comment: extras?["comment"]?.stringValue ?? "")
    }
    if case .array(let days)? = notDone {
      for day in days {
        guard let date = day["date"]?.stringValue.flatMap({ LocalDate($0) }) else { continue }
        rows.append(Row(date: date, value: day["value"].flatMap(HabitBullValue.text) ?? "0",
                        comment: day["comment"]?.stringValue ?? ""))
      }
    }
    return rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
  }

  /// Every field ``losses(_:)`` may report, in the model's order (the warnings come whole items first).
  static let lostFields: [ModelField] = [
    .categoryIds, .categoryOrder, .categoriesWithoutDays, .trackerIds, .trackerKind, .repeatedTrackerNames,
    .trackerEmoji, .trackerColor, .trackerSchedule, .eventDate, .trackerPinned, .trackerCreatedOn,
    .trackersWithoutDays, .tasks, .taskCategoryOrder, .extras,
  ]

  /// What the file leaves out of `dataset`, field by field. What reading the file back fills
  /// in the same way (an id derived from the name, the palette choice, an every-day schedule)
  /// is not counted.
  func losses(_ dataset: TrackerDataset) -> [(field: ModelField, count: Int)] {
    let done = Set(dataset.records.map(\.trackerId))
    let kept = dataset.trackers.filter { done.contains($0.id) || $0.extras["habitbull"]?["notDone"] != nil }
    let usedCategories = Set(kept.map(\.categoryId))
    let known = Set(dataset.categories.map(\.id))
    var names: Set<String> = []
    let sameName = kept.count { !names.insert($0.name).inserted }
    let everyDay = Set(Weekday.allCases)
    func otherExtras(_ extras: Extras) -> Bool { extras.keys.contains { $0 != "habitbull" } }
    func firstUse(_ ids: [String]) -> [String] {
      var seen: Set<String> = []
      return ids.filter { seen.insert($0).inserted }
    }
    return [
      (.trackersWithoutDays, dataset.trackers.count - kept.count),
      (.repeatedTrackerNames, sameName),
      (.categoriesWithoutDays, dataset.categories.count { !usedCategories.contains($0.id) }),
      (.categoryIds, dataset.categories.count { usedCategories.contains($0.id) && $0.id != CSVStableID.category(title: $0.title) }),
      // Reading back makes the categories in the order the habits first use them.
      (.categoryOrder, firstUse(kept.map(\.categoryId)).filter { known.contains($0) }
        == dataset.categories.map(\.id).filter { usedCategories.contains($0) } ? 0 : 1),
      (.trackerIds, kept.count { $0.id != CSVStableID.tracker(name: $0.name) }),
      (.trackerKind, kept.count { $0.kind == .event }),
      (.trackerEmoji, kept.count { $0.emoji != PaletteEmoji.stableChoice(for: $0.name).emoji.rawValue }),
      (.trackerColor, kept.count { $0.color != PaletteEmoji.stableChoice(for: $0.name).color.rawValue }),
      (.trackerSchedule, kept.count { $0.kind == .habit && Set($0.schedule ?? []) != everyDay }),
      (.eventDate, kept.count { $0.date != nil }),
      (.trackerPinned, kept.count { $0.pinned }),
      (.trackerCreatedOn, kept.count { $0.createdOn != nil }),
      (.tasks, dataset.tasks.count),
      (.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: dataset)),
      (.extras, (dataset.extras.isEmpty ? 0 : 1) + dataset.categories.count { !$0.extras.isEmpty }
        + dataset.trackers.count { otherExtras($0.extras) } + dataset.records.count { otherExtras($0.extras) }
        + dataset.tasks.count { !$0.extras.isEmpty }),
    ]
  }
}
