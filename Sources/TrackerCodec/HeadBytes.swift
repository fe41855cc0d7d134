/// What a codec's ``TrackerCodec/sniff(_:)`` asks of a file's first bytes, once for all the
/// apps whose exports are JSON objects with keys of their own (Habo, Table Habit, HabitKit).
public enum HeadBytes {
  /// The first byte that is not white space or a UTF-8 byte order mark; `nil` when there is none.
  public static func firstSignificant(_ head: [UInt8]) -> UInt8? {
    var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    return start < head.count ? head[start] : nil
  }

  /// Whether the bytes of `text` (UTF-8) occur in `head`.
  public static func contains(_ head: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard let first = needle.first, head.count >= needle.count else { return needle.isEmpty }
    var i = 0
    while i <= head.count - needle.count {
      if head[i] == first, head[i..<(i + needle.count)].elementsEqual(needle) { return true }
      i += 1
    }
    return false
  }
}
