/// A small, fast, seedable random number generator (SplitMix64), so that generated datasets
/// are the same on every machine and Swift version for the same seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`, or 0 when `bound` is not positive. Not the stdlib's
  /// `random(in:using:)`, whose algorithm may change between Swift versions and so would change
  /// generated data.
  public mutating func below(_ bound: Int) -> Int {
    guard bound > 0 else { return 0 }
    return Int(next() % UInt64(bound))
  }

  /// `true` with probability `p` (0...1).
  public mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < p
  }

  /// An element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// An upper-case RFC 4122 version-4 UUID string.
  public mutating func uuid() -> String {
    let hi = next(), lo = next()
    var bytes = (0..<8).map { UInt8(truncatingIfNeeded: hi >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: lo >> (56 - 8 * $0)) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = Array("0123456789ABCDEF")
    var text = ""
    for (i, b) in bytes.enumerated() {
      if [4, 6, 8, 10].contains(i) { text.append("-") }
      text.append(hex[Int(b >> 4)])
      text.append(hex[Int(b & 0x0F)])
    }
    return text
  }
}
