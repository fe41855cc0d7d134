import Foundation

/// The bytes of an input, kept alive for as long as someone needs them: a file is
/// memory-mapped, so keeping it (a ``SourceLocator`` does, to find lines later) costs address
/// space, not a second copy in memory.
public final class InputBytes: @unchecked Sendable {
  // Immutable after init: a mapped file, or an array already in memory (an archive member),
  // kept as it is rather than copied into `Data`.
  private enum Storage {
    case data(Data)
    case array([UInt8])
  }

  private let storage: Storage

  init(_ data: Data) { storage = .data(data) }

  /// Bytes already in memory, kept without a copy.
  public init(_ bytes: [UInt8]) { storage = .array(bytes) }

  /// How many bytes.
  public var count: Int {
    switch storage {
    case .data(let data): data.count
    case .array(let array): array.count
    }
  }

  /// Runs `body` over the bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    switch storage {
    case .data(let data): try data.withUnsafeBytes(body)
    case .array(let array): try array.withUnsafeBytes(body)
    }
  }
}

extension CodecInput {
  /// The whole input, memory-mapped for a file, to keep beyond one call.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` when it cannot be read.
  public func bytes() throws -> InputBytes {
    if case .bytes(let array, _) = source { return InputBytes(array) }
    return InputBytes(try loadData())
  }
}
