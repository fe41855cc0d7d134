#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands out one shared `String` per distinct byte sequence, so a million records that name
/// the same few trackers share a few string storages instead of allocating one each.
///
/// It looks bytes up without allocating: the last string returned is checked first (records
/// of one tracker usually come together), then an open-addressing table keyed by a hash of
/// the bytes; the bytes are compared only where the hash matches. Past ``maximumEntries``
/// distinct values it stops remembering new ones. Readers of every format use it for ids that
/// repeat per record.
public struct StringInterner {
  /// How many distinct values are remembered; later ones are returned without sharing.
  public static let maximumEntries = 1 << 16

  private struct Entry {
    var hash: UInt64
    var start: Int
    var length: Int
    var string: String
  }

  private var entries: [Entry] = []
  /// Entry index + 1 per slot; 0 is empty. The count is a power of two.
  private var slots: [Int32] = Array(repeating: 0, count: 64)
  /// The bytes of every entry, back to back.
  private var storage: [UInt8] = []
  private var last = -1

  /// An empty interner.
  public init() {}

  /// The shared string for `bytes` (valid UTF-8).
  public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> String {
    let hash = StringInterner.hash(bytes)
    if last >= 0, entries[last].hash == hash, matches(last, bytes) { return entries[last].string }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot]) - 1
      if index < 0 { break }
      if entries[index].hash == hash, matches(index, bytes) {
        last = index
        return entries[index].string
      }
      slot = (slot + 1) & mask
    }
    let string = String(decoding: bytes, as: UTF8.self)
    guard entries.count < StringInterner.maximumEntries else { return string }
    entries.append(Entry(hash: hash, start: storage.count, length: bytes.count, string: string))
    storage.append(contentsOf: bytes)
    slots[slot] = Int32(entries.count)
    last = entries.count - 1
    if entries.count * 2 > slots.count { grow() }
    return string
  }

  @inline(__always)
  private func matches(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    let start = entries[index].start
    guard entries[index].length == bytes.count else { return false }
    guard let target = bytes.baseAddress else { return true }
    return storage.withUnsafeBytes { stored in
      guard let base = stored.baseAddress else { return false }
      return memcmp(base + start, target, bytes.count) == 0
    }
  }

  private mutating func grow() {
    var newSlots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = newSlots.count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while newSlots[slot] != 0 { slot = (slot + 1) & mask }
      newSlots[slot] = Int32(index + 1)
    }
    slots = newSlots
  }

  /// A word at a time: each 8 bytes (the last ones zero-padded) folded in by a multiply and a
  /// shift, seeded with the length. Ids are 8 to 40 bytes, so this is a few multiplies where a
  /// byte-wise hash took one per byte; the spread is plenty for an open table.
  @inline(__always)
  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    var offset = 0
    while offset + 8 <= count {
      h = (h ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      offset += 8
    }
    if offset < count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        tail |= UInt64(bytes[offset]) << shift
        shift += 8
        offset += 1
      }
      h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    return h ^ (h >> 29)
  }
}
