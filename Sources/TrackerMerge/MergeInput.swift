import TrackerCodec
import TrackerModel

/// A dataset to diff or merge, with the fields its format cannot hold: its reader filled those
/// with defaults or inventions (Loop's palette emoji, HabitBull's every-day schedule, `pinned`
/// false), which are not the user's data. Such a field counts as unset on that side, so it never
/// conflicts with, overrides or shows as a change against the other side's real value.
public struct MergeInput: Sendable {
  /// The dataset as its codec read it.
  public var dataset: TrackerDataset
  /// Names of the compared fields (`emoji`, `pinned`, `category`, `taskCategoryOrder`, …) the
  /// dataset's format cannot carry.
  public var uncarried: Set<String>

  /// A dataset whose format carries every field (canonical JSON, XML, the CSV package).
  public init(_ dataset: TrackerDataset, uncarried: Set<String> = []) {
    self.dataset = dataset
    self.uncarried = uncarried
  }

  /// A dataset read by a codec that declares `cannotCarry` (``CodecDescriptor/cannotCarry``).
  public init(_ dataset: TrackerDataset, cannotCarry: [ModelField]) {
    self.init(dataset, uncarried: Self.fieldNames(cannotCarry))
  }

  /// The compared fields that `fields` (a codec's declaration) covers; the names are those of
  /// ``InventedField``, the per-tracker form of the same mark.
  public static func fieldNames(_ fields: [ModelField]) -> Set<String> {
    var names = Set<String>()
    for field in fields {
      switch field {
      case .categories: names.insert("category")
      case .trackerKind: names.insert("kind")
      case .trackerEmoji: names.insert("emoji")
      case .trackerColor: names.insert("color")
      case .trackerSchedule: names.insert("schedule")
      case .eventDate: names.insert("date")
      case .trackerPinned: names.insert("pinned")
      case .trackerCreatedOn: names.insert("createdOn")
      case .trackerArchived: names.insert("archived")
      case .trackerDescription: names.insert("description")
      case .trackerGoal: names.insert("goal")
      case .trackerFrequency: names.insert("frequency")
      case .trackerReminders: names.insert("reminders")
      case .taskCategoryOrder: names.insert("taskCategoryOrder")
      case .trackerOrder: names.insert("trackers.order")
      case .categoryOrder: names.insert("categories.order")
      case .taskReminders: names.insert("task.reminders")
      case .taskAttachments: names.insert("task.attachments")
      default: break
      }
    }
    return names
  }
}

extension TrackerDataset {
  /// This dataset without the categories only trackers their reader put there are in (every
  /// tracker in it marks its category made up, ``Tracker/invented``): those trackers keep no
  /// category (`categoryId` empty), so `diff` lists no category the user never had.
  public var withoutInventedCategories: TrackerDataset {
    let invented = inventedCategoryIds
    guard !invented.isEmpty else { return self }
    var d = self
    d.categories.removeAll { invented.contains($0.id) }
    for i in d.trackers.indices where invented.contains(d.trackers[i].categoryId) {
      let marks = d.trackers[i].invented
      d.trackers[i].categoryId = ""
      d.trackers[i].invented = marks
    }
    return d
  }
}
