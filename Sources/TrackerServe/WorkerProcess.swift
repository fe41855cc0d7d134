import Foundation
import TrackerPort

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One conversion in a worker process: starts the ``WorkerCommand`` in a session of its own with
/// a private temporary folder as `TMPDIR`, hands it the request on standard input, reads its
/// answer from standard output, and stops it — the worker and everything it started — at the
/// time limit.
///
/// The run blocks its thread until the worker has exited and is reaped, so a caller that frees a
/// conversion slot after it frees the slot only when the work is really gone. The private folder
/// is removed after that, whatever the end. The worker's standard error goes to `/dev/null`: what
/// a crashing program says may quote the file, and the server logs nothing of a file.
enum WorkerProcess {
  /// How a run ended.
  enum End: Equatable {
    /// The worker exited 0 after writing these bytes.
    case answered([UInt8])
    /// The time limit passed; the worker and its session were killed, and the worker was reaped
    /// this many seconds after it was started.
    case timedOut(gone: Double)
    /// The worker wrote more than the server takes; it was killed.
    case tooMuchOutput
    /// The worker exited with this status (not 0), or wrote nothing.
    case exited(Int32)
    /// A signal ended the worker (a crash, or the kernel's OOM killer).
    case signalled(Int32)
    /// No worker could be started (or no pipe or folder made); the reason, for the log.
    case notStarted(String)
    /// The server is stopping: the worker was killed.
    case stopped
  }

  /// Runs `command` with `request` on its standard input for at most `seconds`; `pool` knows the
  /// worker while it runs (``WorkerPool/stopAll()`` kills it); past `maximumOutput` bytes of
  /// answer the worker is killed.
  static func run(_ command: WorkerCommand, request: [UInt8], seconds: Double, pool: WorkerPool,
                  maximumOutput: Int = 1 << 30) -> End {
    let begun = DispatchTime.now().uptimeNanoseconds
    let deadline = begun + UInt64(max(0, seconds) * 1e9)
    guard let folder = PrivateTemporaryFolder(in: command.temporaryParent) else {
      return .notStarted("no private temporary folder could be made: \(String(cString: strerror(errno)))")
    }
    defer { folder.remove() }
    // One socket pair is the worker's standard input and output: the server writes the request
    // with MSG_NOSIGNAL (a worker that died early is an EPIPE, never a SIGPIPE that would kill
    // the server) and shuts its sending side down, which is the worker's end of input.
    var pair: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, WorkerProcess.streamType, 0, &pair) == 0 else {
      return .notStarted("no socket pair: \(String(cString: strerror(errno)))")
    }
    let (ours, theirs) = (pair[0], pair[1])
    for fd in pair { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    var environment = command.environment
    environment["TMPDIR"] = folder.path
    // A crash ends at once instead of symbolicating for seconds with the slot held.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let spawned = pool.spawn(folder: folder.path) {
      // Recorded in TemporaryItems too, so that the tool's own way out on a second Ctrl-C
      // (Interruption) kills the worker's group and removes its folder.
      Result { () throws(SpawnFailure) in
        try TemporaryItems.spawn { () throws(SpawnFailure) in
          // The server's sockets (the listening socket, every client's connection; NIO opens
          // them close-on-exec, but a descriptor that is not would leak) must not live on in a
          // worker, or in the plugins it starts: a connection the server closes would stay
          // open until the worker ends.
          do throws(ChildProcess.SpawnError) {
            return try ChildProcess.spawn(command.executable, command.arguments, environment: environment,
                                          stdin: theirs, stdout: theirs, stderr: null >= 0 ? null : theirs,
                                          group: .newSession, closeOtherDescriptors: true)
          } catch {
            throw SpawnFailure(end: .notStarted(error.message))
          }
        }
      }
    }
    close(theirs)
    if null >= 0 { close(null) }
    guard case .success(let pid) = spawned else {
      close(ours)
      if case .failure(let failure) = spawned { return failure.end }
      return .notStarted("the worker was not started")
    }
    _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)

    var written = 0
    var sending = true
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var readable = true
    var end: End?
    var exited = false
    var graceEnd: UInt64?
    while readable || !exited {
      let now = DispatchTime.now().uptimeNanoseconds
      if pool.isStopping { end = .stopped; break }
      if now >= deadline { end = .timedOut(gone: 0); break }
      if let graceEnd, now >= graceEnd { break }
      // Short polls, so that the worker's exit is noticed while something it started keeps the
      // socket open.
      var fds = [pollfd(fd: ours, events: Int16((sending ? POLLOUT : 0) | (readable ? POLLIN : 0)), revents: 0)]
      let wait = Int32(min(20, (deadline - now) / 1_000_000 + 1))
      if readable || sending, poll(&fds, 1, wait) > 0 {
        if sending, fds[0].revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
          let count = request.withUnsafeBytes { all in
            send(ours, all.baseAddress.map { $0 + written }, min(all.count - written, 65_536), WorkerProcess.noSignal)
          }
          if count > 0 { written += count }
          if (count < 0 && errno != EAGAIN && errno != EINTR) || written >= request.count {
            sending = false
            shutdown(ours, Int32(SHUT_WR))
          }
        }
        if readable, fds[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
          let count = buffer.withUnsafeMutableBytes { recv(ours, $0.baseAddress, $0.count, 0) }
          if count > 0 {
            output.append(contentsOf: buffer[0..<count])
            if output.count > maximumOutput { end = .tooMuchOutput; break }
          } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            readable = false
          }
        }
      } else if !readable && !sending {
        usleep(2_000)
      }
      if !exited && ChildProcess.hasExited(pid) {
        exited = true
        // What it wrote before exiting is in the socket: read it, for a moment at most.
        graceEnd = DispatchTime.now().uptimeNanoseconds + 100_000_000
      }
    }
    close(ours)
    // Until it is reaped, the worker's id (its session's and group's id) cannot be reused: kill
    // it and what is left in its session, unless it ended well, then reap it. (The loop ends
    // without an `end` only once the worker has exited.)
    if end != nil || ChildProcess.exitStatus(pid) != 0 { Self.killSession(pid) }
    pool.forget(pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    TemporaryItems.reaped(pid)
    if case .timedOut? = end {
      return .timedOut(gone: Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e9)
    }
    if let end { return end }
    if status & 0x7F != 0 { return .signalled(status & 0x7F) }
    let code = (status >> 8) & 0xFF
    return code == 0 && !output.isEmpty ? .answered(output) : .exited(code)
  }

  /// Why a spawn failed, as the run's end.
  struct SpawnFailure: Error {
    var end: End
  }

  #if os(Linux)
  static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
  static let noSignal = Int32(MSG_NOSIGNAL)
  #else
  static let streamType = SOCK_STREAM
  static let noSignal: Int32 = 0
  #endif

  /// Kills the worker's process group and every process left in its session — a codec plugin
  /// the worker started runs in a process group of its own, and would outlive the worker —
  /// a few passes, so that a process started meanwhile goes too. Linux reads the session from
  /// `/proc`; elsewhere only the worker's group is killed.
  static func killSession(_ session: Int32) {
    guard session > 1 else { return }
    kill(-session, SIGKILL)
    #if os(Linux)
    for _ in 0..<5 {
      let living = sessionMembers(session)
      if living.isEmpty { return }
      for pid in living where pid != session && pid != getpid() { kill(pid, SIGKILL) }
      usleep(1_000)
    }
    #endif
  }

  #if os(Linux)
  /// The processes of `session` that have not ended (zombies hold nothing and are left out).
  static func sessionMembers(_ session: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var members: [Int32] = []
    for entry in entries {
      guard let pid = Int32(entry), let fields = processStat(pid) else { continue }
      if fields.session == session && fields.state != "Z" && fields.state != "X" { members.append(pid) }
    }
    return members
  }

  /// A process's state letter and session id from `/proc/PID/stat` (its name, in parentheses,
  /// may hold spaces and parentheses: the fields are read after the last `)`).
  static func processStat(_ pid: Int32) -> (state: Character, session: Int32)? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 1_024)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0, let close = bytes[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = String(decoding: bytes[(close + 1)..<count], as: UTF8.self).split(separator: " ")
    // state ppid pgrp session ...
    guard fields.count > 3, let state = fields[0].first, let session = Int32(fields[3]) else { return nil }
    return (state, session)
  }
  #endif
}

/// A folder of mode 0700 made for one worker, its `TMPDIR`.
struct PrivateTemporaryFolder {
  let path: String

  /// A new `trackport-worker-XXXXXX` folder in `parent`; `nil`, with `errno` set, when none
  /// can be made.
  init?(in parent: String) {
    var template = Array((parent.hasSuffix("/") ? parent : parent + "/").appending("trackport-worker-XXXXXX").utf8CString)
    // Recorded (TemporaryItems), so that an interrupted server removes it too.
    guard let made = TemporaryItems.create({ mkdtemp(&template).map { String(cString: $0) } }) else { return nil }
    path = made
  }

  /// Removes the folder with what the worker left in it.
  func remove() { TemporaryItems.remove(path) }
}
