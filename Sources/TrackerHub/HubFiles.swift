import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hub's own file writes: each whole or not at all (a temporary file beside the target,
/// flushed to disk, renamed over it, the folder flushed), so a crash or a full disk never leaves
/// half a history, half a journal entry or half an output.
enum HubFiles {
  /// Writes `bytes` to `path` atomically; `beforeRename` runs when the new bytes are on disk
  /// under the temporary name (a fault point).
  static func write(_ bytes: [UInt8], to path: String, beforeRename: () -> Void = {}) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary = "\(folder.isEmpty ? "." : folder)/.\(name).hub-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw HubError(.io, "\(path): cannot write: \(errorText())") }
    var ok = false
    defer { if !ok { unlink(temporary) } }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        let text = errorText()
        close(fd)
        throw HubError(.io, "\(path): cannot write: \(text); nothing was changed")
      }
      written += n
    }
    if fsync(fd) != 0 || close(fd) != 0 {
      throw HubError(.io, "\(path): cannot write: \(errorText()); nothing was changed")
    }
    beforeRename()
    guard rename(temporary, path) == 0 else { throw HubError(.io, "\(path): cannot replace: \(errorText()); nothing was changed") }
    ok = true
    syncFolder(folder.isEmpty ? "." : folder)
  }

  /// Writes `text` atomically.
  static func write(text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

  /// The file's bytes, or `nil` when it does not exist.
  static func read(_ path: String) throws -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      if access(path, F_OK) != 0 { return nil }
      throw HubError(.notAHub, "\(path): cannot read: \(errorText())")
    }
    defer { try? handle.close() }
    do {
      return Array(try handle.readToEnd() ?? Data())
    } catch {
      throw HubError(.io, "\(path): cannot read: \(error.localizedDescription)")
    }
  }

  /// Makes a folder (and its parents).
  static func makeFolder(_ path: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw HubError(.io, "\(path): cannot make the folder: \(error.localizedDescription)")
    }
  }

  static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  static func errorText() -> String { String(cString: strerror(errno)) }
}
