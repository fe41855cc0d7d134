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
  let progress: ProgressMeter?

  init(staging: String, progress: ProgressMeter?) {
    self.staging = staging
    self.progress = progress
  }

  /// Writes one member, complete on disk before the call returns; `name` is a relative
  /// `/`-separated path (folders are created).
  public func member(_ name: String, _ body: (ByteWriter) throws -> Void) throws {
    let parts = name.split(separator: "/")
    guard let last = parts.last, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
      throw CodecError(.unsupportedOperation, "invalid package member name '\(name)'")
    }
    // Subfolders are made one by one below the staging folder, never the staging folder
    // itself: once an interrupted run has removed it, nothing can bring it back.
    var folder = staging
    for part in parts.dropLast() {
      folder += "/" + part
      guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
        throw CodecError(.cannotCreateOutput, "cannot create \(folder): \(AtomicFile.lastError())", location: SourceLocation(file: folder))
      }
    }
    try AtomicFile.writeNew(folder + "/" + last, progress: progress, body)
    names.append(parts.joined(separator: "/"))
  }
}

extension CodecOutput {
  /// Writes a package of files: a zip archive when the output's name ends in `.zip`, else a
  /// folder. Members are staged beside the output and the package is put in place only when
  /// every member was written and synced, so a failure leaves nothing half-done.
  ///
  /// An existing output is replaced only with ``overwrite``, and only when it is a package
  /// itself: a folder that holds nothing but files a package writes (`datapackage.json`,
  /// `*.csv`, ...), never one with other files, never a folder holding an input, never
  /// through a symbolic link.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for standard output or memory (a
  ///   package is several files), `.cannotCreateOutput` as for ``checkWritable()`` and for the
  ///   folders above.
  public func writePackage(memberSuffixes: [String] = [".csv", ".json"], _ body: (PackageWriter) throws -> Void) throws {
    guard case .file(let given) = destination else {
      throw CodecError(.unsupportedOperation, "this format is a folder of files or a .zip; it cannot go to standard output",
                       note: "name an output folder, or a file ending in .zip")
    }
    let path = CodecOutput.trimmed(given)
    let zip = path.lowercased().hasSuffix(".zip")
    if zip {
      try checkWritable()
    } else {
      try checkWritableFolder(path, memberSuffixes: memberSuffixes)
    }
    let staging = try AtomicFile.createTemporaryFolder(beside: path)
    var moved = false
    defer { if !moved { TemporaryItems.remove(staging) } }

    let writer = PackageWriter(staging: staging, progress: progress)
    try body(writer)
    AtomicFile.syncFolder(staging)
    if zip {
      try writeArchive(of: writer, to: path)
    } else {
      try replaceFolder(path, with: staging)
      moved = true
    }
  }

  /// Builds the archive inside the staging folder (which goes, with it, on failure or
  /// interruption), then puts it in place.
  private func writeArchive(of writer: PackageWriter, to path: String) throws {
    let temporary = writer.staging + "/.archive.zip"
    do {
      let archive = try Archive(url: URL(fileURLWithPath: temporary), accessMode: .create)
      for name in writer.names {
        if let now {
          try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: writer.staging + "/" + name)
        }
        try archive.addEntry(with: name, fileURL: URL(fileURLWithPath: writer.staging + "/" + name),
                             compressionMethod: .deflate)
      }
    } catch {
      throw CodecError(.io, "cannot write the archive: \(ForeignError.words(error))", location: SourceLocation(file: path))
    }
    let fd2 = open(temporary, O_RDONLY | O_CLOEXEC)
    if fd2 >= 0 {
      fsync(fd2)
      close(fd2)
    }
    try AtomicFile.commit(temporary, to: path, overwrite: overwrite)
  }

  /// Checks that a package folder may be written here (``writePackage(memberSuffixes:_:)``'s
  /// own check, with its default members), without writing: call before decoding a large input.
  public func checkWritablePackageFolder(memberSuffixes: [String] = [".csv", ".json"]) throws {
    guard case .file(let given) = destination else { return }
    try checkWritableFolder(CodecOutput.trimmed(given), memberSuffixes: memberSuffixes)
  }

  /// The existing folder at this output's path that a codec updates file by file (Obsidian
  /// notes written into a vault's folder, each note replaced whole and atomically, nothing
  /// else touched), or `nil` when there is no folder there: a `.zip`, a new folder or a file
  /// go through ``writePackage(memberSuffixes:_:)`` and ``checkWritablePackageFolder(memberSuffixes:)``.
  ///
  /// - Throws: ``CodecError`` `.cannotCreateOutput` without ``overwrite``, for a symbolic link,
  ///   for a folder that is an input or holds one (inputs are never written over).
  public func existingFolderToUpdate() throws -> String? {
    guard case .file(let given) = destination else { return nil }
    let path = CodecOutput.trimmed(given)
    var info = stat()
    guard !path.lowercased().hasSuffix(".zip"), lstat(path, &info) == 0 else { return nil }
    let location = SourceLocation(file: path)
    if (info.st_mode & S_IFMT) == S_IFLNK {
      throw CodecError(.cannotCreateOutput, "output is a symbolic link; name the folder it points to", location: location)
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
    if isProtected(info) {
      throw CodecError(.cannotCreateOutput, "output is the same folder as an input; refusing to write into it", location: location,
                       note: "write to a copy of the folder, or to a new folder")
    }
    if !overwrite {
      throw CodecError(.cannotCreateOutput, "output folder exists", location: location,
                       note: "pass --force to write the notes into it (other files are left as they are)")
    }
    let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    for input in protectedPaths {
      let resolved = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
      if resolved.hasPrefix(root + "/") {
        throw CodecError(.cannotCreateOutput, "output folder holds an input (\(input)); refusing to write into it",
                         location: location, note: "write to a copy of the folder, or to a new folder")
      }
      // Inside a folder read (a vault's habits folder, the vault given): its notes are inputs.
      if root.hasPrefix(resolved + "/") {
        throw CodecError(.cannotCreateOutput, "output folder is inside an input (\(input)); refusing to write into it",
                         location: location, note: "write from a file (convert the input to .trackport.json first), or into a copy")
      }
    }
    return path
  }

  /// Checks a folder output as ``checkWritable()`` checks a file, and more: what `--force`
  /// would remove must be an earlier package, not a folder of the user's own.
  private func checkWritableFolder(_ path: String, memberSuffixes: [String]) throws {
    let location = SourceLocation(file: path)
    var info = stat()
    if lstat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFLNK {
        throw CodecError(.cannotCreateOutput, "output is a symbolic link; name the folder it points to", location: location)
      }
      if isProtected(info) {
        throw CodecError(.cannotCreateOutput, "output is the same folder as an input; refusing to replace it", location: location)
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw CodecError(.cannotCreateOutput, "output exists and is not a folder", location: location)
      }
      if !overwrite {
        throw CodecError(.cannotCreateOutput, "output folder exists", location: location, note: "pass --force to replace it")
      }
      let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
      for input in protectedPaths {
        let resolved = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
        if resolved.hasPrefix(root + "/") {
          throw CodecError(.cannotCreateOutput, "output folder holds an input (\(input)); refusing to replace it",
                           location: location)
        }
      }
      let contents = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
      let foreign = contents.filter { entry in
        var isDirectory: ObjCBool = false
        // An entry that cannot be looked at (a dangling link) counts as foreign: refuse.
        let exists = FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &isDirectory)
        return !(exists && isDirectory.boolValue) && !memberSuffixes.contains { entry.lowercased().hasSuffix($0) }
      }
      if let first = foreign.first {
        throw CodecError(.cannotCreateOutput, "output folder holds files a package does not write (\(first)); refusing to replace it",
                         location: location, note: "name a new or empty folder, or an earlier package's folder")
      }
    }
    var isDirectory: ObjCBool = false
    let parent = CodecOutput.folder(of: path)
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CodecError(.cannotCreateOutput, "folder \(parent) does not exist", location: location)
    }
  }

  /// Puts the staged folder at `path`; an existing folder (allowed by ``checkWritableFolder``)
  /// is moved aside first, removed only once the new one is in place, and moved back if that
  /// fails. A crash between the two renames leaves the old package at `.<name>.trackport-*.old`.
  private func replaceFolder(_ path: String, with staging: String) throws {
    let location = SourceLocation(file: path)
    let aside = staging + ".old"
    try TemporaryItems.putInPlace(staging, as: path, leaving: [aside]) {
      try moveFolder(staging, to: path, aside: aside, location: location)
    }
    TemporaryItems.remove(aside)
    AtomicFile.syncFolder(CodecOutput.folder(of: path))
  }

  private func moveFolder(_ staging: String, to path: String, aside: String, location: SourceLocation) throws {
    if access(path, F_OK) != 0 {
      guard rename(staging, path) == 0 else {
        throw CodecError(.cannotCreateOutput, "cannot move the finished folder into place: \(AtomicFile.lastError())", location: location)
      }
    } else {
      guard overwrite else {
        throw CodecError(.cannotCreateOutput, "output folder exists", location: location, note: "pass --force to replace it")
      }
      guard rename(path, aside) == 0 else {
        throw CodecError(.cannotCreateOutput, "cannot move the old folder aside: \(AtomicFile.lastError())", location: location)
      }
      guard rename(staging, path) == 0 else {
        let reason = AtomicFile.lastError()
        let restored = rename(aside, path) == 0
        throw CodecError(.cannotCreateOutput, "cannot move the finished folder into place: \(reason)", location: location,
                         note: restored ? "the old folder is back in place" : "the old folder is at \(aside)")
      }
    }
  }
}
