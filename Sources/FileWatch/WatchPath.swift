#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as the watcher compares them: absolute, `.` and `..` taken out by their text, no
/// doubled or trailing `/`. Symbolic links are not resolved, so a change is reported under the
/// path the caller named.
enum WatchPath {
  /// `path` made absolute against the working folder and normalised.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : workingFolder() + "/" + path
    var parts: [Substring] = []
    for part in full.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `name` inside the folder `folder`.
  static func join(_ folder: String, _ name: String) -> String {
    folder == "/" ? "/" + name : folder + "/" + name
  }

  /// The folder holding `path`; `/` for `/` itself.
  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// The names leading from `folder` down to `path`, or `nil` when `path` is not inside it
  /// (`folder` itself is not inside).
  static func components(of path: String, under folder: String) -> [Substring]? {
    // Bytes, not characters: a name starting with a combining mark would make one
    // character of it and the `/` before, and two names the same but for their Unicode
    // normalisation are two files.
    let prefix = folder == "/" ? "/" : folder + "/"
    guard path.utf8.count > prefix.utf8.count, path.utf8.starts(with: prefix.utf8) else { return nil }
    return Substring(path.utf8.dropFirst(prefix.utf8.count)).split(separator: "/")
  }

  /// Whether `path` is `ancestor` or inside it.
  static func isSelfOrInside(_ path: String, _ ancestor: String) -> Bool {
    path.utf8.elementsEqual(ancestor.utf8) || components(of: path, under: ancestor) != nil
  }

  private static func workingFolder() -> String {
    guard let folder = getcwd(nil, 0) else { return "/" }
    defer { free(folder) }
    return String(cString: folder)
  }
}
