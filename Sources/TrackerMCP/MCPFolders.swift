import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders an assistant may name files in: `--allow-read` for `inspect_file` and
/// `convert_file`'s input, `--allow-write` for `convert_file`'s output.
///
/// A path is taken relative to an allowed folder (or absolute, inside one) and refused with a
/// clear error when it has a `..` segment (`parent-reference-refused`), when its real path
/// (symbolic links resolved) is not that folder's path and its own segments — a link anywhere
/// below the folder, even one pointing inside it (`symlink-refused`) — or when it leads out of
/// every allowed folder (`outside-allowed-folder`). Files are then opened without following a
/// link, so a link put in place after the check is refused too.
public struct MCPFolders: Sendable, Equatable {
  /// The real paths of the `--allow-read` folders.
  public let readable: [String]
  /// The real path of the `--allow-write` folder, if any.
  public let writable: String?

  /// The folders as given on the command line, resolved.
  ///
  /// - Throws: ``MCPToolError`` `not-allowed` naming a folder that does not exist or is not one.
  public init(allowRead: [String], allowWrite: String?) throws(MCPToolError) {
    readable = try allowRead.map { folder throws(MCPToolError) in try Self.folder(folder, flag: "--allow-read") }
    writable = try allowWrite.map { folder throws(MCPToolError) in try Self.folder(folder, flag: "--allow-write") }
  }

  /// The real path of a folder named on the command line.
  static func folder(_ path: String, flag: String) throws(MCPToolError) -> String {
    var info = stat()
    guard let real = realPath(path), stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw MCPToolError("not-allowed", "\(flag) \(path): no such folder")
    }
    return real
  }

  /// `path` resolved with every link (`nil` when it does not exist).
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The real path of an existing file the assistant may read.
  public func readablePath(_ given: String) throws(MCPToolError) -> String {
    guard !readable.isEmpty else {
      throw MCPToolError("not-allowed", "\(given): this server reads no files but its datasets (start it with --allow-read FOLDER)")
    }
    let (root, segments) = try place(given, in: readable)
    let path = ([root] + segments).joined(separator: "/")
    guard let real = Self.realPath(path) else { throw MCPToolError("cannot-read", "\(given): no such file") }
    guard real == path else {
      throw MCPToolError("symlink-refused", "\(given): a symbolic link is on the way; name the file itself, inside \(root)")
    }
    return real
  }

  /// The path of a new file the assistant may write: in the `--allow-write` folder or a folder
  /// of it that exists, not existing yet.
  public func writablePath(_ given: String) throws(MCPToolError) -> String {
    guard let writable else {
      throw MCPToolError("write-not-allowed", "\(given): this server writes nothing (start it with --allow-write FOLDER)")
    }
    let (root, segments) = try place(given, in: [writable])
    guard let name = segments.last else { throw MCPToolError.argument("output", "name a file inside \(root)") }
    let parent = ([root] + segments.dropLast()).joined(separator: "/")
    guard let real = Self.realPath(parent) else { throw MCPToolError("cannot-write", "\(given): its folder does not exist") }
    guard real == parent else {
      throw MCPToolError("symlink-refused", "\(given): a symbolic link is on the way; name a file inside \(root)")
    }
    var info = stat()
    if lstat(parent + "/" + name, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFLNK {
        throw MCPToolError("symlink-refused", "\(given): is a symbolic link")
      }
      throw MCPToolError("output-exists", "\(given): already exists; name a new file (nothing is replaced)")
    }
    return parent + "/" + name
  }

  /// The allowed folder `given` is in and its segments below it. A relative path is taken in
  /// the first folder in which it exists (the first one when it exists in none).
  func place(_ given: String, in roots: [String]) throws(MCPToolError) -> (root: String, segments: [String]) {
    guard !given.isEmpty, !given.contains("\0") else { throw MCPToolError.argument("path", "name a file") }
    let segments = given.split(separator: "/").map(String.init).filter { $0 != "." }
    if segments.contains("..") {
      throw MCPToolError("parent-reference-refused", "\(given): paths with '..' are refused; name the file inside an allowed folder")
    }
    if given.hasPrefix("/") {
      let absolute = "/" + segments.joined(separator: "/")
      for root in roots where absolute.hasPrefix(root + "/") {
        return (root, absolute.dropFirst(root.count + 1).split(separator: "/").map(String.init))
      }
      throw MCPToolError("outside-allowed-folder",
                         "\(given): outside the folders this server may use (\(roots.joined(separator: ", ")))")
    }
    guard !segments.isEmpty else { throw MCPToolError.argument("path", "name a file, not a folder") }
    let root = roots.first { access(([$0] + segments).joined(separator: "/"), F_OK) == 0 } ?? roots[0]
    return (root, segments)
  }
}
