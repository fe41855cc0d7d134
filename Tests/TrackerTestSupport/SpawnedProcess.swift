import Foundation
import TrackerCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process started as a terminal starts one: every signal's handling at its default.
///
/// Foundation's `Process` passes on the signals its parent ignores, and a test runner started
/// in the background ignores SIGINT, which would make a Ctrl-C test pass or fail by how the
/// tests were started. Standard input, output and error are files given by descriptor.
public struct SpawnedProcess {
  /// The child's process id.
  public let pid: pid_t

  /// Starts `executable arguments...` in `directory` with `environment` added to the test's,
  /// its standard streams on the given descriptors (which the caller closes).
  public init(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
       stdin: Int32, stdout: Int32, stderr: Int32) throws {
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    // posix_spawn has no working-directory action on every libc: run through `cd` in sh.
    let script = "cd \"$1\" && shift && exec \"$@\""
    let pid: pid_t
    do throws(ChildProcess.SpawnError) {
      pid = try ChildProcess.spawn("/bin/sh", ["-c", script, "sh", directory.path, executable] + arguments,
                                   environment: merged, stdin: stdin, stdout: stdout, stderr: stderr,
                                   group: .parent, allSignalsDefault: true)
    } catch {
      throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EINVAL)
    }
    self.pid = pid
  }

  /// Sends `signal` to the process.
  public func send(_ signal: Int32) { kill(pid, signal) }

  /// Whether it has ended (without reaping it).
  public var hasEnded: Bool { ChildProcess.hasExited(pid) }

  /// Waits for the end: the exit status, or 128 + the signal that killed it (as a shell says).
  public func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// Polls `condition` every 5 ms until it holds (true) or `seconds` pass or the process ends
  /// (false).
  public func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      if hasEnded { return condition() }
      usleep(5_000)
    }
    return false
  }
}
