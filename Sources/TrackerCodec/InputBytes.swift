import Foundation

/// The bytes of an input, kept alive for as long as someone needs them: a file is
/// memory-mapped, so keeping it (a ``SourceLocator`` does, to find lines later) costs address
/// space, not a second copy in memory.
public final class InputBytes: @unchecked Sendable {
  // Immutable after init; Data is a value type whose storage is never mutated here.
  private let data: Data

  init(_ data: Data) { self.data = data }

  /// Bytes already in memory.
  public convenience init(_ bytes: [UInt8]) { self.init(Data(bytes)) }

  /// The length in bytes.
  public var count: Int { data.count }

  /// Runs `body` over the bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try data.withUnsafeBytes(body)
  }
}

extension CodecInput {
  /// The whole input, memory-mapped for a file, to keep beyond one call.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` when it cannot be read.
  public func bytes() throws -> InputBytes {
    InputBytes(try loadData())
  }
}
