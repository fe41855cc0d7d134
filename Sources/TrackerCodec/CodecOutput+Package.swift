import Foundation
import TrackerModel
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the members of a package, each through a ``ByteWriter``.
public final class PackageWriter {
  /// The staging folder the members are written into before the package is put in place.
  let staging: String
  private(set) var names: [String] = []

  init(staging: String) { self.staging = staging }

  /// Writes one member; `name` is a relative `/`-separated path (folders are created).
  public func member(_ name: String, _ body: (ByteWriter) throws -> Void) throws {
    let parts = name.split(separator: "/")
    guard !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
      throw CodecError(.unsupportedOperation, "invalid package member name '\(name)'")
    }
    let path = staging + "/" + parts.joined(separator: "/")
    try FileManager.default.createDirectory(atPath: CodecOutput.folder(of: path), withIntermediateDirectories: true)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw CodecError(.cannotCreateOutput, "cannot create \(name): \(AtomicFile.lastError())") }
    defer { close(fd) }
    let writer = ByteWriter(descriptor: fd)
    try body(writer)
    try writer.flush()
    names.append(parts.joined(separator: "/"))
  }
}

extension CodecOutput {
  /// Writes a package of files: a zip archive when the output's name ends in `.zip`, else a
  /// folder. Members are staged beside the output and the package is put in place only when
  /// every member was written, so a failure leaves nothing half-done. An existing output is
  /// replaced only with ``overwrite``, and never when it is one of ``protectedPaths``.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for standard output or memory (a
  ///   package is several files), `.cannotCreateOutput` as for ``checkWritable()``.
  public func writePackage(_ body: (PackageWriter) throws -> Void) throws {
    guard case .file(let path) = destination else {
      throw CodecError(.unsupportedOperation, "this format is a folder of files or a .zip; it cannot go to standard output",
                       note: "name an output folder, or a file ending in .zip")
    }
    let zip = path.lowercased().hasSuffix(".zip")
    if zip { try checkWritable() } else { try checkWritableFolder(path) }

    let parent = CodecOutput.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array("\(parent)/.\(name).trackport-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) != nil } ?? false }
    guard made else {
      throw CodecError(.cannotCreateOutput, "cannot create a folder in \(parent): \(AtomicFile.lastError())",
                       location: SourceLocation(file: path))
    }
    let staging = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var moved = false
    defer { if !moved { try? FileManager.default.removeItem(atPath: staging) } }

    let writer = PackageWriter(staging: staging)
    try body(writer)
    if zip {
      try writeArchive(of: writer, to: path)
    } else {
      try replaceFolder(path, with: staging)
      moved = true
    }
  }

  private func writeArchive(of writer: PackageWriter, to path: String) throws {
    let (fd, temporary) = try AtomicFile.createTemporary(beside: path, suffix: ".zip")
    close(fd)
    var committed = false
    defer { if !committed { unlink(temporary) } }
    do {
      unlink(temporary)  // ZIPFoundation creates the archive file itself.
      let archive = try Archive(url: URL(fileURLWithPath: temporary), accessMode: .create)
      for name in writer.names {
        try archive.addEntry(with: name, fileURL: URL(fileURLWithPath: writer.staging + "/" + name),
                             compressionMethod: .deflate)
      }
    } catch {
      throw CodecError(.io, "cannot write the archive: \(error)", location: SourceLocation(file: path))
    }
    try AtomicFile.commit(temporary, to: path, overwrite: overwrite)
    committed = true
  }

  /// Checks a folder output as ``checkWritable()`` checks a file.
  private func checkWritableFolder(_ path: String) throws {
    let location = SourceLocation(file: path)
    var info = stat()
    if stat(path, &info) == 0 {
      if isProtected(info) {
        throw CodecError(.cannotCreateOutput, "output is the same folder as an input; refusing to replace it", location: location)
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw CodecError(.cannotCreateOutput, "output exists and is not a folder", location: location)
      }
      if !overwrite {
        throw CodecError(.cannotCreateOutput, "output folder exists", location: location, note: "pass --force to replace it")
      }
    }
    var isDirectory: ObjCBool = false
    let parent = CodecOutput.folder(of: path)
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CodecError(.cannotCreateOutput, "folder \(parent) does not exist", location: location)
    }
  }

  /// Puts the staged folder at `path`; an existing folder (allowed by ``checkWritableFolder``)
  /// is moved aside first and removed only once the new one is in place.
  private func replaceFolder(_ path: String, with staging: String) throws {
    let location = SourceLocation(file: path)
    chmod(staging, 0o755 & ~CodecOutput.umaskValue())
    if access(path, F_OK) != 0 {
      guard rename(staging, path) == 0 else {
        throw CodecError(.cannotCreateOutput, "cannot move the finished folder into place: \(AtomicFile.lastError())", location: location)
      }
    } else {
      guard overwrite else {
        throw CodecError(.cannotCreateOutput, "output folder exists", location: location, note: "pass --force to replace it")
      }
      let aside = staging + ".old"
      guard rename(path, aside) == 0 else {
        throw CodecError(.cannotCreateOutput, "cannot move the old folder aside: \(AtomicFile.lastError())", location: location)
      }
      guard rename(staging, path) == 0 else {
        let reason = AtomicFile.lastError()
        rename(aside, path)
        throw CodecError(.cannotCreateOutput, "cannot move the finished folder into place: \(reason)", location: location)
      }
      try? FileManager.default.removeItem(atPath: aside)
    }
    AtomicFile.syncFolder(CodecOutput.folder(of: path))
  }

  static func umaskValue() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
  }
}
