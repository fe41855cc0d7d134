import TrackerModel

/// Where `extras` go when writing: unknown keys kept from a JSON source back inline (in their
/// object, or in a task's attachments, a tracker's goal, frequency and reminders), everything
/// else under `"extras"`.
extension JSONDatasetWriter {
  /// Splits extras into the unknown-key members to write inline and the other namespaces,
  /// sorted. `extras["json"]` goes inline only when reading it back gives it again: a
  /// non-empty object whose keys are unique and none of the object's known keys.
  static func split(_ extras: Extras, known: ArraySlice<StaticString>) -> (inline: [JSONMember], namespaces: [(String, JSONValue)]) {
    var inline: [JSONMember] = []
    var rest = extras
    if case .object(let members)? = extras["json"], canInline(members, known: known) {
      inline = members
      rest["json"] = nil
    }
    return (inline, rest.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  static func canInline(_ members: [JSONMember], known: ArraySlice<StaticString>) -> Bool {
    guard !members.isEmpty else { return false }
    var keys = JSONKeySet()
    var seen: [String] = []
    for member in members {
      guard keys.insert(member.key, keys: seen) else { return false }
      seen.append(member.key)
      if known.contains(where: { $0.description == member.key }) || member.key == "extras" { return false }
    }
    return true
  }

  /// Takes the unknown keys of the `count` items of the array under `key` (a task's
  /// attachments, a tracker's reminders) out of `extras["json-<key>"]` when they can go back
  /// inline: one `null` or non-empty object per item, not all `null`.
  static func itemMembers(_ extras: inout Extras, key: String, count: Int, known: ArraySlice<StaticString>) -> [[JSONMember]]? {
    let namespace = JSONDatasetReader.nestedNamespace(key)
    guard case .array(let items)? = extras[namespace],
          items.count == count, items.contains(where: { $0 != .null }) else { return nil }
    var result: [[JSONMember]] = []
    for item in items {
      switch item {
      case .null: result.append([])
      case .object(let members) where canInline(members, known: known):
        result.append(members)
      default: return nil
      }
    }
    extras[namespace] = nil
    return result
  }

  /// Takes the unknown keys of the object under `key` (a tracker's goal or frequency, which
  /// the caller writes) out of `extras["json-<key>"]` when they can go back inline; else none.
  static func nestedMembers(_ extras: inout Extras, key: String, known: ArraySlice<StaticString>) -> [JSONMember] {
    let namespace = JSONDatasetReader.nestedNamespace(key)
    guard case .object(let members)? = extras[namespace], canInline(members, known: known) else { return [] }
    extras[namespace] = nil
    return members
  }

  /// Whether `text` is a JSON number literal, checked with the reader's own grammar.
  static func isNumber(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      var scanner = JSONScanner(UnsafeRawBufferPointer(utf8))
      guard let first = utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
            (try? scanner.readNumber()) != nil else { return false }
      return scanner.position == utf8.count
    }
  }
}
