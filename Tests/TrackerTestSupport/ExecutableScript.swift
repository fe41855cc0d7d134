import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` as the file at `path` with `mode` (executable by default) through a
/// close-on-exec descriptor.
///
/// Tests run in parallel and spawn processes: a write descriptor without O_CLOEXEC would be
/// inherited by another test's child (a `sleep 30` plugin, say) and keep the script busy
/// (ETXTBSY) for that child's whole life.
public func writeScript(_ text: String, to path: String, mode: mode_t = 0o755) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
  guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
    throw CocoaError(.fileWriteUnknown)
  }
  guard fchmod(fd, mode) == 0 else { throw CocoaError(.fileWriteUnknown) }
}
