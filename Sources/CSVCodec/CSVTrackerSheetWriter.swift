import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a trackers table: one row per tracker, the columns of ``CSVTrackerSheetReader``
/// (both `categoryId` and the `category` title), the optional columns of what habit apps share
/// (each only when some tracker has it, so a table of Tracker-app trackers is as it always
/// was), then one column per key of the trackers' `extras["csv"]`, so unknown columns read
/// from a table come back. A tracker whose category its reader made up (``Tracker/invented``)
/// has both category cells empty, which reads back as `default-category`, made up again.
///
/// Records, entries, reminders, tasks, empty categories, the category order (when it is not
/// the order of first use) and other extras have no place in it: each is reported as
/// `dropped-field` with its count.
struct CSVTrackerSheetWriter {
  let options: CSVOptions

  /// The optional columns `dataset` needs, in ``CSVTrackerSheetReader/optionalColumns`` order.
  static func optionalColumns(_ dataset: TrackerDataset) -> [String] {
    let trackers = dataset.trackers
    var columns: [String] = []
    if trackers.contains(where: \.archived) { columns.append("archived") }
    if trackers.contains(where: { $0.description != nil }) { columns.append("description") }
    if trackers.contains(where: { $0.goal != nil }) { columns += ["goalTarget", "goalDirection", "goalUnit"] }
    if trackers.contains(where: { $0.goal.map { !$0.period.isDay } == true }) { columns.append("goalPeriod") }
    if trackers.contains(where: { $0.frequency != nil }) { columns += ["frequencyTimes", "frequencyDays"] }
    return columns
  }

  /// The keys of the trackers' `extras["csv"]` written as columns, in first-seen order: not
  /// those the reader would take for one of its own columns (by label, ignoring case and
  /// surrounding spaces), which ``losses(_:)`` counts as lost extras.
  static func extraKeys(_ dataset: TrackerDataset) -> [String] {
    var keys: [String] = []
    var seen: Set<String> = []
    for tracker in dataset.trackers {
      guard case .object(let members)? = tracker.extras["csv"] else { continue }
      for member in members where !CSVTrackerSheetReader.isOwnColumn(member.key) && seen.insert(member.key).inserted {
        keys.append(member.key)
      }
    }
    return keys
  }

  /// - Throws: ``CodecError`` `.unsupportedOperation` for a goal's target that is not a finite
  ///   number.
  func write(_ dataset: TrackerDataset, to writer: CSVWriter) throws {
    let extraKeys = Self.extraKeys(dataset)
    let shared = Set(Self.optionalColumns(dataset))
    writer.writeRow(CSVTrackerSheetReader.columns + CSVTrackerSheetReader.optionalColumns.filter(shared.contains) + extraKeys)
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    let format = options.dateFormat?.writing ?? .iso
    func optional(_ text: String?) { if let text { writer.writeField(text) } else { writer.writeNull() } }
    for (i, tracker) in dataset.trackers.enumerated() {
      writer.writeField(tracker.id)
      writer.writeField(tracker.kind.rawValue)
      writer.writeField(tracker.name)
      // A category its reader made up is left out, as a table without one reads (the default).
      if tracker.invented.contains(.category) {
        writer.writeNull()
        writer.writeNull()
      } else {
        writer.writeField(tracker.categoryId)
        optional(titles[tracker.categoryId])
      }
      optional(tracker.emoji)
      optional(tracker.color)
      optional(tracker.schedule.map(CSVWeekdays.format))
      optional(tracker.date.map(format.format))
      writer.writeField(tracker.pinned ? "true" : "false")
      optional(tracker.createdOn.map(format.format))
      if shared.contains("archived") { writer.writeField(tracker.archived ? "true" : "false") }
      if shared.contains("description") { optional(tracker.description) }
      if shared.contains("goalTarget") {
        if let goal = tracker.goal {
          guard goal.target.isFinite else {
            throw CodecError(.unsupportedOperation, "\(goal.target) is not a finite number; a number cell cannot hold it",
                             location: SourceLocation(pointer: "/trackers/\(i)/goal/target"))
          }
          writer.writeField(CSVCell.number(goal.target))
        } else {
          writer.writeNull()
        }
        optional(tracker.goal?.direction.rawValue)
        optional(tracker.goal?.unit)
      }
      if shared.contains("goalPeriod") { optional(tracker.goal.flatMap { $0.period.isDay ? nil : $0.period.text }) }
      if shared.contains("frequencyTimes") {
        optional(tracker.frequency.map { String($0.times) })
        optional(tracker.frequency.map { String($0.days) })
      }
      for key in extraKeys { optional(tracker.extras["csv"]?[key]?.stringValue) }
      writer.endRow()
    }
  }

  /// Every field ``losses(_:)`` may report, in the model's order (the warnings come whole items first).
  static let lostFields: [ModelField] = [
    .categoryOrder, .categoriesWithoutTrackers, .trackerReminders, .records, .entries, .tasks, .taskCategoryOrder, .extras,
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
      (.entries, dataset.entries.count),
      (.tasks, dataset.tasks.count),
      (.categoriesWithoutTrackers, emptyCategories),
      (.categoryOrder, categoryOrder == order.filter { categoryOrder.contains($0) } ? 0 : 1),
      (.trackerReminders, ModelField.trackerReminders.count(in: dataset)),
      (.taskCategoryOrder, ModelField.taskCategoryOrder.count(in: dataset)),
      (.extras, CSVLoss.extras(dataset, trackerColumns: CSVTrackerSheetReader.isOwnColumn)),
    ]
  }
}
