import Foundation
import TrackerCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one plugin command: feeds its standard input and drains its standard output and error
/// at the same time (one `poll(2)` loop, so a large input or output never deadlocks on a full
/// pipe), under a time limit and an output cap.
///
/// The child runs in its own process group; on timeout or overflow the whole group is killed,
/// so a shell-script plugin's own children (`sleep`, `python3`) go too. The run ends when the
/// plugin has exited and its output is read (for at most a moment more: a child it left in the
/// background may hold the pipes open), and then the rest of the group is killed as well.
enum PluginProcess {
  /// What a finished (or stopped) run produced.
  struct Outcome {
    /// The exit status, when the process exited normally.
    var exitStatus: Int32?
    /// The signal that ended it, when one did.
    var signal: Int32?
    /// Everything written to standard output (up to the cap).
    var stdout: [UInt8]
    /// The end of what was written to standard error (the last ``stderrKept`` bytes).
    var stderr: [UInt8]
    /// The run was stopped at the time limit.
    var timedOut = false
    /// The run was stopped because standard output passed the cap.
    var outputTooLarge = false
  }

  /// How much of standard error is kept: its last bytes, which hold the fatal message.
  static let stderrKept = 256 * 1024

  /// Why the process could not be started at all.
  struct SpawnFailure: Error {
    var message: String
  }

  /// Runs `executable arguments...` with `input` on standard input; `fed`, when given, is told
  /// how many bytes of `input` the process has been given so far, after each write.
  ///
  /// - Throws: ``SpawnFailure`` when the process cannot be started (not executable, no
  ///   interpreter, no pipes).
  static func run(_ executable: String, _ arguments: [String], input: UnsafeRawBufferPointer,
                  environment: [String: String], limits: PluginLimits,
                  fed: ((Int) -> Void)? = nil) throws(SpawnFailure) -> Outcome {
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      guard let fds = makePipe() else {
        let reason = String(cString: strerror(errno))
        for p in pipes { close(p[0]); close(p[1]) }
        throw SpawnFailure(message: "cannot create a pipe: \(reason)")
      }
      pipes.append(fds)
    }
    let (stdinRead, stdinWrite) = (pipes[0][0], pipes[0][1])
    let (stdoutRead, stdoutWrite) = (pipes[1][0], pipes[1][1])
    let (stderrRead, stderrWrite) = (pipes[2][0], pipes[2][1])

    let pid: pid_t
    do {
      // Recorded, so that an interrupted run kills the plugin's group (TemporaryItems).
      pid = try TemporaryItems.spawn { () throws(SpawnFailure) in
        do throws(ChildProcess.SpawnError) {
          return try ChildProcess.spawn(executable, arguments, environment: environment,
                                        stdin: stdinRead, stdout: stdoutWrite, stderr: stderrWrite, group: .newProcessGroup)
        } catch {
          throw SpawnFailure(message: error.message)
        }
      }
    } catch {
      for p in pipes { close(p[0]); close(p[1]) }
      throw error
    }
    defer { TemporaryItems.reaped(pid) }
    close(stdinRead)
    close(stdoutWrite)
    close(stderrWrite)
    for fd in [stdinWrite, stdoutRead, stderrRead] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    // A plugin that stops reading early closes the pipe, and writing to it raises SIGPIPE,
    // which would kill the host. Ignoring SIGPIPE process-wide would also change how
    // `trackport ... - | head` ends (an EPIPE error instead of a quiet death), and restoring
    // the handler afterwards races with other threads. So SIGPIPE is blocked on this thread
    // only, which does all the writing to the plugin: the write fails with EPIPE, and the
    // SIGPIPE it leaves pending on this thread is consumed before the mask is restored. (This
    // is after the spawn: the child must not inherit the blocked signal.)
    let sigpipeGuard = SigpipeGuard()
    defer { sigpipeGuard.restore() }

    let deadline = ContinuousClock.now + .milliseconds(Int64(limits.timeout * 1000))
    var outcome = Outcome(stdout: [], stderr: [])
    var streams = Streams(stdin: stdinWrite, stdout: stdoutRead, stderr: stderrRead, input: input)
    streams.fed = fed
    // The run ends when standard output and error are closed, or shortly after the plugin
    // exits: a child it left running (`sleep 30 &` in a shell script) may hold the pipes open,
    // and waiting for their end would wait for it.
    var exited = false
    var graceEnd: ContinuousClock.Instant?
    while streams.isOpen {
      let now = ContinuousClock.now
      if let graceEnd, now >= graceEnd { break }
      let left = now.duration(to: deadline)
      if left <= .zero { outcome.timedOut = true; break }
      // Short polls, so that the plugin's exit is noticed while a leftover child keeps the
      // pipes quiet.
      let milliseconds = min(20, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      streams.pump(timeoutMilliseconds: Int32(milliseconds), into: &outcome)
      if outcome.stdout.count > limits.maximumOutput { outcome.outputTooLarge = true; break }
      if !exited && ChildProcess.hasExited(pid) {
        // What it wrote before exiting is in the pipes: read it, for a moment at most.
        exited = true
        graceEnd = ContinuousClock.now + .milliseconds(100)
        streams.closeInput()
      }
    }
    streams.closeAll()
    if outcome.timedOut || outcome.outputTooLarge {
      kill(-pid, SIGKILL)
    }
    if !exited && !ChildProcess.waitForExit(pid, until: deadline) {
      outcome.timedOut = true
      kill(-pid, SIGKILL)
    }
    // The plugin has ended but is not reaped yet, so its process group id cannot be reused:
    // whatever it left behind in the group goes now.
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return outcome }
    }
    if status & 0x7f == 0 {
      outcome.exitStatus = (status >> 8) & 0xff
    } else {
      outcome.signal = status & 0x7f
    }
    return outcome
  }

  /// A pipe whose ends are closed on exec: atomically (`pipe2`) where there is one, so a spawn
  /// on another thread cannot inherit them; `nil`, with `errno` set, when none can be made.
  private static func makePipe() -> [Int32]? {
    var fds: [Int32] = [-1, -1]
    #if os(Linux)
    if let pipe2 = linuxPipe2 {
      return pipe2(&fds, O_CLOEXEC) == 0 ? fds : nil
    }
    #endif
    // Darwin has no pipe2: there is a window between pipe and fcntl.
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return fds
  }

  #if os(Linux)
  /// glibc's and musl's `pipe2`. Swift's Glibc module declares it only under `_GNU_SOURCE`,
  /// which a package cannot set for it, so it is looked up by name.
  private static let linuxPipe2: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32)? = {
    guard let symbol = dlsym(nil, "pipe2") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32).self)
  }()
  #endif
}

/// Blocks SIGPIPE on the calling thread until ``restore()``, which consumes a SIGPIPE that
/// became pending meanwhile (one raised by a write to a closed pipe) and restores the mask.
private struct SigpipeGuard {
  private var previous = sigset_t()
  private var sigpipe = sigset_t()
  private var wasPending = false

  init() {
    sigemptyset(&sigpipe)
    sigaddset(&sigpipe, SIGPIPE)
    var pending = sigset_t()
    sigemptyset(&pending)
    sigpending(&pending)
    wasPending = sigismember(&pending, SIGPIPE) == 1
    pthread_sigmask(SIG_BLOCK, &sigpipe, &previous)
  }

  func restore() {
    var pending = sigset_t()
    sigemptyset(&pending)
    sigpending(&pending)
    if !wasPending && sigismember(&pending, SIGPIPE) == 1 {
      // It is pending, so this returns at once.
      var set = sigpipe, signal: Int32 = 0
      sigwait(&set, &signal)
    }
    var mask = previous
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }
}

/// The parent's ends of the three pipes, pumped together by `poll(2)`.
private struct Streams {
  var stdin: Int32
  var stdout: Int32
  var stderr: Int32
  let input: UnsafeRawBufferPointer
  var written = 0
  var buffer = [UInt8](repeating: 0, count: 65_536)
  /// Told `written` after each write to standard input.
  var fed: ((Int) -> Void)?

  init(stdin: Int32, stdout: Int32, stderr: Int32, input: UnsafeRawBufferPointer) {
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.input = input
    if input.isEmpty { closeInput() }
  }

  /// Standard output or error still has something to say (standard input alone does not
  /// keep the loop going: a plugin that exits without reading it is done).
  var isOpen: Bool { stdout >= 0 || stderr >= 0 }

  mutating func pump(timeoutMilliseconds: Int32, into outcome: inout PluginProcess.Outcome) {
    var fds: [pollfd] = []
    if stdin >= 0 { fds.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
    if stdout >= 0 { fds.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
    if stderr >= 0 { fds.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
    guard poll(&fds, nfds_t(fds.count), timeoutMilliseconds) > 0 else { return }
    for entry in fds where entry.revents != 0 {
      if entry.fd == stdin {
        writeInput()
      } else if entry.fd == stdout {
        if !read(stdout, into: &outcome.stdout, keepingLast: nil) { close(stdout); stdout = -1 }
      } else if entry.fd == stderr {
        if !read(stderr, into: &outcome.stderr, keepingLast: PluginProcess.stderrKept) { close(stderr); stderr = -1 }
      }
    }
  }

  /// Reads what is there; `false` at end of file or on an error.
  private mutating func read(_ fd: Int32, into bytes: inout [UInt8], keepingLast limit: Int?) -> Bool {
    let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EAGAIN || errno == EINTR }
    if count == 0 { return false }
    bytes.append(contentsOf: buffer[0..<count])
    if let limit, bytes.count > 2 * limit { bytes.removeFirst(bytes.count - limit) }
    return true
  }

  private mutating func writeInput() {
    let chunk = UnsafeRawBufferPointer(rebasing: input[written..<min(input.count, written + 65_536)])
    let count = systemWrite(stdin, chunk.baseAddress, chunk.count)
    if count > 0 {
      written += count
      fed?(written)
    }
    if (count < 0 && errno != EAGAIN && errno != EINTR) || written >= input.count { closeInput() }
  }

  mutating func closeInput() {
    if stdin >= 0 { close(stdin) }
    stdin = -1
  }

  mutating func closeAll() {
    closeInput()
    for fd in [stdout, stderr] where fd >= 0 { close(fd) }
    stdout = -1
    stderr = -1
  }
}

// `read` and `write` are shadowed by the methods above; these name the system calls.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
