import Foundation
import TrackerModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written to memory: for tests, plugins and in-process round trips.
public final class MemoryOutput: @unchecked Sendable {
  /// Everything written so far.
  public internal(set) var bytes: [UInt8] = []
  /// An empty buffer, to pass as ``CodecOutput/Destination/memory(_:)``.
  public init() {}
}

/// Where a codec writes: a file (atomically), standard output (`-`), or memory.
///
/// A file is written to a temporary file beside it and renamed into place only when the codec
/// finished without error, so a failed conversion never leaves a half-written file and never
/// damages what was there. An existing file is replaced only with ``overwrite``; a file that is
/// one of ``protectedPaths`` (the inputs) is never replaced.
public struct CodecOutput: Sendable {
  /// Where the bytes go.
  public enum Destination: Sendable {
    /// A path: written atomically; a package format makes it a folder, or a zip by its name.
    case file(String)
    /// `-`: written as produced; a package format refuses it.
    case standardOutput
    /// Memory, for tests and in-process round trips; a package format refuses it.
    case memory(MemoryOutput)
  }

  /// Where the bytes go.
  public let destination: Destination
  /// Replace an existing file (`--force`).
  public var overwrite: Bool
  /// Paths that must never be replaced (the conversion's inputs), compared by file identity.
  public var protectedPaths: [String]
  /// Told the bytes written as they go, for a progress display; `nil` for none.
  public var progress: ProgressMeter?
  /// The modification time of the members of a `.zip` package written
  /// (``writePackage(memberSuffixes:_:)``), so that the same files give the same archive
  /// (``CodecContext/now``); `nil` for the time they were written.
  public var now: Date?

  /// An output to `destination`, replacing an existing file only with `overwrite` and never one
  /// of `protectedPaths`.
  public init(_ destination: Destination, overwrite: Bool = false, protectedPaths: [String] = []) {
    self.destination = destination
    self.overwrite = overwrite
    self.protectedPaths = protectedPaths
  }

  /// `-` means standard output.
  public init(path: String, overwrite: Bool = false, protectedPaths: [String] = []) {
    self.init(path == "-" ? .standardOutput : .file(path), overwrite: overwrite,
              protectedPaths: protectedPaths)
  }

  /// The name used in diagnostics.
  public var displayName: String {
    switch destination {
    case .file(let path): path
    case .standardOutput: "-"
    case .memory: "(memory)"
    }
  }

  /// The lower-cased file name ending, as for ``CodecInput/fileExtension``.
  public var fileExtension: String? {
    guard case .file(let path) = destination else { return nil }
    return CodecInput.extensionOf(path)
  }

  /// Checks that the output may be created, without creating it: call before decoding a large
  /// input, so a refused output fails fast.
  public func checkWritable() throws {
    guard case .file(let path) = destination else { return }
    let location = SourceLocation(file: path)
    var info = stat()
    if stat(path, &info) == 0 {
      if isProtected(info) {
        throw CodecError(.cannotCreateOutput, "output is the same file as an input; refusing to replace it",
                         location: location)
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw CodecError(.cannotCreateOutput, "output is an existing folder", location: location)
      }
      if (info.st_mode & S_IFMT) != S_IFREG {
        throw CodecError(.cannotCreateOutput, "output exists and is not a regular file (a device, pipe or socket)",
                         location: location, note: "write to standard output with '-' and redirect instead")
      }
      if !overwrite {
        throw CodecError(.cannotCreateOutput, "output file exists", location: location,
                         note: "pass --force to replace it")
      }
    }
    let folder = CodecOutput.folder(of: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CodecError(.cannotCreateOutput, "folder \(folder) does not exist", location: location)
    }
  }

  /// Whether the existing output `info` describes is one of ``protectedPaths`` (the same device
  /// and inode, so another spelling of an input's path, or a link to it, is caught).
  func isProtected(_ info: stat) -> Bool {
    protectedPaths.contains { input in
      var other = stat()
      return stat(input, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino
    }
  }

  /// Runs `body` with a writer and commits the result: renamed into place for a file, flushed
  /// for standard output.
  public func write(_ body: (ByteWriter) throws -> Void) throws {
    switch destination {
    case .memory(let memory):
      let writer = ByteWriter(memory: memory)
      writer.progress = progress
      try body(writer)
      try writer.flush()
    case .standardOutput:
      let writer = ByteWriter(descriptor: STDOUT_FILENO)
      writer.progress = progress
      try body(writer)
      try writer.flush()
    case .file(let path):
      try checkWritable()
      try writeAtomically(path, body)
    }
  }

  private func writeAtomically(_ path: String, _ body: (ByteWriter) throws -> Void) throws {
    let (fd, temporary) = try AtomicFile.createTemporary(beside: path)
    var committed = false
    defer {
      if !committed { TemporaryItems.remove(temporary) }
    }
    try AtomicFile.fill(fd, path: path, progress: progress, body)
    try AtomicFile.commit(temporary, to: path, overwrite: overwrite)
    committed = true
  }

  /// The folder holding `path` (`.` for a bare name); a trailing `/` of `path` is ignored.
  static func folder(of path: String) -> String {
    let path = trimmed(path)
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }
}

extension CodecOutput {
  /// `path` without trailing slashes (`export/` names the folder `export`), `/` kept.
  static func trimmed(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
