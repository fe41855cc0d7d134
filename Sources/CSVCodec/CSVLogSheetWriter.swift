import CSVCore
import TrackerCodec
import TrackerModel

/// Writes a log table: `tracker,category,date`, one row per record in the dataset's order, the
/// day in `date-format` (default `YYYY-MM-DD`), then one column per key of the records'
/// `extras["csv"]`. This is what other apps import.
///
/// A record of an unknown tracker is written with the tracker id as its name. Everything else
/// about trackers (ids, kind, emoji, colour, schedule, dates, pinning), trackers and categories
/// without records, tasks and other extras is reported as `dropped-field` with its count.
struct CSVLogSheetWriter {
  let options: CSVOptions

  func write(_ dataset: TrackerDataset, to writer: CSVWriter) {
    var extraKeys: [String] = []
    var seen: Set<String> = []
    for record in dataset.records {
      guard case .object(let members)? = record.extras["csv"] else { continue }
      for member in members where seen.insert(member.key).inserted { extraKeys.append(member.key) }
    }
    writer.writeRow(["tracker", "category", "date"] + extraKeys)
    var titles: [String: String] = [:]
    for category in dataset.categories where titles[category.id] == nil { titles[category.id] = category.title }
    var trackers: [String: (name: String, category: String?)] = [:]
    for tracker in dataset.trackers where trackers[tracker.id] == nil {
      trackers[tracker.id] = (tracker.name, titles[tracker.categoryId])
    }
    let format = options.dateFormat ?? .iso
    for record in dataset.records {
      let tracker = trackers[record.trackerId]
      writer.writeField(tracker?.name ?? record.trackerId)
      if let category = tracker?.category { writer.writeField(category) } else { writer.writeNull() }
      writer.writeField(format.format(record.date))
      for key in extraKeys {
        if let value = record.extras["csv"]?[key]?.stringValue { writer.writeField(value) } else { writer.writeNull() }
      }
      writer.endRow()
    }
  }

  /// What the table leaves out of `dataset`, field by field.
  func losses(_ dataset: TrackerDataset) -> [(field: String, count: Int)] {
    let done = Set(dataset.records.map(\.trackerId))
    let kept = dataset.trackers.filter { done.contains($0.id) }
    let usedCategories = Set(kept.map(\.categoryId))
    let derivedIds = kept.count { $0.id != CSVStableID.tracker(name: $0.name) }
    return [
      ("trackers[without records]", dataset.trackers.count - kept.count),
      ("categories[without records]", dataset.categories.count { !usedCategories.contains($0.id) }),
      ("trackers.id", derivedIds),
      ("trackers.kind", kept.count { $0.kind == .event }),
      // Reading back chooses from the palette by name: only other choices are lost.
      ("trackers.emoji", kept.count { $0.emoji != CSVStableID.palette(for: $0.name).emoji }),
      ("trackers.color", kept.count { $0.color != CSVStableID.palette(for: $0.name).color }),
      ("trackers.schedule", kept.count { $0.schedule != nil && Set($0.schedule ?? []).count < 7 }),
      ("trackers.date", kept.count { $0.date != nil }),
      ("trackers.pinned", kept.count { $0.pinned }),
      ("trackers.createdOn", kept.count { $0.createdOn != nil }),
      ("tasks", dataset.tasks.count),
      ("taskCategoryOrder", ModelField.taskCategoryOrder.count(in: dataset)),
      ("extras", CSVLoss.extras(dataset, keepingRecordCSV: true)),
    ]
  }
}
