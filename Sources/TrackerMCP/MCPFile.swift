import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes and stamp, read whole within a size limit.
struct MCPFile: Sendable {
  /// The bytes.
  var bytes: [UInt8]
  /// Device, inode, size and modification time: what tells that the file changed.
  var stamp: String

  /// Reads the regular file at `path`; `followLinks` false refuses a link at the last step (the
  /// path was checked by ``MCPFolders``). `what` names the file in errors.
  init(path: String, limit: Int, followLinks: Bool, what: String) throws(MCPToolError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
    guard fd >= 0 else {
      throw errno == ELOOP ? MCPToolError("symlink-refused", "\(what): is a symbolic link")
        : MCPToolError("cannot-read", "\(what): cannot be opened (\(String(cString: strerror(errno))))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw MCPToolError("not-a-file", "\(what): not a file (a folder package must be zipped first)")
    }
    guard Int(info.st_size) <= limit else {
      throw MCPToolError("too-large", "\(what): the file is larger than this server reads (\(limit) bytes)")
    }
    stamp = Self.stamp(info)
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    guard done == bytes.count else { throw MCPToolError("cannot-read", "\(what): it changed while it was read; try again") }
    self.bytes = bytes
  }

  /// The stamp of the file at `path` now, without reading it; `nil` when it is gone.
  static func stamp(of path: String) -> String? {
    var info = stat()
    return stat(path, &info) == 0 ? stamp(info) : nil
  }

  static func stamp(_ info: stat) -> String {
    #if canImport(Darwin)
    let time = info.st_mtimespec
    #else
    let time = info.st_mtim
    #endif
    return [UInt64(info.st_ino), UInt64(info.st_size), UInt64(time.tv_sec), UInt64(time.tv_nsec)]
      .map { String($0, radix: 36) }.joined(separator: "-")
  }
}
