#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer of UTF-8 bytes to a file descriptor, for codecs that write as they go.
///
/// Writes are collected in a 1 MiB buffer and sent with `write(2)`; nothing is formatted through
/// Foundation. Errors are remembered and thrown by ``flush()``, so a writer loop stays simple.
public final class ByteWriter {
  private let descriptor: Int32
  private let memory: MemoryOutput?
  private var buffer: [UInt8] = []
  private let capacity: Int
  private var failure: Int32 = 0
  /// Bytes handed to the writer so far.
  public private(set) var bytesWritten = 0
  /// Told the bytes of every buffer sent, and the items counted with ``countItems(_:)``, for a
  /// progress display.
  public var progress: ProgressMeter?
  /// Items counted since the meter was last told.
  private var pendingItems = 0

  /// A writer to an open file descriptor (which it does not close).
  public init(descriptor: Int32, capacity: Int = 1 << 20) {
    self.descriptor = descriptor
    self.memory = nil
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  init(memory: MemoryOutput, capacity: Int = 1 << 16) {
    self.descriptor = -1
    self.memory = memory
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  /// Appends a string's UTF-8 bytes.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Appends raw bytes.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    bytesWritten += bytes.count
    if buffer.count + bytes.count > capacity { drain() }
    if bytes.count >= capacity {
      send(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Appends one byte.
  public func write(byte: UInt8) {
    bytesWritten += 1
    if buffer.count >= capacity { drain() }
    buffer.append(byte)
  }

  /// Appends bytes from an array.
  public func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Counts items (records, rows, components) the codec has written: the meter hears of them
  /// with the next buffer sent, so counting costs no lock per item.
  @inline(__always)
  public func countItems(_ count: Int = 1) {
    pendingItems += count
  }

  /// Sends everything buffered, then throws if any write failed.
  public func flush() throws {
    drain()
    if pendingItems > 0 {
      progress?.add(items: pendingItems)
      pendingItems = 0
    }
    if failure != 0 {
      throw CodecError(.io, "write failed: \(String(cString: strerror(failure)))")
    }
  }

  private func drain() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { send($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func send(_ bytes: UnsafeRawBufferPointer) {
    progress?.add(bytes: bytes.count, items: pendingItems)
    pendingItems = 0
    if let memory {
      memory.bytes.append(contentsOf: bytes)
      return
    }
    guard failure == 0, var base = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let n = Glibc_write(descriptor, base, remaining)
      if n < 0 {
        if errno == EINTR { continue }
        failure = errno
        return
      }
      remaining -= n
      base += n
    }
  }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
