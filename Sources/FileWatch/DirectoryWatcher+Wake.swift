extension DirectoryWatcher {
  /// Why ``DirectoryWatcher/next(quiet:timeout:)`` returned.
  public enum Wake: Equatable, Sendable {
    /// Something changed and then nothing for the quiet time: the absolute paths of what
    /// changed (written and closed, made, renamed to or from, deleted), sorted and each once.
    /// A watched path of ``DirectoryWatcher/init(paths:recursive:)`` itself appears when it
    /// vanished, came back or was replaced, and when the kernel's event queue overflowed:
    /// then rescan it, since what happened inside is not known.
    case changed([String])
    /// The timeout passed first. Changes seen but not yet quiet are kept for the next call.
    case timeout
    /// ``DirectoryWatcher/stop()`` was called; every later call returns this at once.
    case stopped
  }
}
