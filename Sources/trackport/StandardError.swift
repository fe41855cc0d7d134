#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's diagnostics and errors to standard error, apart from its output.
enum StandardError {
  static func write(_ text: String) { FileDescriptorText.write(text, to: STDERR_FILENO) }
  static func line(_ text: String) { write(text + "\n") }
}

/// Writes a command's output to standard output.
enum StandardOutput {
  static func write(_ text: String) { FileDescriptorText.write(text, to: STDOUT_FILENO) }
  static func line(_ text: String) { write(text + "\n") }
}

private enum FileDescriptorText {
  static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { buffer in
      guard var base = buffer.baseAddress else { return }
      var remaining = buffer.count
      while remaining > 0 {
        let n = Glibc_write(fd, base, remaining)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        remaining -= n
        base += n
      }
    }
  }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
