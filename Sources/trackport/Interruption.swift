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

  /// Installs the handlers; call once, before any work.
  static func install() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    interruptionPipe = fds[1]
    for number in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(number, onInterruptingSignal)
      // SIG_IGN is the handler 1: whoever started the tool wants that signal ignored.
      if let previous, unsafeBitCast(previous, to: Int.self) == 1 { _ = signal(number, previous) }
    }
    let reader = fds[0]
    let thread = Thread { waitForSignal(reader) }
    thread.name = "signals"
    thread.start()
  }

  /// Says what the command is about to write (``Output``).
  static func writing(_ output: Output) {
    lock.withLock { self.output = output }
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
    let signal = Int32(byte)
    let placed = TemporaryItems.interrupt()
    let (output, display) = lock.withLock { (self.output, self.display) }
    display?.abandon()
    switch output {
    case .none: StandardError.line("interrupted")
    case .file where placed.isEmpty: StandardError.line("interrupted: nothing written")
    case .file: StandardError.line("interrupted after writing \(placed.joined(separator: ", "))")
    case .standardOutput: StandardError.line("interrupted: the output on standard output is incomplete")
    }
    _exit(ExitStatus(interruptedBy: signal).rawValue)
  }
}

/// The write end of the pipe the handler writes to; set once, before the handlers.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// The signal handler: async-signal-safe, it only writes the signal's number to the pipe.
private func onInterruptingSignal(_ signal: Int32) {
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(interruptionPipe, &byte, 1)
}
