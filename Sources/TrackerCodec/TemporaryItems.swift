import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run has made that must not outlive it: temporary files and folders not yet put in
/// place or removed, and the process groups of codec plugins still running.
///
/// An interrupted run (Ctrl-C, SIGTERM, SIGHUP) calls ``interrupt()`` from the thread that
/// waits for signals; it stops the plugins, removes every temporary and returns, and the tool
/// exits. Making, putting in place and removing a temporary all happen under one lock, and
/// ``interrupt()`` never releases it: a working thread that tries to make or move a temporary
/// after that waits until the process exits, so nothing can appear after the clean-up and no
/// output is put in place half-way. A temporary is recorded in the same locked step that
/// creates it, so there is no moment when one exists unrecorded.
///
/// Files made inside a recorded folder (a package's members, SQLite's files in a scratch
/// folder) need no record of their own: the folder goes with everything in it, and once it is
/// gone nothing can be created in it.
package enum TemporaryItems {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var paths: Set<String> = []
  nonisolated(unsafe) private static var groups: Set<Int32> = []
  nonisolated(unsafe) private static var placed: [String] = []

  /// Runs `create` under the lock, which makes a temporary file or folder and returns its path
  /// (or `nil` on failure, with `errno` set, which is kept for the caller); a path returned is
  /// recorded until ``remove(_:)`` or ``putInPlace(_:as:leaving:_:)`` forgets it.
  package static func create(_ create: () -> String?) -> String? {
    lock.lock()
    let path = create()
    let error = errno
    if let path { paths.insert(path) }
    lock.unlock()
    errno = error
    return path
  }

  /// Removes `path` (a file, or a folder with everything in it) and forgets it. Removal is
  /// best effort: a temporary that is already gone is fine.
  package static func remove(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    removeFromDisk(path)
    paths.remove(path)
  }

  /// Runs `move`, which puts the finished temporary `temporary` in place as `output` (a rename
  /// or link), under the lock, so an interruption sees either the temporary (and removes it) or
  /// the finished output, never a step between. On success `temporary` is forgotten and the
  /// paths in `leaving` that exist (an old output moved aside, to be removed next) are recorded
  /// instead; on a throw nothing changes.
  package static func putInPlace(_ temporary: String, as output: String, leaving: [String] = [],
                                _ move: () throws -> Void) throws {
    lock.lock()
    defer { lock.unlock() }
    try move()
    paths.remove(temporary)
    placed.append(output)
    for path in leaving where access(path, F_OK) == 0 { paths.insert(path) }
  }

  /// Runs `spawn` under the lock, which starts a process in a process group of its own and
  /// returns its id; the group is killed by ``interrupt()`` until ``reaped(_:)``.
  package static func spawn<E: Error>(_ spawn: () throws(E) -> Int32) throws(E) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    let pid = try spawn()
    groups.insert(pid)
    return pid
  }

  /// Forgets a process group once its leader has been reaped (its id can then be reused).
  package static func reaped(_ pid: Int32) {
    lock.lock()
    groups.remove(pid)
    lock.unlock()
  }

  /// Kills every recorded process group, removes every recorded temporary, and keeps the lock
  /// for good, so nothing new is made or moved; returns the outputs already put in place by
  /// this run. Call only on the way out of the process.
  package static func interrupt() -> [String] {
    lock.lock()
    for pid in groups { kill(-pid, SIGKILL) }
    for path in paths { removeFromDisk(path) }
    paths.removeAll()
    return placed
  }

  /// Removes a file or a folder tree. A folder is tried again a few times, since a thread still
  /// writing members may add one between listing the folder and removing it.
  private static func removeFromDisk(_ path: String) {
    var info = stat()
    for _ in 0..<100 {
      guard lstat(path, &info) == 0 else { return }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        try? FileManager.default.removeItem(atPath: path)
      } else {
        unlink(path)
      }
    }
  }
}
