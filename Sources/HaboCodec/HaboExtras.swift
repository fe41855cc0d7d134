import TrackerModel

/// The keys of `extras["habo"]` (docs/habo.md lists them), in one place for the reader and the
/// writer.
enum HaboExtras {
  /// The namespace.
  static let namespace = "habo"

  /// Members of a habit that become model fields, not extras: `title`, `uuid` (the tracker's
  /// id), `events` (records and entries), `categories` (the embedded copy: links are in
  /// `habit_categories`), `habitType` (whether there is a goal), `notification` (whether there
  /// is a reminder). `archived`, `targetValue` and `unit` are model fields too, but stay in
  /// extras where the model cannot say them (a soft-deleted habit's own flag, a yes/no habit's
  /// unused target).
  static let mappedHabitKeys: Set<String> = ["title", "uuid", "events", "categories", "habitType", "notification"]

  /// A tracker's category ids beyond the first, in Habo's order, the first included
  /// (`habit_categories` is many-to-many).
  static let categoryIds = "categoryIds"
  /// A tracker's days that are neither completions nor entries (a fail or clear without a
  /// comment, a second key on one day): the events map's own members.
  static let keptDays = "keptDays"
  /// A record's or entry's event key, when it is not the one the current app writes.
  static let key = "key"
  /// A record's or entry's day type, when it is not the one its kind is written with.
  static let dayType = "dayType"
  /// A record's or entry's `targetValue` (the habit's target when it was logged), when it is not
  /// the habit's goal.
  static let targetValue = "targetValue"
  /// The category TrackerPort made for habits in no category (not written back).
  static let assigned = "assigned"
  /// The backup's `metadata` and non-empty top-level `events`.
  static let metadata = "metadata"
  static let events = "events"

  /// `extras["habo"]` of `extras` as object members; empty when there is none or it is no object.
  static func members(_ extras: Extras) -> [JSONMember] {
    guard case .object(let members)? = extras[namespace] else { return [] }
    return members
  }

  /// The `extras["habo"]` of `members`; empty extras when there are none.
  static func extras(_ members: [JSONMember]) -> Extras {
    members.isEmpty ? [:] : [namespace: .object(members)]
  }
}
