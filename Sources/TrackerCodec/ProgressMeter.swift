import Foundation

/// Counts how far a long read or write has gone, for a progress display.
///
/// Codecs advance it from their loops (every chunk or every few thousand items, never per byte);
/// a display on another thread takes ``snapshot()``s. The beginning and end of each phase are
/// also told to an observer (see ``observe(_:)``) on the working thread, so a display can draw
/// those moments even when they fall between its timed draws. A conversion without a display
/// passes no meter (`nil`), so the counting costs nothing then.
public final class ProgressMeter: @unchecked Sendable {
  /// The counts at one moment.
  public struct Snapshot: Sendable, Equatable {
    /// What is happening: `reading`, `writing`.
    public var phase: String
    /// The file being read or written, as the user named it.
    public var subject: String
    /// Bytes read or written so far.
    public var bytes: Int
    /// The whole size when known (a file being read), else `nil`.
    public var totalBytes: Int?
    /// Items (records, rows) done so far.
    public var items: Int
    /// Seconds since the phase began.
    public var elapsed: Double

    /// Counts as given (a display's tests make their own).
    public init(phase: String, subject: String, bytes: Int, totalBytes: Int?, items: Int, elapsed: Double) {
      self.phase = phase
      self.subject = subject
      self.bytes = bytes
      self.totalBytes = totalBytes
      self.items = items
      self.elapsed = elapsed
    }
  }

  private let lock = NSLock()
  private var current = Snapshot(phase: "", subject: "", bytes: 0, totalBytes: nil, items: 0, elapsed: 0)
  private var started = DispatchTime.now()
  private var observer: (@Sendable (Snapshot) -> Void)?

  /// A meter with no phase begun and no observer; pass it to a conversion to follow it.
  public init() {}

  /// Calls `observer` with the counts whenever a phase begins (``begin(_:subject:totalBytes:)``)
  /// and ends (``end()``), on the thread doing the work, after the counts are updated.
  public func observe(_ observer: @escaping @Sendable (Snapshot) -> Void) {
    lock.withLock { self.observer = observer }
  }

  /// Starts a phase: counts go back to zero.
  public func begin(_ phase: String, subject: String, totalBytes: Int? = nil) {
    lock.withLock {
      current = Snapshot(phase: phase, subject: subject, bytes: 0, totalBytes: totalBytes, items: 0, elapsed: 0)
      started = DispatchTime.now()
    }
    notify()
  }

  /// Ends the phase: all of a known size has been read. The item count stays as last told.
  public func end() {
    lock.withLock {
      if let total = current.totalBytes { current.bytes = total }
    }
    notify()
  }

  private func notify() {
    lock.lock()
    let observer = self.observer
    let now = unlockedSnapshot()
    lock.unlock()
    observer?(now)
  }

  /// Sets the position reached: bytes consumed of the input and items made so far (either may
  /// be left out). For readers, which know their offset.
  public func reached(bytes: Int? = nil, items: Int? = nil) {
    lock.withLock {
      if let bytes { current.bytes = bytes }
      if let items { current.items = items }
    }
  }

  /// Adds to the counts. For writers, which know what they just sent.
  public func add(bytes: Int = 0, items: Int = 0) {
    lock.withLock {
      current.bytes += bytes
      current.items += items
    }
  }

  /// The counts now, with the time since ``begin(_:subject:totalBytes:)``.
  public func snapshot() -> Snapshot {
    lock.withLock { unlockedSnapshot() }
  }

  private func unlockedSnapshot() -> Snapshot {
    var copy = current
    copy.elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    return copy
  }
}
