import TrackerModel

/// Unknown keys of the objects inside an entity — a task's attachments, a tracker's goal,
/// frequency and reminders — kept in the entity's `extras` under `json-<key>`
/// (`json-attachments`, `json-goal`, `json-frequency`, `json-reminders`), so the writer can put
/// them back in place, as ``keep(_:in:base:)`` keeps the entity's own unknown keys in `json`.
extension JSONDatasetReader {
  /// The entity `extras` namespace holding the unknown keys of the objects under `key`.
  static func nestedNamespace(_ key: String) -> String { "json-" + key }

  /// Unknown keys of the one object under `key` (a tracker's `goal`, `frequency`) go to
  /// `extras["json-<key>"]`. An explicit one (hand-edited) is kept too when both fit, by the
  /// rule of ``keep(_:in:base:)``; otherwise the entity (an `owner`) is refused.
  mutating func keepNested(_ unknown: [JSONMember], of base: String, key: String, owner: String,
                           in extras: inout Extras) throws {
    guard !unknown.isEmpty else { return }
    let namespace = JSONDatasetReader.nestedNamespace(key)
    guard let explicit = extras[namespace] else {
      extras[namespace] = .object(unknown)
      return
    }
    extras[namespace] = .object(try merge(explicit, unknown, inline: base + "/" + key,
                                          namespace: base + "/extras/" + namespace,
                                          holder: "the \(owner)'s \"extras\": {\"\(namespace)\": ...}"))
  }

  /// Unknown keys of the objects of the array under `key` (a task's `attachments`, a
  /// tracker's `reminders`) go to `extras["json-<key>"]`: an array with one object, or `null`,
  /// per item. An explicit one (hand-edited) is kept too when both fit: an array with one
  /// `null` or object per item, with no key in common with that item's unknown keys (whose
  /// members then come after its own). Otherwise the entity is refused, as
  /// ``keep(_:in:base:)`` does. `item` names one item with its article (`an attachment`),
  /// `owner` the entity (`task`).
  mutating func keepItemKeys(_ unknown: [JSONValue], of base: String, key: String, item: String, owner: String,
                             in extras: inout Extras) throws {
    guard let first = unknown.firstIndex(where: { $0 != .null }) else { return }
    let namespace = JSONDatasetReader.nestedNamespace(key)
    guard let explicit = extras[namespace] else {
      extras[namespace] = .array(unknown)
      return
    }
    let pointer = base + "/extras/" + namespace
    let holder = "the \(owner)'s \"extras\": {\"\(namespace)\": ...}"
    let noun = item.split(separator: " ").last.map(String.init) ?? item
    guard case .array(let items) = explicit, items.count == unknown.count else {
      guard case .object(let members) = unknown[first] else { return }
      let name = members[0].key
      throw JSONReadFailure(at: unknownKeyOffset(base + "/\(key)/\(first)", name),
                            "unknown key \"\(name)\" of \(item) cannot be kept: \(holder) is not an array "
                              + "with one item per \(noun)",
                            pointer: base + "/\(key)/\(first)/" + JSONPointer.escape(name),
                            note: "unknown keys of \(key) are kept there (\(pointer)); remove or rename one of the two")
    }
    var merged: [JSONValue] = []
    merged.reserveCapacity(items.count)
    for (i, (explicitItem, inline)) in zip(items, unknown).enumerated() {
      guard case .object(let members) = inline else {
        merged.append(explicitItem)
        continue
      }
      let explicitObject: JSONValue = explicitItem == .null ? .object([]) : explicitItem
      merged.append(.object(try merge(explicitObject, members, inline: base + "/\(key)/\(i)",
                                      namespace: pointer + "/\(i)", holder: holder + " item \(i)")))
    }
    extras[namespace] = .array(merged)
  }
}
