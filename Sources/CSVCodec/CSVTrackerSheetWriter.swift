import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a trackers table: one row per tracker, the columns of ``CSVTrackerSheetReader``
/// (both `categoryId` and the `category` title), then one column per key of the trackers'
/// `extras["csv"]`, so unknown columns read from a table come back.
///
/// Records, tasks, empty categories, the category order (when it is not the order of first use)
/// and other extras have no place in it: each is reported as `dropped-field` with its count.
struct CSVTrackerSheetWriter {
  let options: CSVOptions

  func write(_ dataset: TrackerDataset, to writer: CSVWriter) {
    var extraKeys: [String] = []
    var seen: Set<String> = []
    for tracker in dataset.trackers {
      guard case .object(let members)? = tracker.extras["csv"] else { continue }
      for member in members where seen.insert(member.key).inserted { extraKeys.append(member.key) }
    }
    writer.writeRow(CSVTrackerSheetReader.columns + extraKeys)
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    let format = options.dateFormat?.writing ?? .iso
    func optional(_ text: String?) { if let text { writer.writeField(text) } else { writer.writeNull() } }
    for tracker in dataset.trackers {
      writer.writeField(tracker.id)
      writer.writeField(tracker.kind.rawValue)
      writer.writeField(tracker.name)
      writer.writeField(tracker.categoryId)
      optional(titles[tracker.categoryId])
      optional(tracker.emoji)
      optional(tracker.color)
      optional(tracker.schedule.map(CSVWeekdays.format))
      optional(tracker.date.map(format.format))
      writer.writeField(tracker.pinned ? "true" : "false")
      optional(tracker.createdOn.map(format.format))
      for key in extraKeys { optional(tracker.extras["csv"]?[key]?.stringValue) }
      writer.endRow()
    }
  }

  /// Every field ``losses(_:)`` may report, in the model's order (the warnings come whole items first).
  static let lostFields: [ModelField] = [
    .categoryOrder, .categoriesWithoutTrackers, .records, .tasks, .taskCategoryOrder, .extras,
  ]

  /// What the table leaves out of `dataset`, field by field.
  func losses(_ dataset: TrackerDataset) -> [(field: ModelField, count: Int)] {
    let used = Set(dataset.trackers.map(\.categoryId))
    var order: [String] = []
    var seen: Set<String> = []
    for tracker in dataset.trackers where seen.insert(tracker.categoryId).inserted { order.append(tracker.categoryId) }
    let categoryOrder = dataset.categories.map(\.id).filter { used.contains($0) }
    let emptyCategories = dataset.categories.count { !used.contains($0.id) }
    return [
      (.records, dataset.records.count),
      (.tasks, dataset.tasks.count),
      (.categoriesWithoutTrackers, emptyCategories),
      (.categoryOrder, categoryOrder == order.filter { categoryOrder.contains($0) } ? 0 : 1),
      (.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: dataset)),
      (.extras, CSVLoss.extras(dataset, keepingTrackerCSV: true)),
    ]
  }
}
