import TrackerPort

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's output to standard output.
enum StandardOutput {
  /// Writes `text` now.
  ///
  /// - Throws: ``CodecError`` `.io` when standard output cannot take it (disk full, closed),
  ///   so a truncated report never ends in exit status 0.
  static func write(_ text: String) throws {
    let writer = ByteWriter(descriptor: STDOUT_FILENO, capacity: 1 << 16)
    writer.write(text)
    try writer.flush()
  }

  static func line(_ text: String) throws { try write(text + "\n") }
}

/// Writes diagnostics and errors to standard error, apart from a command's output.
enum StandardError {
  static func line(_ text: String) {
    let writer = ByteWriter(descriptor: STDERR_FILENO, capacity: 1 << 12)
    writer.write(text + "\n")
    // Nowhere is left to report a failing standard error.
    try? writer.flush()
  }
}
