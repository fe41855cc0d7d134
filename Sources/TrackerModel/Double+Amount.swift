extension Double {
  /// The number as the canonical JSON writes an amount or a goal's target, for messages and
  /// listings: a whole number without a fraction (`6`, not `6.0`), otherwise Swift's shortest
  /// form that reads back to the same value (`6.25`, `1e-05`). Non-finite values read `nan`,
  /// `inf`, `-inf`, which JSON cannot hold.
  public var amountText: String {
    if rounded() == self, abs(self) < 1e15 { return String(Int64(self)) }
    return description
  }
}
