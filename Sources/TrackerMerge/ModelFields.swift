import TrackerModel

/// A field of a model type that `diff` compares and `merge` reconciles: how to show it, how to
/// tell it is unset (an unset value never conflicts: the other side's fills it), and how to take
/// it from another version.
struct ModelFieldRule<Item>: Sendable {
  let name: String
  let text: @Sendable (Item) -> String?
  let same: @Sendable (Item, Item) -> Bool
  let copy: @Sendable (inout Item, Item) -> Void

  init<Value: Equatable & Sendable>(_ name: String, _ path: WritableKeyPath<Item, Value> & Sendable,
                                   unset: @escaping @Sendable (Value) -> Bool,
                                   text: @escaping @Sendable (Value) -> String) {
    self.name = name
    self.text = { item in
      let value = item[keyPath: path]
      return unset(value) ? nil : text(value)
    }
    self.same = { $0[keyPath: path] == $1[keyPath: path] }
    self.copy = { $0[keyPath: path] = $1[keyPath: path] }
  }

  init<Value: Equatable & Sendable>(_ name: String, optional path: WritableKeyPath<Item, Value?> & Sendable,
                                   text: @escaping @Sendable (Value) -> String) {
    self.init(name, path, unset: { $0 == nil }, text: { $0.map(text) ?? "" })
  }
}

/// The compared fields of each model type, in the order changes are listed. Identity (ids),
/// the category (compared by title) and extras (per namespace) are handled by the callers.
enum ModelFields {
  static let tracker: [ModelFieldRule<Tracker>] = [
    .init("name", \.name, unset: { _ in false }, text: { $0 }),
    .init("kind", \.kind, unset: { _ in false }, text: { $0.rawValue }),
    .init("emoji", optional: \.emoji, text: { $0 }),
    .init("color", optional: \.color, text: { $0 }),
    .init("schedule", optional: \.schedule, text: ValueText.schedule),
    .init("date", optional: \.date, text: { $0.description }),
    .init("pinned", \.pinned, unset: { _ in false }, text: ValueText.bool),
    .init("createdOn", optional: \.createdOn, text: { $0.description }),
    .init("archived", \.archived, unset: { _ in false }, text: ValueText.bool),
    .init("description", optional: \.description, text: { $0 }),
    .init("goal", optional: \.goal, text: ValueText.goal),
    .init("frequency", optional: \.frequency, text: ValueText.frequency),
    .init("reminders", \.reminders, unset: \.isEmpty, text: ValueText.reminders),
  ]

  static let task: [ModelFieldRule<PlanTask>] = [
    .init("title", \.title, unset: { _ in false }, text: { $0 }),
    .init("description", optional: \.description, text: { $0 }),
    .init("color", optional: \.color, text: { $0 }),
    .init("category", \.category, unset: { _ in false }, text: { $0 }),
    .init("start", optional: \.start, text: { $0.description }),
    .init("end", optional: \.end, text: { $0.description }),
    .init("done", \.done, unset: { _ in false }, text: ValueText.bool),
    .init("reminders", \.reminders, unset: \.isEmpty, text: { $0.map(\.description).joined(separator: ", ") }),
    .init("attachments", \.attachments, unset: \.isEmpty, text: ValueText.attachments),
  ]

  /// The changes between two versions of an item, field by field (unset fields included: a
  /// diff shows a description removed).
  static func changes<Item>(_ rules: [ModelFieldRule<Item>], _ old: Item, _ new: Item) -> [FieldChange] {
    rules.compactMap { rule in
      rule.same(old, new) ? nil : FieldChange(field: rule.name, old: rule.text(old), new: rule.text(new))
    }
  }

  /// Both absent, or the same JSON data (``JSONValue/sameData(as:)``).
  static func sameData(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case let (a?, b?): a.sameData(as: b)
    default: false
    }
  }

  /// The same namespaces holding the same JSON data.
  static func sameExtras(_ a: Extras, _ b: Extras) -> Bool {
    if a.isEmpty && b.isEmpty { return true }
    return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.sameData(as: $0) } ?? false }
  }

  /// The changes between two extras dictionaries, one per namespace, in name order.
  static func changes(_ old: Extras, _ new: Extras) -> [FieldChange] {
    Set(old.keys).union(new.keys).sorted().compactMap { key in
      Self.sameData(old[key], new[key]) ? nil
        : FieldChange(field: "extras." + key, old: old[key].map(ValueText.json), new: new[key].map(ValueText.json))
    }
  }
}
