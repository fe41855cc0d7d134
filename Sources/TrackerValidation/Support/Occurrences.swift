/// Finds the second and later occurrences of keys in a sequence, remembering where each key
/// was first seen: the shape of every "twice" rule (`duplicate-id`, `record-duplicate`, ...).
struct Occurrences<Key: Hashable> {
  private var firstSeen: [Key: Int] = [:]

  init(capacity: Int = 0) { firstSeen.reserveCapacity(capacity) }

  /// Records `key` at `position`; returns the position of its first occurrence when this one is
  /// a repeat, `nil` when it is the first.
  mutating func repeatOf(_ key: Key, at position: Int) -> Int? {
    if let first = firstSeen[key] { return first }
    firstSeen[key] = position
    return nil
  }
}
