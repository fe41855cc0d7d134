import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The halves of an atomic write: a temporary file or folder beside the target, and the move
/// that puts it in place only when it is complete.
///
/// Temporaries are created with the modes a plain create would give (0666 / 0777 less the
/// umask, applied by the kernel): the umask is never read or changed, which would race with
/// other threads creating files.
enum AtomicFile {
  /// Creates `.<name>.trackport-<random><suffix>` in the target's folder (same file system, so
  /// the final rename is atomic) and returns its descriptor and path.
  static func createTemporary(beside path: String, suffix: String = "") throws -> (fd: Int32, path: String) {
    try createUnique(beside: path, suffix: suffix) { candidate in
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      return fd >= 0 ? fd : nil
    }
  }

  /// Creates a temporary folder beside `path`, for a package's members.
  static func createTemporaryFolder(beside path: String) throws -> String {
    try createUnique(beside: path, suffix: "") { candidate in mkdir(candidate, 0o777) == 0 ? 0 : nil }.path
  }

  private static func createUnique(beside path: String, suffix: String,
                                   _ make: (String) -> Int32?) throws -> (fd: Int32, path: String) {
    let folder = CodecOutput.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    for _ in 0..<64 {
      let candidate = "\(folder)/.\(name).trackport-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))\(suffix)"
      var fd: Int32 = -1
      // Recorded as it is made, so an interrupted run removes it (TemporaryItems).
      if TemporaryItems.create({ make(candidate).map { fd = $0; return candidate } }) != nil { return (fd, candidate) }
      guard errno == EEXIST else { break }
    }
    throw CodecError(.cannotCreateOutput, "cannot create a file in \(folder): \(lastError())",
                     location: SourceLocation(file: path))
  }

  /// Writes through `body` into a new file at `path` (which must not exist), flushes, syncs and
  /// closes it, checking each step: a member written this way is complete on disk.
  static func writeNew(_ path: String, progress: ProgressMeter? = nil, _ body: (ByteWriter) throws -> Void) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else {
      throw CodecError(.cannotCreateOutput, "cannot create \(path): \(lastError())", location: SourceLocation(file: path))
    }
    try fill(fd, path: path, progress: progress, body)
  }

  /// Runs `body` over `fd`, then flushes, syncs and closes it; closes it on failure too.
  static func fill(_ fd: Int32, path: String, progress: ProgressMeter? = nil, _ body: (ByteWriter) throws -> Void) throws {
    let location = SourceLocation(file: path)
    do {
      let writer = ByteWriter(descriptor: fd)
      writer.progress = progress
      try body(writer)
      try writer.flush()
      guard fsync(fd) == 0 else { throw CodecError(.io, "cannot sync: \(lastError())", location: location) }
    } catch {
      close(fd)
      throw error
    }
    guard close(fd) == 0 else { throw CodecError(.io, "cannot close: \(lastError())", location: location) }
  }

  /// Moves a finished temporary file to `path`, giving it the mode of the file it replaces,
  /// without replacing an existing file unless `overwrite`.
  static func commit(_ temporary: String, to path: String, overwrite: Bool) throws {
    let location = SourceLocation(file: path)
    var existing = stat()
    if stat(path, &existing) == 0 { chmod(temporary, existing.st_mode & 0o7777) }
    try TemporaryItems.putInPlace(temporary, as: path) { try move(temporary, to: path, overwrite: overwrite, location: location) }
    syncFolder(CodecOutput.folder(of: path))
  }

  private static func move(_ temporary: String, to path: String, overwrite: Bool, location: SourceLocation) throws {
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
  }

  /// Makes renames and new entries in a folder durable; best effort (some file systems refuse).
  static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
