import Foundation

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
    let argv = (["/bin/sh", "-c", script, "sh", directory.path, executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    var attributes: posix_spawnattr_t?
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    self.pid = pid
  }

  /// Sends `signal` to the process.
  public func send(_ signal: Int32) { kill(pid, signal) }

  /// Whether it has ended (without reaping it).
  public var hasEnded: Bool {
    var info = siginfo_t()
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo == SIGCHLD
  }

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
