#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting and watching child processes with `posix_spawn`: the one place the plugin host,
/// `serve`'s conversion workers and the tests start programs.
///
/// Foundation's `Process` is not used: it passes on the signals its parent ignores and blocks
/// (a host that ignores SIGPIPE, a test runner started in the background that ignores SIGINT),
/// cannot start a child in a new process group or session, and leaves descriptors without
/// close-on-exec to the child.
package enum ChildProcess {
  /// The process group a child starts in.
  package enum Group: Sendable {
    /// The parent's.
    case parent
    /// A new process group led by the child, so that `kill(-pid, …)` reaches whatever it starts.
    case newProcessGroup
    /// A new session led by the child (so a new process group too), which a process group
    /// started further down stays in.
    case newSession
  }

  /// Why a child could not be started, in a sentence that names the program.
  package struct SpawnError: Error, Sendable {
    /// `posix_spawn`'s error number.
    package var code: Int32
    /// "cannot run PROGRAM: REASON".
    package var message: String
  }

  /// Starts `executable arguments...` with `environment` as its whole environment and the
  /// given descriptors as its standard input, output and error (the caller closes its copies).
  ///
  /// The child starts with no blocked signal and with SIGPIPE (or, with `allSignalsDefault`,
  /// every signal) at its default handling, as a shell would start it. `closeOtherDescriptors`
  /// closes every descriptor above 2 in the child, including those opened without
  /// close-on-exec (a library's sockets or files); it needs glibc 2.34 and is a no-op elsewhere. A spawn
  /// that fails with ETXTBSY (the file was just written and another thread's child still holds
  /// it open between its fork and exec) is retried for up to 200 ms.
  ///
  /// - Returns: the child's process id; the caller reaps it.
  package static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                            stdin: Int32, stdout: Int32, stderr: Int32, group: Group,
                            allSignalsDefault: Bool = false,
                            closeOtherDescriptors: Bool = false) throws(SpawnError) -> pid_t {
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
    #if os(Linux)
    if closeOtherDescriptors, let closeFrom = linuxAddCloseFrom {
      _ = closeFrom(&actions, 3)
    }
    #endif

    var defaults = sigset_t()
    if allSignalsDefault {
      sigfillset(&defaults)
    } else {
      sigemptyset(&defaults)
      sigaddset(&defaults, SIGPIPE)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
    switch group {
    case .parent: break
    case .newProcessGroup:
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
    case .newSession:
      flags |= setSession
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var pid: pid_t = 0
    var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    for _ in 0..<20 where result == ETXTBSY {
      usleep(10_000)
      result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }
    guard result == 0 else {
      throw SpawnError(code: result, message: "cannot run \(executable): \(String(cString: strerror(result)))")
    }
    return pid
  }

  /// Whether `pid` has ended, without reaping it (so its id, and its group's and session's,
  /// stay taken and cannot name another process).
  package static func hasExited(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
    // With WNOHANG and no change, the structure is left zeroed.
    return result == 0 && info.si_signo == SIGCHLD || (result < 0 && errno == ECHILD)
  }

  /// The exit status of an ended, unreaped `pid`; `nil` while it runs or when a signal ended it.
  package static func exitStatus(_ pid: pid_t) -> Int32? {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.si_signo == SIGCHLD,
          info.si_code == CLD_EXITED else { return nil }
    #if os(Linux)
    return info._sifields._sigchld.si_status
    #else
    return info.si_status
    #endif
  }

  /// Polls every 5 ms until `pid` has ended (without reaping it) or `deadline` passes; whether
  /// it ended.
  package static func waitForExit(_ pid: pid_t, until deadline: ContinuousClock.Instant) -> Bool {
    while true {
      if hasExited(pid) { return true }
      if ContinuousClock.now >= deadline { return false }
      usleep(5_000)
    }
  }

  #if os(Linux)
  /// glibc's POSIX_SPAWN_SETSID (since 2.26), which Swift's Glibc module does not show.
  private static let setSession: Int32 = 0x80
  #else
  private static let setSession = Int32(POSIX_SPAWN_SETSID)
  #endif

  #if os(Linux)
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up by name:
  /// the Glibc module does not show it.
  private static let linuxAddCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
  }()
  #endif
}
