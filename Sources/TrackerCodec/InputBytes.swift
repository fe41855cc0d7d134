import Foundation

/// The bytes of an input, kept alive for as long as someone needs them: a file is
/// memory-mapped, so keeping it (a ``SourceLocator`` does, to find lines later) costs address
/// space, not a second copy in memory.
///
/// A reader that goes through a big mapped file once can hand back the pages behind it
/// (``releasePages(before:)``): the kernel drops them from the process's memory, and reads them
/// from the file again only if something looks there later (a locator placing a warning).
public final class InputBytes: @unchecked Sendable {
  // Immutable after init: a file this object mapped itself, data already read (standard
  // input), or an array already in memory (an archive member), kept as it is rather than copied.
  private enum Storage {
    case mapped(UnsafeRawBufferPointer)
    case data(Data)
    case array([UInt8])
  }

  private let storage: Storage

  init(_ data: Data) { storage = .data(data) }

  /// Bytes already in memory, kept without a copy.
  public init(_ bytes: [UInt8]) { storage = .array(bytes) }

  /// The regular file at `path` mapped read-only and private; `nil` when it cannot be mapped
  /// (not a regular file, empty, or the system refuses), for the caller to read it otherwise.
  init?(mapping path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size < Int.max / 2 else { return nil }
    let count = Int(info.st_size)
    guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
    storage = .mapped(UnsafeRawBufferPointer(start: base, count: count))
  }

  deinit {
    if case .mapped(let buffer) = storage, let base = buffer.baseAddress {
      munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
    }
  }

  /// How many bytes.
  public var count: Int {
    switch storage {
    case .mapped(let buffer): buffer.count
    case .data(let data): data.count
    case .array(let array): array.count
    }
  }

  /// Runs `body` over the bytes.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    switch storage {
    case .mapped(let buffer): try body(buffer)
    case .data(let data): try data.withUnsafeBytes(body)
    case .array(let array): try array.withUnsafeBytes(body)
    }
  }

  /// Tells the system the whole pages before `offset` are not needed now: for a mapped file
  /// they leave the process's resident memory (the file is unchanged, and a later look reads
  /// them again); for bytes in memory it does nothing. A reader calls it every few thousand
  /// items of a big file, so the file costs a window of pages instead of its size.
  ///
  /// Pages are handed back a megabyte at a time, each once: calling it often costs nothing.
  /// Not for use from two threads at once (a reader owns its input).
  public func releasePages(before offset: Int) {
    guard case .mapped(let buffer) = storage, let base = buffer.baseAddress else { return }
    let length = min(offset, buffer.count) / Self.pageSize * Self.pageSize
    guard length - released >= Self.releaseStep else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + released), length - released, MADV_DONTNEED)
    released = length
  }

  /// Hands back the whole pages inside `range` of a mapped file, whatever was handed back
  /// before (a second pass over the file reads its pages again); for bytes in memory it does
  /// nothing. See ``PassingPages``.
  func releasePages(in range: Range<Int>) {
    guard case .mapped(let buffer) = storage, let base = buffer.baseAddress else { return }
    let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
    let end = min(range.upperBound, buffer.count) / Self.pageSize * Self.pageSize
    guard end > start else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
  }

  /// How much of a mapped file's start has been handed back.
  private var released = 0
  private static let releaseStep = 1 << 20

  private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
}

extension CodecInput {
  /// The whole input, memory-mapped for a file, to keep beyond one call.
  ///
  /// - Throws: ``CodecError`` `.cannotReadInput` when it cannot be read.
  public func bytes() throws -> InputBytes {
    if case .bytes(let array, _) = source { return InputBytes(array) }
    if case .file(let path) = source {
      try checkReadableFile(path)
      if let mapped = InputBytes(mapping: path) { return mapped }
    }
    return InputBytes(try loadData())
  }
}

/// A pass that reads an input front to back (a locator's walk, the count of lines) and hands
/// the pages behind it back a megabyte at a time, so that a second look at a big file costs a
/// window of it, not its size again.
struct PassingPages {
  private let bytes: InputBytes?
  private var from: Int

  /// For a pass over `bytes` from `offset`; `nil` bytes release nothing.
  init(_ bytes: InputBytes?, from offset: Int = 0) {
    self.bytes = bytes
    from = offset
  }

  /// The same pages for another pass, starting at `offset`.
  func restarted(at offset: Int) -> PassingPages { PassingPages(bytes, from: offset) }

  /// The pass is at `offset`.
  @inline(__always)
  mutating func reached(_ offset: Int) {
    if offset &- from >= 1 << 20 { release(to: offset) }
  }

  private mutating func release(to offset: Int) {
    bytes?.releasePages(in: from..<offset)
    from = offset
  }
}
