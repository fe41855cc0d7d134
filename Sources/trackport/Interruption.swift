import Foundation
import TrackerPort

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP: the run stops, leaves nothing behind, says so in one
/// line and exits with the shell's status for the signal (130, 143, 129).
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely
/// do); a thread of its own reads it and does the work on the way out: plugins are killed and
/// every temporary removed (``TemporaryItems/interrupt()``, which also stops the working thread
/// from making or moving another), the progress line is erased, and the process ends with
/// `_exit`, so nothing half-done is flushed or put in place. A signal ignored when the tool
/// started (`nohup`) stays ignored.
enum Interruption {
  /// What the command writes, for the line said when it is interrupted.
  enum Output {
    /// Nothing (`validate`, `stats`): "interrupted".
    case none
    /// A file or package: "interrupted: nothing written".
    case file
    /// Standard output, which has part of the output: "interrupted: the output on standard
    /// output is incomplete".
    case standardOutput
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var output = Output.none
  nonisolated(unsafe) private static var display: ProgressDisplay?
  nonisolated(unsafe) private static var ending: (@Sendable (Int32) -> Void)?

  /// Installs the handlers; call once, before any work.
  static func install() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // The handler must never block: a full pipe (signals nobody reads any more) drops a byte.
    _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    interruptionPipe = fds[1]
    for number in [SIGINT, SIGTERM, SIGHUP] where !isIgnored(number) {
      _ = signal(number, onInterruptingSignal)
    }
    let reader = fds[0]
    let thread = Thread { waitForSignal(reader) }
    thread.name = "signals"
    thread.start()
  }

  /// Whether `number` was ignored when the tool started (`nohup`): then it stays ignored.
  private static func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    #if canImport(Glibc)
    let handler = current.__sigaction_handler.sa_handler
    #else
    let handler = current.__sigaction_u.__sa_handler
    #endif
    // SIG_IGN is the handler 1.
    return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
  }

  /// Says what the command is about to write (``Output``).
  static func writing(_ output: Output) {
    lock.withLock { self.output = output }
  }

  /// For a command that ends itself on a signal (`serve` lets the requests in flight finish):
  /// called on the signal thread with the signal instead of the default ending; a second
  /// signal still ends the tool at once.
  static func ending(_ body: @escaping @Sendable (Int32) -> Void) {
    lock.withLock { self.ending = body }
  }

  /// The progress line to erase when interrupted; `nil` once it is gone.
  static func showing(_ display: ProgressDisplay?) {
    lock.withLock { self.display = display }
  }

  private static func waitForSignal(_ fd: Int32) {
    var byte: UInt8 = 0
    while true {
      let count = read(fd, &byte, 1)
      if count == 1 { break }
      if count < 0 && errno == EINTR { continue }
      return
    }
    let received = Int32(byte)
    if let ending = lock.withLock({ self.ending }) {
      ending(received)
      return
    }
    let placed = TemporaryItems.interrupt()
    // Nothing is left to clean: a second Ctrl-C now ends the tool at once, whatever it waits on.
    for number in [SIGINT, SIGTERM, SIGHUP] where !isIgnored(number) { _ = signal(number, SIG_DFL) }
    let (output, display) = lock.withLock { (self.output, self.display) }
    // A terminal paused with Ctrl-S, or a pipe nobody reads, must not keep the tool from exiting.
    if canWriteStandardError() {
      display?.abandon()
      switch output {
      case .none: StandardError.line("interrupted")
      case .file where placed.isEmpty: StandardError.line("interrupted: nothing written")
      case .file: StandardError.line("interrupted after writing \(placed.joined(separator: ", "))")
      case .standardOutput: StandardError.line("interrupted: the output on standard output is incomplete")
      }
    }
    _exit(ExitStatus(interruptedBy: received).rawValue)
  }

  /// Whether standard error takes a write within a tenth of a second.
  private static func canWriteStandardError() -> Bool {
    var poller = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
    return poll(&poller, 1, 100) == 1 && poller.revents & Int16(POLLOUT) != 0
  }
}

/// The write end of the pipe the handler writes to; set once, before the handlers.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// Set by the first signal: a second one while the first is still being handled (the clean-up
/// stuck behind something) ends the tool at once.
nonisolated(unsafe) private var interruptionSeen: sig_atomic_t = 0

/// The signal handler: async-signal-safe, it only writes the signal's number to the pipe (and,
/// for a second signal, exits), keeping `errno` as it was.
private func onInterruptingSignal(_ signal: Int32) {
  if interruptionSeen != 0 { _exit(128 + signal) }
  interruptionSeen = 1
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(interruptionPipe, &byte, 1)
  errno = saved
}
