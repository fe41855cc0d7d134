#if os(Linux)
import Glibc
import Synchronization
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for files to change in folders (and single files), with Linux's inotify: one call of
/// ``next(quiet:timeout:)`` returns once something changed and then nothing more for a quiet
/// time, so a file still being written, or a sync tool still bringing a batch, is reported
/// once, when it is done.
///
/// What counts as a change: a file written and closed or written to, an entry made, renamed
/// in or out, or deleted. Names a tool uses for a file not yet finished
/// (``isTemporaryName(_:)``: Syncthing's `.syncthing.NAME.tmp`, Nextcloud's `NAME.part`, every
/// hidden name) are never reported, and neither postpone the quiet time: the rename to the
/// final name is the change. Below a watched folder, changes inside hidden or temporary-named
/// subfolders (`.stversions`, `.git`) are not reported either; the named paths themselves may
/// have any name.
///
/// A named path may be missing, or be removed and made again: the watcher then watches the
/// nearest folder above that exists, watches the path again when it is back, and reports the
/// path itself, and every file it holds by then, as changed. A folder made inside a watched
/// folder is watched too (when `recursive`), and the files already in it are reported. When
/// the kernel's queue overflows (more than `fs.inotify.max_queued_events` unread events),
/// every named path is reported, meaning "rescan it".
///
/// ``stop()`` may be called from any thread, including one that handles signals; the watcher
/// is `Sendable`. Calls of ``next(quiet:timeout:)`` take turns: a second caller waits for the
/// first to return. On systems other than Linux the initializer throws (`ENOSYS`).
public final class DirectoryWatcher: Sendable {
  /// The watched paths: those given to the initializer, absolute, each once.
  public let paths: [String]
  /// Whether folders are watched with all their subfolders.
  public let recursive: Bool
  #if os(Linux)
  private let inotify: InotifyHandle
  private let state: Mutex<WatchState>
  #endif

  /// Starts watching `paths`: folders, or files (whose folder is watched for their name only).
  ///
  /// A relative path is taken from the working folder now; links are followed but changes are
  /// reported under the path given. A path that does not exist yet is watched for when it
  /// comes. Throws a ``FileWatchError`` when inotify cannot start (`max_user_instances`), a
  /// named path or the folder above a missing one may not be read, or there are more folders
  /// than the user's inotify watches (`max_user_watches`). A subfolder that may not be read is
  /// left out, not thrown.
  public init(paths: [String], recursive: Bool = true) throws {
    var unique: [String] = []
    for path in paths.map(WatchPath.absolute) where !unique.contains(path) { unique.append(path) }
    self.paths = unique
    self.recursive = recursive
    #if os(Linux)
    let handle = try InotifyHandle()
    var initial = WatchState(roots: unique, recursive: recursive)
    try initial.reconcile(handle, reporting: false, now: Self.now())
    inotify = handle
    state = Mutex(initial)
    #else
    throw FileWatchError(.start, path: nil, code: ENOSYS)
    #endif
  }

  /// Blocks until something changed and then nothing more for `quiet` seconds, `timeout`
  /// seconds passed (`nil`: no timeout), or ``stop()`` was called.
  ///
  /// The quiet time starts again at every change, so a file written every second with a
  /// quiet of two is reported once, two seconds after its last write. Changes that were not
  /// yet quiet when the timeout came are kept and reported by a later call, as are those seen
  /// before a throw. Nothing spins while it waits: one `poll` on inotify and the stop pipe.
  /// Throws a ``FileWatchError`` when a new folder cannot be watched (the user's inotify
  /// watches are used up) or the events cannot be read.
  public func next(quiet: Double, timeout: Double?) throws -> Wake {
    #if os(Linux)
    let quiet = quiet.isNaN ? 0 : max(0, quiet)
    let deadline = timeout.map { Self.now() + ($0.isNaN ? 0 : max(0, $0)) }
    if inotify.isStopped { return .stopped }
    return try state.withLock { state in
      while true {
        let now = Self.now()
        var until = deadline
        if let quietEnd = state.quietEnd(quiet) {
          if now >= quietEnd { return .changed(state.take()) }
          until = min(until ?? quietEnd, quietEnd)
        }
        if let deadline, now >= deadline { return .timeout }
        switch try inotify.wait(milliseconds: Self.milliseconds(from: now, to: until)) {
        case .stop: return .stopped
        case .events: try state.handle(try inotify.readEvents(), inotify, now: Self.now())
        case .nothing: continue
        }
      }
    }
    #else
    return .stopped
    #endif
  }

  /// Makes the ``next(quiet:timeout:)`` blocked now, and every later one, return `.stopped`
  /// at once. Safe from any thread and from a signal handler (it only writes one byte).
  public func stop() {
    #if os(Linux)
    inotify.signalStop()
    #endif
  }

  #if os(Linux)
  /// Seconds on the monotonic clock, which no change of the wall clock moves.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// `poll`'s timeout for waiting from `now` until `end`: rounded up, so a wait never ends
  /// before `end`; -1 (no end) for `nil`.
  private static func milliseconds(from now: Double, to end: Double?) -> Int32 {
    guard let end else { return -1 }
    return Int32(min(max(0, ((end - now) * 1000).rounded(.up)), Double(Int32.max)))
  }
  #endif
}
