#if os(Linux)
import Glibc

/// One inotify instance and the pipe that wakes its poll to stop, opened and closed together
/// (no C type leaves this file but the descriptors' numbers).
///
/// The pipe, not an eventfd: Swift's Glibc module has no `eventfd` (nor `pipe2`), so its ends
/// are made close-on-exec just after `pipe` — a hub run that starts a codec plugin in that
/// instant would hand it the two ends, which it never reads.
final class InotifyHandle: Sendable {
  /// One event as the kernel queued it: the watch, the mask, and the name inside the watched
  /// folder (empty for an event on the folder itself).
  struct Event {
    let watch: Int32
    let mask: UInt32
    let name: String
  }

  /// What `wait` saw.
  enum Readiness { case stop, events, nothing }

  /// Every event a watched folder reports: writes closed, entries made, renamed in or out,
  /// deleted, written (so a file kept open while written still postpones the quiet time), and
  /// the folder's own removal or move. `IN_EXCL_UNLINK`: nothing more about a deleted entry.
  private static let folderEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
    | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)
  /// The most a `readEvents` call reads before it returns (poll says when more is waiting).
  private static let readLimit = 4 << 20
  private static let bufferSize = 64 << 10

  private let inotify: Int32
  private let stopRead: Int32
  private let stopWrite: Int32

  init() throws {
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { throw FileWatchError(.start, path: nil, code: errno) }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      let code = errno
      close(fd)
      throw FileWatchError(.start, path: nil, code: code)
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    inotify = fd
    stopRead = ends[0]
    stopWrite = ends[1]
  }

  deinit {
    close(inotify)
    close(stopRead)
    close(stopWrite)
  }

  /// Adds the watch of a folder, or finds the one its inode already has (the kernel gives one
  /// watch per inode and instance); `nil` when the path is gone or is not a folder.
  /// - Parameter followLinks: whether a symbolic link at `path` is followed (the paths a user
  ///   named are; links met inside a watched tree are not, so a link cannot make a loop).
  func watch(_ path: String, followLinks: Bool) throws -> Int32? {
    let mask = Self.folderEvents | (followLinks ? 0 : UInt32(IN_DONT_FOLLOW))
    let wd = inotify_add_watch(inotify, path, mask)
    if wd >= 0 { return wd }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return nil }
    throw FileWatchError(.watch, path: path, code: code)
  }

  /// Drops a watch; one the kernel dropped already (its folder deleted) is no error.
  func unwatch(_ wd: Int32) {
    _ = inotify_rm_watch(inotify, wd)
  }

  /// Makes every wait from now on return `.stop`: one byte into the pipe, never read back.
  /// Only `write(2)`, which is async-signal-safe; a full pipe (64 KiB of stops) is stopped too.
  func signalStop() {
    var byte: UInt8 = 1
    _ = write(stopWrite, &byte, 1)
  }

  /// Blocks until events are queued, stop was signalled, or `milliseconds` pass (-1: no end).
  /// A signal interrupting the wait returns `.nothing`, so the caller's clock decides.
  func wait(milliseconds: Int32) throws -> Readiness {
    var fds = [pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
               pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
    let ready = poll(&fds, 2, milliseconds)
    if ready < 0 {
      let code = errno
      if code == EINTR { return .nothing }
      throw FileWatchError(.read, path: nil, code: code)
    }
    if fds[0].revents != 0 { return .stop }
    if fds[1].revents & Int16(POLLIN) != 0 { return .events }
    if fds[1].revents != 0 { throw FileWatchError(.read, path: nil, code: EIO) }
    return .nothing
  }

  /// Whether stop was signalled, without waiting.
  var isStopped: Bool {
    var fd = pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) > 0
  }

  /// Reads the events queued now (up to 4 MiB of them; the rest stay queued for the next call).
  func readEvents() throws -> [Event] {
    var events: [Event] = []
    var buffer = [UInt8](repeating: 0, count: Self.bufferSize)
    var total = 0
    while total < Self.readLimit {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { break }
        throw FileWatchError(.read, path: nil, code: code)
      }
      if count == 0 { break }
      total += count
      buffer.withUnsafeBytes { Self.parse($0.prefix(count), into: &events) }
    }
    return events
  }

  /// `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }`, repeated;
  /// `name` is NUL-padded. The kernel never splits an event across reads.
  private static func parse(_ bytes: Slice<UnsafeRawBufferPointer>, into events: inout [Event]) {
    let base = UnsafeRawBufferPointer(rebasing: bytes)
    let header = MemoryLayout<inotify_event>.size
    var offset = 0
    while offset + header <= base.count {
      let wd = base.loadUnaligned(fromByteOffset: offset, as: Int32.self)
      let mask = base.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
      let length = Int(base.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
      let nameStart = offset + header
      guard nameStart + length <= base.count else { break }
      let nameBytes = base[nameStart..<(nameStart + length)]
      let end = nameBytes.firstIndex(of: 0) ?? nameBytes.endIndex
      events.append(Event(watch: wd, mask: mask, name: String(decoding: base[nameStart..<end], as: UTF8.self)))
      offset = nameStart + length
    }
  }
}
#endif
