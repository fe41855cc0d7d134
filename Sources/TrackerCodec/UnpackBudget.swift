import Foundation

/// How many bytes the members of one archive may unpack to, all together
/// (``CodecInput/unpackBudget``). Each member is charged the size it declares before it is
/// unpacked (it can never unpack to more), so an archive over the budget is refused before
/// its bytes are in memory.
public final class UnpackBudget: @unchecked Sendable {
  /// The total, in bytes.
  public let limit: Int
  private let lock = NSLock()
  private var left: Int

  /// A budget of `bytes`.
  public init(bytes: Int) {
    limit = bytes
    left = bytes
  }

  /// Takes `count` bytes from what is left; false (and nothing taken) when fewer are left.
  func take(_ count: UInt64) -> Bool {
    lock.withLock {
      guard count <= UInt64(max(0, left)) else { return false }
      left -= Int(count)
      return true
    }
  }
}
