#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a ``DirectoryWatcher`` could not start, watch a folder or read its events.
///
/// Thrown by `DirectoryWatcher.init` and `next(quiet:timeout:)`, never for a file or folder
/// that vanishes while it is looked at (that is a change, not a failure). The two limits a
/// user can raise are named in ``description``: `fs.inotify.max_user_instances` (too many
/// watchers) and `fs.inotify.max_user_watches` (too many folders).
public struct FileWatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done.
  public enum Operation: String, Sendable {
    /// Opening inotify and the stop pipe (`inotify_init1`, `pipe`).
    case start
    /// Adding a folder's watch (`inotify_add_watch`).
    case watch
    /// Reading or waiting for events (`read`, `poll`).
    case read
  }

  /// What was being done.
  public let operation: Operation
  /// The folder whose watch failed, absolute; `nil` when no one path was concerned.
  public let path: String?
  /// The `errno` the system call left.
  public let code: Int32

  /// Makes an error from an `errno` value.
  public init(_ operation: Operation, path: String?, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// The system's text for ``code`` (`strerror`), e.g. "No space left on device".
  public var reason: String { String(cString: strerror(code)) }

  /// One line: what failed, on which path, the system's reason and, for the two inotify
  /// limits, the setting that raises them.
  public var description: String {
    let what: String
    switch operation {
    case .start: what = "cannot start watching files"
    case .watch: what = "cannot watch \(path ?? "a folder")"
    case .read: what = "cannot read file events"
    }
    var hint = ""
    if operation == .start && code == EMFILE {
      hint = " (the inotify instances of this user, sysctl fs.inotify.max_user_instances, may be used up)"
    } else if operation == .watch && code == ENOSPC {
      hint = " (the inotify watches of this user, sysctl fs.inotify.max_user_watches, are used up)"
    } else if code == ENOSYS {
      hint = " (file watching needs Linux's inotify)"
    }
    return "\(what): \(reason)\(hint)"
  }
}
