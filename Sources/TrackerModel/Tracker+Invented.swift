/// A tracker field a reader may have to make up, because its format has no such field: Loop
/// has no categories or emoji, beaverhabits no colours, Habo no weekdays. The raw values are
/// the names `diff` and `merge` give the fields (`category`, `emoji`).
public enum InventedField: String, CaseIterable, Hashable, Sendable {
  /// The tracker's category (`categoryId`): a default category the reader put it in.
  case category
  /// An emoji the reader chose (from the name).
  case emoji
  /// A colour the reader chose (from the name), not one the source had.
  case color
  /// A weekday schedule the reader assumed (every day), not one the source had.
  case schedule
}

extension Tracker {
  /// The `extras` namespace of TrackerPort's own marks on an item, `extras["trackport"]`: no
  /// format owns it, every format that carries extras carries it, and loss reports never count
  /// it as extras (it describes model fields, it holds no data of its own).
  public static let marksNamespace = "trackport"

  /// The fields of this tracker its reader made up: values that are there because the model
  /// needs one, not because the person chose them (Loop's "Loop Habit Tracker" category and
  /// emoji from the name). `diff` and `merge` treat them as unset, as they treat a format's
  /// `cannotCarry` fields; writers into apps where the field is optional (a Table Habit group,
  /// a Habo category, a beaverhabits tag) leave them out. Empty for most trackers.
  ///
  /// Kept in `extras["trackport"]` as `{"invented": {"category": "<categoryId>", "emoji": "🌺"}}`:
  /// each field (in ``InventedField`` order) with the value the reader made up, so every
  /// canonical format carries it without a new version, and a dataset without marks is written
  /// exactly as before. A field counts as made up only while it still has that value: once a
  /// person edits it (in a JSON file, say), it is theirs. Setting marks the fields' current
  /// values; setting an empty set removes the member (and the namespace when it holds nothing
  /// else).
  public var invented: Set<InventedField> {
    get {
      guard case .object(let marks)? = extras[Self.marksNamespace]?["invented"] else { return [] }
      return Set(marks.compactMap { mark in
        guard let field = InventedField(rawValue: mark.key), mark.value == inventedValue(field) else { return nil }
        return field
      })
    }
    set {
      var members: [JSONMember] = []
      if case .object(let kept)? = extras[Self.marksNamespace] { members = kept.filter { $0.key != "invented" } }
      if !newValue.isEmpty {
        members.append(JSONMember("invented", .object(InventedField.allCases.filter(newValue.contains).map {
          JSONMember($0.rawValue, inventedValue($0))
        })))
      }
      extras[Self.marksNamespace] = members.isEmpty ? nil : .object(members)
    }
  }

  /// The value a mark of `field` records: the category id, the emoji, the colour, the weekdays
  /// (`"mon tue"`); `null` when the tracker has none.
  private func inventedValue(_ field: InventedField) -> JSONValue {
    switch field {
    case .category: .string(categoryId)
    case .emoji: emoji.map(JSONValue.string) ?? .null
    case .color: color.map(JSONValue.string) ?? .null
    case .schedule: schedule.map { .string($0.map(\.rawValue).joined(separator: " ")) } ?? .null
    }
  }
}

extension Dictionary where Key == String, Value == JSONValue {
  /// These extras without TrackerPort's own marks (``Tracker/marksNamespace``): what source
  /// formats had that no model field describes, which a writer of another format reports lost.
  public var ofFormats: Extras { filter { $0.key != Tracker.marksNamespace } }
}

extension TrackerDataset {
  /// The ids of categories that only hold trackers their reader put there (each marks its
  /// category made up, ``Tracker/invented``): Loop's "Loop Habit Tracker", Habo's default
  /// category. A writer into an app where a habit's group is optional writes none for them.
  public var inventedCategoryIds: Set<String> {
    var real = Set<String>(), used = Set<String>()
    for tracker in trackers {
      used.insert(tracker.categoryId)
      if !tracker.invented.contains(.category) { real.insert(tracker.categoryId) }
    }
    return used.subtracting(real)
  }
}
