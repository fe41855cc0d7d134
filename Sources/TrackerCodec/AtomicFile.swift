import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two halves of an atomic write: a temporary file beside the target, and the move that
/// puts it in place only when it is complete.
enum AtomicFile {
  /// Creates `.<name>.trackport-XXXXXX` in the target's folder (same file system, so the final
  /// rename is atomic) and returns its descriptor and path.
  static func createTemporary(beside path: String, suffix: String = "") throws -> (fd: Int32, path: String) {
    let folder = CodecOutput.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array("\(folder)/.\(name).trackport-XXXXXX\(suffix)".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemps($0, Int32(suffix.utf8.count)) } ?? -1
    }
    guard fd >= 0 else {
      throw CodecError(.cannotCreateOutput, "cannot create a file in \(folder): \(lastError())",
                       location: SourceLocation(file: path))
    }
    return (fd, String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// Moves a finished temporary file to `path`, giving it the mode of the file it replaces (or
  /// what a plain create would give), without replacing an existing file unless `overwrite`.
  static func commit(_ temporary: String, to path: String, overwrite: Bool) throws {
    let location = SourceLocation(file: path)
    var existing = stat()
    if stat(path, &existing) == 0 {
      chmod(temporary, existing.st_mode & 0o7777)
    } else {
      let mask = umask(0)
      umask(mask)
      chmod(temporary, 0o666 & ~mask)
    }
    if overwrite {
      guard rename(temporary, path) == 0 else {
        throw CodecError(.cannotCreateOutput, "cannot move the finished file into place: \(lastError())", location: location)
      }
    } else if link(temporary, path) == 0 {
      // link(2) fails when the name exists, so a file that appeared since the output was
      // checked is never replaced without --force.
      unlink(temporary)
    } else if errno == EEXIST {
      throw CodecError(.cannotCreateOutput, "output file exists", location: location, note: "pass --force to replace it")
    } else if access(path, F_OK) != 0, rename(temporary, path) == 0 {
      // A file system without hard links: the check-then-rename fallback.
    } else {
      throw CodecError(.cannotCreateOutput, "cannot move the finished file into place: \(lastError())", location: location)
    }
    syncFolder(CodecOutput.folder(of: path))
  }

  /// Makes a rename durable; best effort (some file systems refuse it).
  static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
