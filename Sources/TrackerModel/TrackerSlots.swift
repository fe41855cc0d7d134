/// Dense numbers (0, 1, 2, ...) for the tracker ids of records and entries, met one after
/// another millions of times: the look-up costs a few loads and, for the id found, a string
/// comparison that is immediate when both share storage (a reader interns its ids).
///
/// A `[String: Int]` hashed every byte of the id with SipHash for each day; this table keys on
/// a word made of the id's length and its first and last eight bytes (ids differ there: UUIDs
/// at the start, "habit 2" and "habit 3" at the end), and compares the whole id only where
/// that word matches. The merge numbers its days' trackers with it, and ``DatasetIndex`` its
/// records' and entries'.
package struct TrackerSlots: Sendable {
  /// The id of each slot.
  package private(set) var ids: [String] = []
  /// Each slot's word.
  private var words: [UInt64] = []
  /// Slot + 1 per bucket, 0 for none; a power of two, at most half full.
  private var buckets = [Int32](repeating: 0, count: 64)
  /// Per slot, the slot met right after it last time, or -1.
  private var next: [Int32] = []
  private var last = -1

  package init() {}

  /// The slot of `id`, a new one the first time it is met.
  ///
  /// Before the table, two guesses: the same id as last time (records of one tracker
  /// together), and the id that followed the last one before (records in date order list the
  /// trackers in the same order every day). Either costs a compare of words, and of the ids
  /// only where the words match.
  package mutating func slot(_ id: String) -> Int {
    let word = Self.word(id)
    if last >= 0 {
      if words[last] == word, ids[last] == id { return last }
      let guess = Int(next[last])
      if guess >= 0, words[guess] == word, ids[guess] == id {
        last = guess
        return guess
      }
    }
    let slot = lookUp(id, word)
    if last >= 0 { next[last] = Int32(slot) }
    last = slot
    return slot
  }

  /// The slot of `id` by its word, a new one the first time it is met.
  private mutating func lookUp(_ id: String, _ word: UInt64) -> Int {
    let mask = buckets.count - 1
    var bucket = Self.bucket(word, mask)
    while buckets[bucket] != 0 {
      let slot = Int(buckets[bucket]) - 1
      if words[slot] == word, ids[slot] == id { return slot }
      bucket = (bucket + 1) & mask
    }
    let slot = ids.count
    ids.append(id)
    words.append(word)
    next.append(-1)
    buckets[bucket] = Int32(slot + 1)
    if ids.count * 2 > buckets.count { grow() }
    return slot
  }

  private mutating func grow() {
    buckets = [Int32](repeating: 0, count: buckets.count * 2)
    let mask = buckets.count - 1
    for (slot, word) in words.enumerated() {
      var bucket = Self.bucket(word, mask)
      while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      buckets[bucket] = Int32(slot + 1)
    }
  }

  private static func bucket(_ word: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The length and the first and last eight bytes of `id`'s UTF-8, mixed; for a string
  /// without contiguous UTF-8, its hash.
  private static func word(_ id: String) -> UInt64 {
    id.utf8.withContiguousStorageIfAvailable { utf8 -> UInt64 in
      let count = utf8.count
      var head: UInt64 = 0, tail: UInt64 = 0
      let raw = UnsafeRawBufferPointer(utf8)
      if count >= 8 {
        head = raw.loadUnaligned(as: UInt64.self)
        tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else {
        for (i, byte) in utf8.enumerated() { head |= UInt64(byte) << (8 * UInt64(i)) }
      }
      return (head ^ (tail &* 0xFF51_AFD7_ED55_8CCD) ^ UInt64(count)) &* 0xC4CE_B9FE_1A85_EC53
    } ?? UInt64(bitPattern: Int64(id.hashValue))
  }
}
