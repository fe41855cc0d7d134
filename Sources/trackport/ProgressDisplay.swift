import Foundation
import TrackerPort

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a ``ProgressMeter`` as one line on standard error while a long command runs: the
/// phase, the file, a bar when the size is known, bytes and items done, and the rate.
///
/// Shown only when standard error is a terminal (and `TERM` is not `dumb`), never with
/// `--quiet`, and only once the work has taken longer than a moment (half a second, or
/// `TRACKPORT_PROGRESS_DELAY` seconds), so quick conversions print nothing extra. Once shown,
/// the line is redrawn every tenth of a second and at the start and end of each phase (so the
/// finished count of a phase is seen even when it took less than a tenth); with a delay of `0`
/// it is shown from the start. The line is erased when the work ends, before any diagnostics
/// are printed.
final class ProgressDisplay: @unchecked Sendable {
  /// The meter the command's codecs advance.
  let meter = ProgressMeter()
  private let stopping = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private let delay: Double
  /// Guards drawing, which happens on the display's thread (timed) and on the working thread
  /// (phase starts and ends), and the two flags below.
  private let drawing = NSLock()
  /// The delay has passed and the command has not finished: draws are wanted.
  private var shown = false
  /// Something is on the line and must be erased at the end.
  private var drawn = false
  /// The run was interrupted: the line is erased and never drawn again.
  private var abandoned = false

  private init(delay: Double) {
    self.delay = delay
    shown = delay == 0
  }

  /// A running display, or `nil` when progress must not be shown (not a terminal, `--quiet`).
  static func start(quiet: Bool) -> ProgressDisplay? {
    let environment = ProcessInfo.processInfo.environment
    guard !quiet, isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
    let delay = environment["TRACKPORT_PROGRESS_DELAY"].flatMap(Double.init) ?? 0.5
    let display = ProgressDisplay(delay: max(0, delay))
    display.meter.observe { [weak display] snapshot in display?.drawIfShown(snapshot) }
    let thread = Thread { display.loop() }
    thread.name = "progress"
    thread.start()
    return display
  }

  /// Stops drawing and erases the line; returns once the line is gone.
  func finish() {
    stopping.signal()
    stopped.wait()
  }

  /// Erases the line for good, from any thread, without waiting for the display's thread:
  /// for an interrupted run on its way out.
  func abandon() {
    drawing.withLock {
      if drawn { draw("") }
      drawn = false
      shown = false
      abandoned = true
    }
  }

  private func loop() {
    if delay == 0 || stopping.wait(timeout: .now() + delay) == .timedOut {
      drawing.withLock { shown = !abandoned }
      repeat {
        drawIfShown(nil)
      } while stopping.wait(timeout: .now() + 0.1) == .timedOut
    }
    drawing.withLock {
      if drawn { draw("") }
      shown = false
    }
    stopped.signal()
  }

  /// Draws `snapshot` (a phase's start or end, told by the meter), or for a timed draw (`nil`)
  /// the meter's counts now, read under the drawing lock so that a timed frame is never older
  /// than a phase's end drawn before it.
  private func drawIfShown(_ snapshot: ProgressMeter.Snapshot?) {
    drawing.withLock {
      guard shown else { return }
      let snapshot = snapshot ?? meter.snapshot()
      guard !snapshot.phase.isEmpty else { return }
      draw(ProgressDisplay.line(snapshot, width: ProgressDisplay.terminalWidth()))
      drawn = true
    }
  }

  /// Carriage return, the text, then erase to the end of the line.
  private func draw(_ text: String) {
    let writer = ByteWriter(descriptor: STDERR_FILENO, capacity: 512)
    writer.write("\r" + text + "\u{1B}[K")
    try? writer.flush()
  }

  private static func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  // MARK: - The line

  /// The progress line for a snapshot, at most `width - 1` characters:
  /// `reading big.json [=====>     ] 47% 69.1/147.0 MiB 874,496 items 12.3 MiB/s`.
  /// Without a known size the bar and percentage are left out; a long file name is shortened
  /// (keeping its end) before the bar is.
  static func line(_ s: ProgressMeter.Snapshot, width: Int) -> String {
    var parts: [String] = []
    let fraction = s.totalBytes.flatMap { $0 > 0 ? min(1, Double(s.bytes) / Double($0)) : nil }
    if let fraction, let total = s.totalBytes {
      parts.append(percent(fraction))
      parts.append(mebibytes(s.bytes, decimals: 1) + "/" + mebibytes(total, decimals: 1) + " MiB")
    } else {
      parts.append(mebibytes(s.bytes, decimals: 1) + " MiB")
    }
    if s.items > 0 { parts.append(grouped(s.items) + " " + (s.items == 1 ? "item" : "items")) }
    if s.elapsed > 0.05 { parts.append(mebibytes(Int(Double(s.bytes) / s.elapsed), decimals: 1) + " MiB/s") }
    let tail = parts.joined(separator: " ")
    var name = s.subject.split(separator: "/").last.map(String.init) ?? s.subject
    let barRoom = fraction == nil ? 0 : 12 + 3
    let nameRoom = width - 1 - s.phase.count - 1 - barRoom - 1 - tail.count
    if name.count > max(8, nameRoom) { name = "…" + name.suffix(max(8, nameRoom) - 1) }
    var line = s.phase + " " + name
    if let fraction {
      let barWidth = min(30, max(10, width - 1 - line.count - 4 - tail.count))
      let filled = Int(Double(barWidth) * fraction)
      line += " [" + String(repeating: "=", count: filled) + (filled < barWidth ? ">" : "")
        + String(repeating: " ", count: max(0, barWidth - filled - 1)) + "]"
    }
    line += " " + tail
    return line.count < width ? line : String(line.prefix(max(0, width - 1)))
  }

  /// `47%`.
  static func percent(_ fraction: Double) -> String {
    String(Int(fraction * 100)) + "%"
  }

  /// Bytes in MiB with `decimals` digits after the point, rounded down: `69.1`.
  static func mebibytes(_ bytes: Int, decimals: Int) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int(Double(bytes) / 1_048_576 * Double(scale))
    let whole = String(scaled / scale)
    guard decimals > 0 else { return whole }
    let fraction = String(scaled % scale)
    return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  /// A count with thousands separated by commas: `1,853,293`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
