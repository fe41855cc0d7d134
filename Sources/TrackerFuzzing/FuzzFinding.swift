/// Something a fuzz input made TrackerPort do that it must never do, short of a crash (which
/// the fuzzer sees by itself): fail with an error that is not a ``CodecError`` (the codec
/// contract), or write a file in a format that carries everything and read back a different
/// dataset.
public struct FuzzFinding: Error, CustomStringConvertible, Sendable {
  /// The step (`decode`, `encode xml`, `read back xml`).
  public var step: String
  /// What went wrong, in one line.
  public var problem: String

  public init(step: String, problem: String) {
    self.step = step
    self.problem = problem
  }

  public var description: String { "\(step): \(problem)" }
}
