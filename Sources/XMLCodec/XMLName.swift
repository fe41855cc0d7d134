#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A name as libxml2 hands it over: NUL-terminated UTF-8 that lives as long as the
/// ``XMLCursor`` it came from. Names the cursor interned (``XMLCursor/intern(_:)``) and the
/// names of the nodes it reads share one dictionary, so equality is usually a pointer
/// comparison; it falls back to comparing bytes, never building a `String`.
struct XMLName: Equatable {
  let bytes: UnsafePointer<UInt8>

  @inline(__always)
  static func == (a: XMLName, b: XMLName) -> Bool {
    a.bytes == b.bytes
      || strcmp(UnsafeRawPointer(a.bytes).assumingMemoryBound(to: CChar.self),
                UnsafeRawPointer(b.bytes).assumingMemoryBound(to: CChar.self)) == 0
  }

  /// The name's bytes, without the terminating NUL.
  var buffer: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)))
  }

  /// A copy, for messages and extras.
  var string: String { String(decoding: buffer, as: UTF8.self) }

  /// A name no element or attribute has (it contains a space): what an interning that failed
  /// (memory ran out) stands for, so that it matches nothing.
  nonisolated(unsafe) static let never: XMLName = {
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
    bytes.initialize(from: Array(" ? \0".utf8), count: 4)
    return XMLName(bytes: UnsafePointer(bytes))
  }()
}
