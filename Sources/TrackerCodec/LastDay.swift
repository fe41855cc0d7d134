import TrackerModel

/// Parses `YYYY-MM-DD` bytes into a ``LocalDate``, remembering the last ten bytes it parsed and
/// their day: records come in date order, so one day's bytes repeat for as many records as
/// there are trackers, and a repeat costs two compares instead of a parse.
public struct LastDay {
  private var head: UInt64 = 0
  private var tail: UInt16 = 0
  private var day: LocalDate?

  /// Nothing remembered yet.
  public init() {}

  /// The day `bytes` name, as ``LocalDate/init(utf8:)`` reads them (`nil` for anything else).
  @inline(__always)
  public mutating func date(_ bytes: UnsafeRawBufferPointer) -> LocalDate? {
    guard bytes.count == 10 else { return LocalDate(utf8: bytes) }
    let head = bytes.loadUnaligned(as: UInt64.self)
    let tail = bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
    if let day, head == self.head, tail == self.tail { return day }
    guard let parsed = LocalDate(utf8: bytes) else { return nil }
    (self.head, self.tail, self.day) = (head, tail, parsed)
    return parsed
  }
}
